import type { HoneypotMetrics } from '@console/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { COMMAND_EVENT } from './cowrie.js'
import { rowsOf } from '../sql-rows.js'
import { HOUR_MS, hourOf, type RollupKind } from './store.js'

export const TOTAL_WINDOW_MS = 24 * HOUR_MS
export const TOP_WINDOW_MS = 14 * 24 * HOUR_MS
export const TOP_LIMIT = 10

/**
 * A window [from, now] read as: whole hourly rollup buckets from the first full hour on, plus the
 * raw rows of the partial hour at its old edge. Exact to the millisecond at a bounded cost (at
 * most one hour of raw rows) however many events exist.
 */
export function windowEdges(now: number, length: number): { from: Date; edgeEnd: Date } {
  const from = now - length
  const edgeEnd = hourOf(from) === from ? from : hourOf(from) + HOUR_MS
  return { from: new Date(from), edgeEnd: new Date(edgeEnd) }
}

const iso = (date: Date): string => date.toISOString()

async function top(db: Db, kind: RollupKind, edge: SQL, edgeEnd: Date): Promise<Array<{ value: string; count: number }>> {
  const rows = rowsOf<{ value: string; count: string | number }>(
    await db.execute(sql`
    SELECT value, sum(count)::bigint AS count FROM (
      SELECT value, count FROM honeypot_rollups WHERE kind = ${kind} AND bucket >= ${iso(edgeEnd)}::timestamptz
      UNION ALL ${edge}
    ) AS counted
    GROUP BY value
    -- Ties break by value in byte order, the same on PGlite and on any PostgreSQL locale.
    ORDER BY count DESC, value COLLATE "C" ASC
    LIMIT ${TOP_LIMIT}`)
  )
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }))
}

export async function honeypotMetrics(db: Db, now: number = Date.now()): Promise<HoneypotMetrics> {
  const day = windowEdges(now, TOTAL_WINDOW_MS)
  const [totalRow] = rowsOf<{ total: string | number }>(
    await db.execute(sql`
    SELECT
      (SELECT coalesce(sum(count), 0) FROM honeypot_rollups WHERE kind = 'sessions' AND bucket >= ${iso(day.edgeEnd)}::timestamptz)
      + (SELECT count(*) FROM honeypot_sessions
         WHERE started_at >= ${iso(day.from)}::timestamptz AND started_at < ${iso(day.edgeEnd)}::timestamptz) AS total`)
  )

  const { from, edgeEnd } = windowEdges(now, TOP_WINDOW_MS)
  const sessionsIn = sql`started_at >= ${iso(from)}::timestamptz AND started_at < ${iso(edgeEnd)}::timestamptz`
  const eventsIn = sql`ts >= ${iso(from)}::timestamptz AND ts < ${iso(edgeEnd)}::timestamptz`
  const asns = await top(db, 'asn', sql`SELECT asn, count(*) FROM honeypot_sessions WHERE ${sessionsIn} GROUP BY asn`, edgeEnd)
  const countries = await top(
    db,
    'country',
    sql`SELECT country, count(*) FROM honeypot_sessions WHERE ${sessionsIn} GROUP BY country`,
    edgeEnd
  )
  const commands = await top(
    db,
    'command',
    sql`SELECT input, count(*) FROM honeypot_events
    WHERE ${eventsIn} AND eventid = ${COMMAND_EVENT} AND input <> '' GROUP BY input`,
    edgeEnd
  )
  const hashes = await top(
    db,
    'hash',
    sql`SELECT shasum, count(*) FROM honeypot_events
    WHERE ${eventsIn} AND eventid IN ('cowrie.session.file_download', 'cowrie.session.file_upload') AND shasum <> ''
    GROUP BY shasum`,
    edgeEnd
  )

  return {
    total_attacks: Number(totalRow?.total ?? 0),
    top_asns: asns.map(({ value, count }) => ({ asn: value, count })),
    top_countries: countries.map(({ value, count }) => ({ country: value, count })),
    top_commands: commands.map(({ value, count }) => ({ command: value, count })),
    top_hashes: hashes.map(({ value, count }) => ({ hash: value, count }))
  }
}
