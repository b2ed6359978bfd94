import { StrategicDashboard, TenantParams } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { cachedDetail } from '../../../../../lib/detect/cached-detail.js'
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
    // Its findings aggregates read every finding of the fleet (seconds at 10,000 devices): served
    // from the DETECT cache, built once for all concurrent callers and again after any write of
    // the tenant (its data version) or the cache TTL (the 30-day chart moves with the clock).
    async (request, reply) =>
      await cachedDetail(request, reply, 'dashboard:strategic', async () => await strategicDashboard(app.db, request.tenantUid))
  )
}
