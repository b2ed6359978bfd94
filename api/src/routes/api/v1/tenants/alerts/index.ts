import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { count, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { Type, type Static } from 'typebox'
import { alerts, devices, type Alert as AlertRow } from '../../../../../db/schema/index.js'
import { cachedDetail } from '../../../../../lib/detect/cached-detail.js'
import { bumpTenantData } from '../../../../../lib/data-version.js'
import { likePattern, orderBy, paging } from '../../../../../lib/listing.js'
import { found, owned, uidOr404 } from '../../../../../lib/tenant-scope.js'
import { regenerateSummary } from '../../../../../lib/detect/summary.js'
import { responses } from '../../../../../lib/schemas.js'
import { alertIngestRoutes } from './ingest.js'
import { Alert, AlertList, AlertListQuery, AlertParams, AlertPatch } from './schemas.js'

const TenantOnly = Type.Object({ tenant: Type.String() })

const ALERT_ORDERING = {
  name: [alerts.name],
  status: [alerts.status],
  priority: [alerts.priorityRank],
  elastic_alert_created_at: [alerts.elasticAlertCreatedAt],
  device_hostname: [devices.hostname]
}

/**
 * Associated alerts resolved in the same round trip: elastic_alert_id → uid of that alert in the
 * SAME tenant (the outer alert's tenant_uid), found through alerts_tenant_elastic_id_idx.
 */
const LINKS_JSON = sql<Record<string, string>>`coalesce((select json_object_agg(o.elastic_alert_id, o.uid)
  from ${alerts} o where o.tenant_uid = "alerts"."tenant_uid"
  and o.elastic_alert_id in (select x->>'elastic_alert_id' from jsonb_array_elements("alerts"."associated_alert_ids") x)), '{}'::json)`

type Status = 'OPEN' | 'CLOSED'
type Priority = 'Critical' | 'High' | 'Medium' | 'Low'

/** Alerts of the caller's tenant (spec §7 "Alerts" + the list the spec lacks). */
export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app
  await app.register(alertIngestRoutes)

  /** Alert + hostname, associated alerts resolved to this tenant's uids (null when unknown). */
  async function alertDetail (tenantUid: string, uid: string) {
    const [row] = await db.select({ alert: alerts, hostname: devices.hostname, links: LINKS_JSON }).from(alerts)
      .leftJoin(devices, eq(devices.uid, alerts.deviceUid))
      .where(owned(alerts, tenantUid, eq(alerts.uid, uidOr404(uid))))
    const { alert, hostname, links } = found(row)
    return present(alert, hostname, new Map(Object.entries(links)))
  }

  const present = (alert: AlertRow, hostname: string | null, links: Map<string, string>) => ({
    uid: alert.uid,
    name: alert.name,
    device: alert.deviceUid,
    device_hostname: hostname,
    status: alert.status as Status,
    priority: alert.priority as Priority,
    indicator: alert.indicator,
    description: alert.description,
    recommendation: alert.recommendation,
    summary: alert.summary,
    event_data: alert.eventData,
    elastic_alert_created_at: alert.elasticAlertCreatedAt.toISOString(),
    associated_alert_ids: alert.associatedAlertIds.map((a) => ({
      elastic_rule_name: a.elastic_rule_name,
      elastic_alert_id: a.elastic_alert_id,
      link: links.get(a.elastic_alert_id) ?? null
    })),
    mitre_ids: alert.mitreIds,
    model: alert.model,
    elastic_rule_id: alert.elasticRuleId,
    elastic_alert_id: alert.elasticAlertId,
    elastic_rule_name: alert.elasticRuleName,
    elastic_index: alert.elasticIndex,
    created_at: alert.createdAt.toISOString(),
    updated_at: alert.updatedAt.toISOString()
  })

  app.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['alerts'],
      summary: 'Alerts of the tenant: search, status, ordering, limit/offset',
      params: TenantOnly,
      querystring: AlertListQuery,
      response: responses({ 200: AlertList }, 400, 401, 404)
    }
  }, async (request) => {
    const { search, status, ordering } = request.query
    const { limit, offset } = paging(request.query, 10, 200)
    const order = orderBy(ordering, '-elastic_alert_created_at', ALERT_ORDERING, [alerts.uid])
    let matches: SQL | undefined
    if (search !== undefined && search.trim() !== '') {
      const pattern = likePattern(search.trim())
      matches = or(ilike(alerts.name, pattern), ilike(devices.hostname, pattern), ilike(alerts.description, pattern))
    }
    const where = owned(alerts, request.tenantUid, status === undefined ? undefined : eq(alerts.status, status), matches)
    const [total] = await db.select({ n: count() }).from(alerts).leftJoin(devices, eq(devices.uid, alerts.deviceUid)).where(where)
    const rows = await db.select({
      uid: alerts.uid,
      name: alerts.name,
      device: alerts.deviceUid,
      device_hostname: devices.hostname,
      status: alerts.status,
      priority: alerts.priority,
      created: alerts.elasticAlertCreatedAt
    }).from(alerts).leftJoin(devices, eq(devices.uid, alerts.deviceUid))
      .where(where).orderBy(...order).limit(limit).offset(offset)
    return {
      count: total?.n ?? 0,
      results: rows.map(({ created, ...row }) => ({
        ...row,
        status: row.status as Status,
        priority: row.priority as Priority,
        elastic_alert_created_at: created.toISOString()
      }))
    }
  })

  app.get('/:uid/', {
    schema: {
      tags: ['alerts'],
      summary: 'One alert with event data and associated alerts (link = uid in this tenant, or null)',
      params: AlertParams,
      response: responses({ 200: Alert }, 401, 404)
    }
  }, async (request, reply) => {
    const uid = uidOr404(request.params.uid)
    return cachedDetail(request, reply, `alert:${uid}`, async (): Promise<Static<typeof Alert>> => alertDetail(request.tenantUid, uid))
  })

  app.patch('/:uid/', {
    schema: {
      tags: ['alerts'],
      summary: 'Set the alert status (OPEN or CLOSED); the tenant summary is regenerated',
      params: AlertParams,
      body: AlertPatch,
      response: responses({ 200: Alert }, 400, 401, 403, 404, 415)
    }
  }, async (request) => {
    const uid = uidOr404(request.params.uid)
    const updated = await db.update(alerts).set({ status: request.body.status, updatedAt: new Date() })
      .where(owned(alerts, request.tenantUid, eq(alerts.uid, uid))).returning({ uid: alerts.uid })
    found(updated[0])
    bumpTenantData(request.tenantUid)
    await regenerateSummary(db, request.tenantUid)
    return alertDetail(request.tenantUid, uid)
  })
}
