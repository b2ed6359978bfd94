import { Alert, AlertList, AlertListQuery, AlertParams, AlertPatch, TenantParams } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { alertDetail, listAlerts, setAlertStatus } from '../../../../../lib/detect/alerts.js'
import { cachedDetail } from '../../../../../lib/detect/cached-detail.js'
import { uidOr404 } from '../../../../../lib/tenant-scope.js'
import { responses } from '../../../../../lib/schemas.js'
import { alertIngestRoutes } from './ingest.js'

/** Alerts of the caller's tenant (spec §7 "Alerts" + the list the spec lacks). */
export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app
  await app.register(alertIngestRoutes)

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['alerts'],
        summary: 'Alerts of the tenant: search, status, ordering, limit/offset',
        params: TenantParams,
        querystring: AlertListQuery,
        response: responses({ 200: AlertList }, 400, 401, 404)
      }
    },
    async (request) => await listAlerts(db, request.tenantUid, request.query)
  )

  app.get(
    '/:uid/',
    {
      schema: {
        tags: ['alerts'],
        summary: 'One alert with event data and associated alerts (link = uid in this tenant, or null)',
        params: AlertParams,
        response: responses({ 200: Alert }, 401, 404)
      }
    },
    async (request, reply) => {
      const uid = uidOr404(request.params.uid)
      return cachedDetail(
        request,
        reply,
        `alert:${uid}`,
        async (): Promise<Alert> => await alertDetail(db, request.tenantUid, uid)
      )
    }
  )

  app.patch(
    '/:uid/',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Set the alert status (OPEN or CLOSED); the tenant summary is regenerated',
        params: AlertParams,
        body: AlertPatch,
        response: responses({ 200: Alert }, 400, 401, 403, 404, 415)
      }
    },
    async (request) => await setAlertStatus(db, request.tenantUid, request.params.uid, request.body.status)
  )
}
