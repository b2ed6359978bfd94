import type { FastifyPluginAsync } from 'fastify'
import { reportTokenPlugin } from '../../../../plugins/app/report-token.js'
import { cliRoutes } from './cli/index.js'
import { licensePolicyRoutes } from './license-policy.js'
import { reportRoutes } from './reports/index.js'

/** INSIGHTS (`/api/v1/insights`): reports of the caller's tenant, the scan upload, the license policy. */
export const insightsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(reportTokenPlugin)
  await app.register(reportRoutes, { prefix: '/reports' })
  await app.register(cliRoutes, { prefix: '/cli' })
  await app.register(licensePolicyRoutes, { prefix: '/license-policy' })
}
