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
    // Ten queries (~0.1–0.3 s on PGlite beside a browser): served from the DETECT cache, built
    // once for all concurrent callers and again after any write of the tenant (its data version).
    // The 30-day chart moves with the UTC day, which is part of the key.
    async (request, reply) => {
      const now = new Date()
      const day = now.toISOString().slice(0, 10)
      return await cachedDetail(
        request,
        reply,
        `dashboard:strategic:${day}`,
        async () => await strategicDashboard(app.db, request.tenantUid, now)
      )
    }
  )
}
