import type { AlertFilter, AlertPriority, AlertStatus } from '@console/contracts'
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { alerts, devices, type Alert as AlertRow } from '../../db/schema/index.js'
import type { CsvTable } from '../csv.js'
import {
  anyOf,
  filterKey,
  instant,
  likePattern,
  oneOf,
  orderBy,
  pageRows,
  paging,
  uidFilter,
  uncachedCount,
  within,
  type CountCache,
  type ListQuery
} from '../listing.js'
import { exportRows, isoText, textSelection, type ExportColumns } from '../sql-cursor.js'
import { found, owned, uidOr404 } from '../tenant-scope.js'
import { alertCount, rolledUp } from './alert-count.js'
import { alertUidsByWords } from './alert-search-words.js'
import { dayPage } from './alert-day-page.js'
import { PRIORITIES } from './priority.js'

/**
 * The DETECT alerts routes' reads (`/api/v1/tenants/{tenant}/alerts/...`; status changes are
 * alert-status.ts, the ingest elastic-alerts.ts), scoped with `owned(alerts, tenantUid, ...)`.
 * Answers are in the wire shape.
 */

export const ALERT_ORDERING = {
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

/** What the list, its CSV export and a bulk change of "all N matching" filter by (the contract's alertFilterFields). */
export type AlertFilterQuery = Omit<AlertFilter, 'status'> & { status?: AlertStatus | undefined }

/**
 * The WHERE of the tenant's alerts matching the list's filters, over `alerts LEFT JOIN devices`
 * (the search reads the hostname). Bad values → 400 naming what is allowed.
 */
export function alertFilterWhere(tenantUid: string, filter: AlertFilterQuery, byWords?: string[]): SQL {
  const { search, status } = filter
  const priorities = oneOf(filter.priority, 'priority', PRIORITIES)
  const device = uidFilter(filter.device, 'device')
  const after = instant(filter.created_after, 'created_after')
  const before = instant(filter.created_before, 'created_before')
  let matches: SQL | undefined
  if (search !== undefined && search.trim() !== '') {
    const pattern = likePattern(search.trim())
    // Two index-friendly halves instead of one OR across the join (which read every alert): the
    // alert's own text through its trigram indexes (or the uids alertUidsByWords found), and the
    // alerts of the devices whose hostname matches.
    const text =
      byWords === undefined
        ? sql`select s.uid from ${alerts} s where s.tenant_uid = ${tenantUid} and (s.name ilike ${pattern} or s.description ilike ${pattern})`
        : sql`select unnest(${`{${byWords.join(',')}}`}::uuid[])` // one array literal, not a parameter per uid
    matches = sql`${alerts.uid} in (
      ${text}
      union all
      select s.uid from ${devices} d join ${alerts} s on s.tenant_uid = d.tenant_uid and s.device_uid = d.uid
      where d.tenant_uid = ${tenantUid} and d.hostname ilike ${pattern})`
  }
  return owned(
    alerts,
    tenantUid,
    status === undefined ? undefined : eq(alerts.status, status),
    anyOf(alerts.priority, priorities),
    device === undefined ? undefined : eq(alerts.deviceUid, device),
    filter.rule === undefined || filter.rule === '' ? undefined : eq(alerts.elasticRuleName, filter.rule),
    within(alerts.elasticAlertCreatedAt, after, before),
    matches
  )
}

/**
 * The uids of a page ordered by hostname (`descending`; `reverse`: the opposite list, see
 * pageWindow), in the order ALERT_ORDERING gives: hostname, then uid; alerts without a device
 * last (first when reversed). Joined the other way round (every alert, then its device) a page
 * sorted all alerts (~3 s at a million); here the devices are read in hostname order through
 * their index and each one's alerts through alerts_device_idx, so a page reads about offset +
 * limit alerts (PostgreSQL sorts the alerts of one hostname by uid as it goes). An alert's device
 * is always of its tenant (ingest checks it), so the join also names the tenant.
 */
function hostnamePage(db: Db, where: SQL, page: { limit: number; offset: number }, descending: boolean, reverse: boolean) {
  const enough = page.offset + page.limit
  const byUid = reverse ? desc(alerts.uid) : asc(alerts.uid)
  const withDevice = db
    .select({ uid: alerts.uid, hostname: devices.hostname })
    .from(alerts)
    .innerJoin(devices, and(eq(devices.uid, alerts.deviceUid), eq(devices.tenantUid, alerts.tenantUid)))
    .where(where)
    .orderBy(descending ? desc(devices.hostname) : asc(devices.hostname), byUid)
    .limit(enough)
  const orphans = db
    .select({ uid: alerts.uid })
    .from(alerts)
    .where(and(where, isNull(alerts.deviceUid)))
    .orderBy(byUid)
    .limit(enough)
  const direction = sql.raw(descending ? 'desc' : 'asc')
  // The uid tie-break and the alerts without a device (after every hostname) both turn with the
  // list: reversed, the orphans come first.
  const turned = sql.raw(reverse ? 'desc' : 'asc')
  return sql`(select x.uid from (
    select d.uid, d.hostname, 0 as orphan from (${withDevice}) d
    union all
    select o.uid, null, 1 from (${orphans}) o
  ) x order by x.orphan ${turned}, x.hostname ${direction}, x.uid ${turned}
  limit ${page.limit} offset ${page.offset})`
}

/** Alerts of the tenant: the filters (search, status, priority, device, rule, time range), ordering, limit/offset. */
export async function listAlerts(
  db: Db,
  tenantUid: string,
  query: ListQuery & AlertFilterQuery,
  countCache: CountCache = uncachedCount
) {
  const paged = paging(query, 10, 200)
  const ordering = query.ordering ?? ''
  const ordered = (reverse: boolean) =>
    orderBy(ordering, '-elastic_alert_created_at', ALERT_ORDERING, [alerts.uid], alerts, reverse)
  ordered(false) // a bad ordering is a 400 whatever the total
  const search = (query.search ?? '').trim()
  const byWords = search === '' ? undefined : await alertUidsByWords(db, tenantUid, search)
  const where = alertFilterWhere(tenantUid, query, byWords)
  // Counting a million alerts costs more than the page: the total is kept until the data changes.
  const total = await countCache(
    `alerts-count:${filterKey(query)}`,
    async () => await alertCount(db, tenantUid, query, (filter) => alertFilterWhere(tenantUid, filter, byWords))
  )
  // The page's alerts first, from the alerts alone (an index scan), then their devices: joining
  // before the offset would look up the device of every alert skipped. By hostname the page is
  // read in the devices' order (hostnamePage).
  const descending = ordering.startsWith('-')
  const byHostname = ordering.replace(/^-/, '') === 'device_hostname'
  // In time order without a time range, a page starts from the day the rollups place it in (dayPage).
  const newestFirst = ordering === '' || ordering === '-elastic_alert_created_at'
  const byDay =
    (newestFirst || ordering === 'elastic_alert_created_at') &&
    rolledUp(query) &&
    (query.created_after ?? '').trim() === '' &&
    (query.created_before ?? '').trim() === ''
  const rows = await pageRows(total, paged, async ({ limit, offset, reverse }) => {
    const order = ordered(reverse)
    const page = byHostname
      ? hostnamePage(db, where, { limit, offset }, descending !== reverse, reverse)
      : byDay
        ? dayPage(tenantUid, query, where, order, { limit, offset }, newestFirst !== reverse)
        : db
            .select({ uid: alerts.uid })
            .from(alerts)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset)
    return await db
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
      .where(inArray(alerts.uid, page))
      .orderBy(...order)
  })
  return {
    count: total,
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

const ALERT_EXPORT: ExportColumns = {
  uid: alerts.uid,
  name: alerts.name,
  status: alerts.status,
  priority: alerts.priority,
  device: alerts.deviceUid,
  device_hostname: devices.hostname,
  elastic_rule_name: alerts.elasticRuleName,
  elastic_alert_id: alerts.elasticAlertId,
  elastic_alert_created_at: isoText(alerts.elasticAlertCreatedAt),
  updated_at: isoText(alerts.updatedAt)
}

/** The CSV export of the list: the same filters and ordering, every matching row, read through a cursor. */
export function alertExport(db: Db, tenantUid: string, query: AlertFilterQuery & { ordering?: string | undefined }): CsvTable {
  const where = alertFilterWhere(tenantUid, query)
  const order = orderBy(query.ordering, '-elastic_alert_created_at', ALERT_ORDERING, [alerts.uid], alerts)
  const select = db
    .select(textSelection(ALERT_EXPORT))
    .from(alerts)
    .leftJoin(devices, eq(devices.uid, alerts.deviceUid))
    .where(where)
    .orderBy(...order)
  const header = Object.keys(ALERT_EXPORT)
  return { name: 'alerts', header, batches: exportRows(db, select, header) }
}
