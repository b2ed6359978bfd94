import type { AlertPriority, AlertStatus } from '@console/contracts'
import { count, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { alerts, devices, type Alert as AlertRow } from '../../db/schema/index.js'
import { bumpTenantData } from '../data-version.js'
import { likePattern, orderBy, paging, type ListQuery } from '../listing.js'
import { found, owned, uidOr404 } from '../tenant-scope.js'
import { regenerateSummary } from './summary.js'

/**
 * Every query of the DETECT alerts routes (`/api/v1/tenants/{tenant}/alerts/...`; the ingest is
 * elastic-alerts.ts), scoped with `owned(alerts, tenantUid, ...)`. Answers are in the wire shape.
 */

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

const present = (alert: AlertRow, hostname: string | null, links: Map<string, string>) => ({
  uid: alert.uid,
  name: alert.name,
  device: alert.deviceUid,
  device_hostname: hostname,
  status: alert.status as AlertStatus,
  priority: alert.priority as AlertPriority,
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

/** Alerts of the tenant: search (name, hostname, description), status, ordering, limit/offset. */
export async function listAlerts(db: Db, tenantUid: string, query: ListQuery & { status?: AlertStatus | undefined }) {
  const { search, status, ordering } = query
  const { limit, offset } = paging(query, 10, 200)
  const order = orderBy(ordering, '-elastic_alert_created_at', ALERT_ORDERING, [alerts.uid])
  let matches: SQL | undefined
  if (search !== undefined && search.trim() !== '') {
    const pattern = likePattern(search.trim())
    matches = or(ilike(alerts.name, pattern), ilike(devices.hostname, pattern), ilike(alerts.description, pattern))
  }
  const where = owned(alerts, tenantUid, status === undefined ? undefined : eq(alerts.status, status), matches)
  const [total] = await db.select({ n: count() }).from(alerts).leftJoin(devices, eq(devices.uid, alerts.deviceUid)).where(where)
  const rows = await db
    .select({
      uid: alerts.uid,
      name: alerts.name,
      device: alerts.deviceUid,
      device_hostname: devices.hostname,
      status: alerts.status,
      priority: alerts.priority,
      created: alerts.elasticAlertCreatedAt
    })
    .from(alerts)
    .leftJoin(devices, eq(devices.uid, alerts.deviceUid))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
  return {
    count: total?.n ?? 0,
    results: rows.map(({ created, ...row }) => ({
      ...row,
      status: row.status as AlertStatus,
      priority: row.priority as AlertPriority,
      elastic_alert_created_at: created.toISOString()
    }))
  }
}

/** One alert with its hostname, associated alerts resolved to this tenant's uids (null when unknown). */
export async function alertDetail(db: Db, tenantUid: string, uid: string) {
  const [row] = await db
    .select({ alert: alerts, hostname: devices.hostname, links: LINKS_JSON })
    .from(alerts)
    .leftJoin(devices, eq(devices.uid, alerts.deviceUid))
    .where(owned(alerts, tenantUid, eq(alerts.uid, uidOr404(uid))))
  const { alert, hostname, links } = found(row)
  return present(alert, hostname, new Map(Object.entries(links)))
}

/** Sets the status, regenerates the tenant summary, answers the alert as `alertDetail` does. */
export async function setAlertStatus(db: Db, tenantUid: string, uid: string, status: AlertStatus) {
  const updated = await db
    .update(alerts)
    .set({ status, updatedAt: new Date() })
    .where(owned(alerts, tenantUid, eq(alerts.uid, uidOr404(uid))))
    .returning({ uid: alerts.uid })
  found(updated[0])
  bumpTenantData(tenantUid)
  await regenerateSummary(db, tenantUid)
  return await alertDetail(db, tenantUid, uid)
}
