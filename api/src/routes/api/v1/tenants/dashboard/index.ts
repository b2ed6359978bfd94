import { StrategicDashboard, TenantParams } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { strategicDashboard } from '../../../../../lib/detect/dashboard.js'
import { responses } from '../../../../../lib/schemas.js'

/** Dashboard aggregates (Strategic Overview): devices by risk/type, alerts over time, top packages, CVEs. */
export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/strategic/',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Strategic Overview aggregates of the tenant',
        params: TenantParams,
        response: responses({ 200: StrategicDashboard }, 401, 404)
      }
    },
    async (request) => strategicDashboard(app.db, request.tenantUid)
  )
}
