import type { FastifyPluginAsync } from 'fastify'
import { insightsScannerRoutes } from './scanner.js'
import { scanRoute } from './scan.js'

/** `/v1/insights/cli/...`: what runs outside the console (the scan upload; the scanner script). */
export const cliRoutes: FastifyPluginAsync = async (app) => {
  await app.register(scanRoute)
  await app.register(insightsScannerRoutes, { prefix: '/scanner' })
}
