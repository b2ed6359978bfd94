import type { AlertPriority } from '@console/contracts'
import { count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { alertRollups, alerts } from '../../db/schema/index.js'
import { instant, oneOf } from '../listing.js'
import { owned } from '../tenant-scope.js'
import { PRIORITIES } from './priority.js'

/** The list's filters that decide whether the rollups can count (AlertFilterQuery's). */
export interface TimeFiltered {
  search?: string | undefined
  status?: string | undefined
  priority?: string | undefined
  device?: string | undefined
  rule?: string | undefined
  created_after?: string | undefined
  created_before?: string | undefined
}

const DAY = 86_400_000

/** No filter alert_rollups cannot answer (a search, a device, a rule); a time range is checked apart. */
export const rolledUp = (filter: TimeFiltered): boolean =>
  (filter.search ?? '').trim() === '' && (filter.device ?? '').trim() === '' && (filter.rule ?? '') === ''

/** The tenant's alert_rollups rows of the filter's status and priorities. */
export function rollupWhere(tenantUid: string, filter: TimeFiltered, ...more: Array<SQL | undefined>): SQL {
  const priorities = oneOf(filter.priority, 'priority', PRIORITIES) as AlertPriority[] | undefined
  return owned(
    alertRollups,
    tenantUid,
    filter.status === undefined ? undefined : eq(alertRollups.status, filter.status),
    priorities === undefined ? undefined : inArray(alertRollups.priority, priorities),
    ...more
  )
}
const utcDay = (time: number): string => new Date(time).toISOString().slice(0, 10)

/**
 * How many of the tenant's alerts match `filter`. A time range (the list's "last 7 days") moves
 * with every call, so its count is never cached, and counting ~80,000 alerts of a week read
 * ~30,000 index and visibility-map pages: when only status, priority and time filter, the whole
 * UTC days inside the range are summed from alert_rollups (kept exact by the alerts trigger,
 * migration 0024) and only the part-days at its ends are counted row by row. `where` is the
 * list's WHERE for a filter (alertFilterWhere).
 */
export async function alertCount<F extends TimeFiltered>(
  db: Db,
  tenantUid: string,
  filter: F,
  where: (filter: F) => SQL
): Promise<number> {
  const rowCount = async (part: F) => {
    const [row] = await db.select({ n: count() }).from(alerts).where(where(part))
    return row?.n ?? 0
  }
  const after = instant(filter.created_after, 'created_after')
  const before = instant(filter.created_before, 'created_before')
  if (!rolledUp(filter) || (after === undefined && before === undefined)) return await rowCount(filter)
  // Whole days: from the first midnight at or after `after` to the last midnight at or before `before`.
  const first = after === undefined ? undefined : Math.ceil(after.getTime() / DAY) * DAY
  const last = before === undefined ? undefined : Math.floor(before.getTime() / DAY) * DAY
  if (first !== undefined && last !== undefined && first >= last) return await rowCount(filter)
  const [days] = await db
    .select({ n: sql<number>`coalesce(sum(${alertRollups.alerts}), 0)`.mapWith(Number) })
    .from(alertRollups)
    .where(
      rollupWhere(
        tenantUid,
        filter,
        first === undefined ? undefined : gte(alertRollups.day, utcDay(first)),
        last === undefined ? undefined : lt(alertRollups.day, utcDay(last))
      )
    )
  const iso = (time: number) => new Date(time).toISOString()
  const head = first === undefined ? 0 : await rowCount({ ...filter, created_before: iso(first) })
  const tail = last === undefined ? 0 : await rowCount({ ...filter, created_after: iso(last) })
  return (days?.n ?? 0) + head + tail
}
