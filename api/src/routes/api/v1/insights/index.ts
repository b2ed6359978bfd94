import type { FastifyPluginAsync } from 'fastify'
import { reportTokenPlugin } from '../../../../plugins/app/report-token.js'
import { cliRoutes } from './cli/index.js'
import { reportRoutes } from './reports/index.js'

/** INSIGHTS (`/api/v1/insights`): reports of the caller's tenant, and the scan upload. */
export const insightsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(reportTokenPlugin)
  await app.register(reportRoutes, { prefix: '/reports' })
  await app.register(cliRoutes, { prefix: '/cli' })
}
