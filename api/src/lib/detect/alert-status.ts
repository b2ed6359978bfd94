import type { AlertBulkStatus, AlertBulkStatusAnswer, AlertHistory, AlertStatus, TrailQuery } from '@console/contracts'
import { eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { alerts, alertStatusHistory, devices } from '../../db/schema/index.js'
import type { Actor } from '../actor.js'
import { bumpTenantData } from '../data-version.js'
import { HttpError, NOT_FOUND } from '../http-error.js'
import { paging } from '../listing.js'
import { json } from '../sql-params.js'
import { rowsOf } from '../sql-rows.js'
import { isUuid, owned, uidOr404 } from '../tenant-scope.js'
import { trail } from '../trail.js'
import { alertDetail, alertFilterWhere } from './alerts.js'
import { regenerateSummary } from './summary.js'

/**
 * Alert status changes, one alert (PATCH) or many (bulk-status), and their history. Every change
 * writes one `alert_status_history` row (who, when, from → to, comment) in the same statement that
 * changes the alert, so a status never changes without its trail. An alert already in the
 * requested status is left alone and nothing is recorded for it.
 */

interface Change {
  status: AlertStatus
  actor: Actor
  comment: string
}

interface Changed {
  matched: number
  changed: number
  /** uids of `uids` that named no alert of the tenant (uid mode only). */
  missing: string[]
}

/**
 * One statement, set-based: lock the matching alerts (`target`, over alerts LEFT JOIN devices),
 * change those in another status, and record each change. `uids` (uid mode) also answers which of
 * them named no alert of the tenant.
 */
async function changeStatuses(db: Db, tenantUid: string, target: SQL, { status, actor, comment }: Change, uids?: string[]) {
  const missing =
    uids === undefined
      ? sql`'[]'`
      : sql`(select coalesce(json_agg(x.value), '[]'::json)::text from jsonb_array_elements_text(${json(uids)}) x
          where not exists (select 1 from old where old.uid = x.value::uuid))`
  const result = await db.execute(sql`
    with old as (
      select ${alerts.uid} as uid, ${alerts.status} as status
      from ${alerts} left join ${devices} on ${devices.uid} = ${alerts.deviceUid}
      where ${target}
      for update of ${alerts}
    ), changed as (
      update ${alerts} set status = ${status}, updated_at = now()
      from old where ${alerts.uid} = old.uid and old.status <> ${status}
      returning ${alerts.uid} as uid, old.status as from_status
    ), recorded as (
      insert into ${alertStatusHistory}
        (tenant_uid, alert_uid, from_status, to_status, comment, actor_kind, actor_uid, actor_label)
      select ${tenantUid}::uuid, uid, from_status, ${status}, ${comment}, ${actor.kind}, ${actor.uid}::uuid, ${actor.label}
      from changed
      returning 1
    )
    select (select count(*) from old)::int as matched, (select count(*) from recorded)::int as changed, ${missing} as missing`)
  const [row] = rowsOf<{ matched: number; changed: number; missing: string }>(result)
  return { matched: row?.matched ?? 0, changed: row?.changed ?? 0, missing: JSON.parse(row?.missing ?? '[]') as string[] }
}

/** After alerts changed: cached DETECT answers and the tenant summary (once, whatever the count). */
async function afterChange(db: Db, tenantUid: string, { changed }: Changed): Promise<void> {
  if (changed === 0) return
  bumpTenantData(tenantUid)
  await regenerateSummary(db, tenantUid)
}

const cleanComment = (comment: string | undefined): string => comment?.trim() ?? ''

/** Sets one alert's status (recorded unless it already had it), answers the alert as `alertDetail` does. */
export async function setAlertStatus(
  db: Db,
  tenantUid: string,
  uid: string,
  status: AlertStatus,
  actor: Actor,
  comment?: string
) {
  const target = owned(alerts, tenantUid, eq(alerts.uid, uidOr404(uid)))
  const result = await changeStatuses(db, tenantUid, target, { status, actor, comment: cleanComment(comment) })
  if (result.matched === 0) throw new HttpError(404, NOT_FOUND)
  await afterChange(db, tenantUid, result)
  return await alertDetail(db, tenantUid, uid)
}

const EITHER = 'Send either uids (the alerts to change) or filter (every alert the list shows with those filters), not both.'
const NOT_A_UID = 'Not an alert uid.'
// The same words for an unknown uid and another tenant's: nothing tells them apart.
const NO_SUCH_ALERT = 'No alert of this tenant has this uid.'

/**
 * Closes or reopens many alerts in one statement: the listed `uids` (a bad one is rejected by its
 * index, the others change) or every alert matching `filter` (the list's filters: "select all N
 * matching"). The summary is regenerated once.
 */
export async function bulkSetAlertStatus(
  db: Db,
  tenantUid: string,
  body: AlertBulkStatus,
  actor: Actor
): Promise<AlertBulkStatusAnswer> {
  if ((body.uids === undefined) === (body.filter === undefined)) throw new HttpError(400, EITHER)
  const change = { status: body.status, actor, comment: cleanComment(body.comment) }
  if (body.filter !== undefined) {
    const result = await changeStatuses(db, tenantUid, alertFilterWhere(tenantUid, body.filter), change)
    await afterChange(db, tenantUid, result)
    return { matched: result.matched, changed: result.changed, unchanged: result.matched - result.changed, rejected: [] }
  }

  const rejected: AlertBulkStatusAnswer['rejected'] = []
  const firstIndex = new Map<string, number>()
  body.uids!.forEach((given, index) => {
    const uid = given.trim().toLowerCase()
    const seen = firstIndex.get(uid)
    if (!isUuid(uid)) rejected.push({ index, uid: given, detail: NOT_A_UID })
    else if (seen !== undefined) rejected.push({ index, uid: given, detail: `Repeated: the same uid is at index ${seen}.` })
    else firstIndex.set(uid, index)
  })
  const uids = [...firstIndex.keys()]
  if (uids.length === 0) return { matched: 0, changed: 0, unchanged: 0, rejected }
  const target = owned(
    alerts,
    tenantUid,
    sql`${alerts.uid} = any(array(select (jsonb_array_elements_text(${json(uids)}))::uuid))`
  )
  const result = await changeStatuses(db, tenantUid, target, change, uids)
  await afterChange(db, tenantUid, result)
  for (const uid of result.missing) {
    const index = firstIndex.get(uid)!
    rejected.push({ index, uid: body.uids![index]!, detail: NO_SUCH_ALERT })
  }
  rejected.sort((a, b) => a.index - b.index)
  return { matched: result.matched, changed: result.changed, unchanged: result.matched - result.changed, rejected }
}

/** An alert's status changes, newest first; 404 when the alert is not the tenant's. */
export async function alertHistory(db: Db, tenantUid: string, uid: string, query: TrailQuery): Promise<AlertHistory> {
  const alertUid = uidOr404(uid)
  const { limit, offset } = paging(query, 100, 1000)
  const [exists] = await db
    .select({ uid: alerts.uid })
    .from(alerts)
    .where(owned(alerts, tenantUid, eq(alerts.uid, alertUid)))
  if (exists === undefined) throw new HttpError(404, NOT_FOUND)
  const where = owned(alertStatusHistory, tenantUid, eq(alertStatusHistory.alertUid, alertUid))
  return await trail(db, alertStatusHistory, where, { limit, offset }, (row) => ({
    from_status: row.fromStatus as AlertStatus,
    to_status: row.toStatus as AlertStatus,
    comment: row.comment
  }))
}
