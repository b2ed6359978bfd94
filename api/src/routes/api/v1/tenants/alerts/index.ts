import { Alert, AlertList, AlertListQuery, AlertParams, AlertPatch } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { alertDetail, listAlerts, setAlertStatus } from '../../../../../lib/detect/alerts.js'
import { cachedDetailRoute, pagedListRoute, patchItemRoute } from '../../../../item-routes.js'
import { alertIngestRoutes } from './ingest.js'

/** Alerts of the caller's tenant (spec §7 "Alerts" + the list the spec lacks). */
export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(alertIngestRoutes)

  const item = { tag: 'alerts', params: AlertParams }
  const listSummary = 'Alerts of the tenant: search, status, ordering, limit/offset'
  pagedListRoute(app, { tag: item.tag, summary: listSummary, querystring: AlertListQuery, response: AlertList }, listAlerts)
  const detailSummary = 'One alert with event data and associated alerts (link = uid in this tenant, or null)'
  cachedDetailRoute(app, { ...item, summary: detailSummary, response: Alert, cacheKey: 'alert' }, alertDetail)
  const patchSummary = 'Set the alert status (OPEN or CLOSED); the tenant summary is regenerated'
  patchItemRoute(
    app,
    { ...item, summary: patchSummary, body: AlertPatch, response: Alert },
    async (db, tenantUid, uid, changes) => await setAlertStatus(db, tenantUid, uid, changes.status)
  )
}
