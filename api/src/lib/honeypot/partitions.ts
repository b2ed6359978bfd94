import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { errorCode, innermostError } from '../../db/errors.js'
import { rowsOf } from '../sql-rows.js'
import { DAY_MS, dayOf } from './window.js'

/**
 * honeypot_events is partitioned by UTC day (migration 0023): one table per day, named
 * honeypot_events_YYYYMMDD. A day's partition is created before its first events are stored;
 * retention drops the days wholly before its cutoff (DROP TABLE: no rows deleted one by one, no
 * dead rows left for a vacuum, which the embedded PGlite never runs).
 */

const PARENT = 'honeypot_events'
const NAME = /^honeypot_events_(\d{4})(\d{2})(\d{2})$/

/** The partition of the UTC day starting at `day` (ms). Digits only: safe to write into SQL. */
export const partitionName = (day: number): string => `${PARENT}_${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`

/** Days this process knows have a partition, per database handle (tests open many). */
const known = new WeakMap<Db, Set<number>>()
const knownDays = (db: Db): Set<number> => {
  let days = known.get(db)
  if (days === undefined) known.set(db, (days = new Set()))
  return days
}

/** Another process created the same partition at the same moment (duplicate relation or type). */
const CREATED_ELSEWHERE = new Set(['42P07', '23505'])

/** Creates the partitions of the days these instants fall on, where missing. */
export async function ensureEventPartitions(db: Db, instants: Iterable<Date>): Promise<void> {
  const days = knownDays(db)
  const wanted = new Set<number>()
  for (const instant of instants) wanted.add(dayOf(instant.getTime()))
  for (const day of [...wanted].sort((a, b) => a - b)) {
    if (days.has(day)) continue
    const from = new Date(day).toISOString()
    const to = new Date(day + DAY_MS).toISOString()
    try {
      await db.execute(
        sql.raw(
          `CREATE TABLE IF NOT EXISTS "${partitionName(day)}" PARTITION OF ${PARENT} FOR VALUES FROM ('${from}') TO ('${to}')`
        )
      )
    } catch (error) {
      if (!CREATED_ELSEWHERE.has(errorCode(innermostError(error)) ?? '')) throw error
    }
    days.add(day)
  }
}

/** The insert found no partition for a row: another process's retention dropped a day this one knew. */
export function missingPartition(error: unknown): boolean {
  const inner = innermostError(error)
  return errorCode(inner) === '23514' && /no partition/i.test(String((inner as { message?: unknown }).message))
}

/** Forgets which days have a partition (after a missing one was found). */
export function forgetEventPartitions(db: Db): void {
  known.delete(db)
}

/** The day partitions of honeypot_events, oldest first. */
export async function eventPartitions(db: Db): Promise<Array<{ name: string; day: number }>> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = ${PARENT}::regclass`)
  )
  return rows
    .flatMap(({ name }) => {
      const match = NAME.exec(name)
      return match === null ? [] : [{ name, day: Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) }]
    })
    .sort((a, b) => a.day - b.day)
}

/** Drops the partitions of the days wholly before `cutoff` (ms); resolves with the events they held. */
export async function dropEventDaysBefore(db: Db, cutoff: number): Promise<number> {
  let dropped = 0
  for (const { name, day } of await eventPartitions(db)) {
    if (day + DAY_MS > cutoff) break
    dropped += await db.transaction(async (tx) => {
      const [row] = rowsOf<{ n: number }>(await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM "${name}"`)))
      await tx.execute(sql.raw(`DROP TABLE "${name}"`))
      return Number(row?.n ?? 0)
    })
    knownDays(db).delete(day)
  }
  return dropped
}
