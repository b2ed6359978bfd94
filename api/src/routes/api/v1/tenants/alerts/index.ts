import {
  Alert,
  AlertBulkStatus,
  AlertBulkStatusAnswer,
  AlertExportQuery,
  AlertHistory,
  AlertList,
  AlertListQuery,
  AlertParams,
  AlertPatch,
  TenantParams,
  TrailQuery
} from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../../../../lib/actor.js'
import { alertHistory, bulkSetAlertStatus, setAlertStatus } from '../../../../../lib/detect/alert-status.js'
import { alertDetail, alertExport, listAlerts } from '../../../../../lib/detect/alerts.js'
import { responses } from '../../../../../lib/schemas.js'
import { TENANT_API_KEY_KIND } from '../../../../../plugins/app/api-key.js'
import { listAndExportRoutes } from '../../../../csv-export-route.js'
import { cachedDetailRoute, patchItemRoute } from '../../../../item-routes.js'
import { alertIngestRoutes } from './ingest.js'

/** Status changes are open to automation too (a SOAR closing what it resolved): recorded as the key. */
const SESSION_OR_KEY = { auth: 'cookie-or-api-key' as const, apiKeyKinds: [TENANT_API_KEY_KIND] }

/** Alerts of the caller's tenant (spec §7 "Alerts" + the list, bulk changes and history the spec lacks). */
export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(alertIngestRoutes)

  const item = { tag: 'alerts', params: AlertParams }
  const listSummary = 'Alerts of the tenant: search, status, priority, device, rule, time range; ordering, limit/offset'
  const exportSummary = 'The alert list as CSV: the same filters and ordering, every matching alert'
  const schemas = { querystring: AlertListQuery, response: AlertList, exportQuery: AlertExportQuery }
  listAndExportRoutes(app, { tag: item.tag, listSummary, exportSummary, ...schemas }, listAlerts, alertExport)
  const detailSummary = 'One alert with event data and associated alerts (link = uid in this tenant, or null)'
  cachedDetailRoute(app, { ...item, summary: detailSummary, response: Alert, cacheKey: 'alert' }, alertDetail)
  const patchSummary =
    'Set the alert status (OPEN or CLOSED) with an optional comment; a change is recorded in its history and the tenant summary is regenerated'
  patchItemRoute(
    app,
    { ...item, config: SESSION_OR_KEY, summary: patchSummary, body: AlertPatch, response: Alert },
    async (db, tenantUid, uid, changes, request) =>
      await setAlertStatus(db, tenantUid, uid, changes.status, actorOf(request), changes.comment)
  )

  app.post(
    '/bulk-status/',
    {
      config: SESSION_OR_KEY,
      schema: {
        tags: [item.tag],
        summary: 'Close or reopen many alerts at once: listed uids, or every alert matching the list filters',
        description:
          'One set-based change: each alert whose status changes gets one history entry (who, when, from, to, comment); ' +
          'an alert already in that status is counted as unchanged. A uid that is not a uid, repeats, or names no alert ' +
          'of the tenant is rejected by its index; the others change. The tenant summary is regenerated once.',
        params: TenantParams,
        body: AlertBulkStatus,
        response: responses({ 200: AlertBulkStatusAnswer }, 400, 401, 403, 404, 415)
      }
    },
    async (request) => await bulkSetAlertStatus(app.db, request.tenantUid, request.body, actorOf(request))
  )

  app.get(
    '/:uid/history/',
    {
      schema: {
        tags: [item.tag],
        summary: 'Status changes of one alert, newest first: who, when, from → to, comment',
        params: AlertParams,
        querystring: TrailQuery,
        response: responses({ 200: AlertHistory }, 400, 401, 404)
      }
    },
    async (request) => await alertHistory(app.db, request.tenantUid, request.params.uid, request.query)
  )
}
