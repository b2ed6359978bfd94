import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import { allValues, rawRows, type Counted } from './counts.js'
import type { RollupKind } from './store.js'
import { DAY_MS, dayOf, HOUR_MS } from './window.js'

/**
 * Per-value day and hour counts of the exported kinds (honeypot_value_days / _hours, migration
 * 0025): an export reads one row per value for its whole days and one per value of its partial
 * first day, plus the raw rows of its partial first hour. Exact, like counts.ts.
 */

export type ExportKind = Extract<RollupKind, 'src_ip' | 'hash' | 'url'>
export const EXPORT_KINDS: ReadonlySet<RollupKind> = new Set<ExportKind>(['src_ip', 'hash', 'url'])

/** Days kept in the per-value rows: the longest range (30 days), its partial first day and a spare. */
export const KEPT_DAYS = 32

export const dayNumber = (ms: number): number => Math.floor(ms / DAY_MS)

/** `'[lo:hi]={a,NULL,b}'`: a PostgreSQL array literal subscripted from `lo`, gaps null. */
export function countsLiteral(counts: Map<number, number>): string {
  const at = [...counts.keys()]
  const lo = Math.min(...at)
  const hi = Math.max(...at)
  const out: string[] = []
  for (let i = lo; i <= hi; i++) out.push(String(counts.get(i) ?? 'NULL'))
  return `[${lo}:${hi}]={${out.join(',')}}`
}

interface ValueRow {
  kind: string
  value_hash: string
  value: string
  /** Day number (value_days) or midnight ISO (value_hours). */
  at: number | string
  /** Subscript → count: day numbers, or hours of the day. */
  counts: Map<number, number>
}

/** The per-value rows of one stored batch, from its daily and hourly rollup rows (exported kinds only). */
export class ValueCounts {
  private readonly days = new Map<string, ValueRow>()
  private readonly hours = new Map<string, ValueRow>()

  /** One rollup row of the batch (store.ts): hourly rows feed the hours, daily rows the days. */
  add(row: { kind: string; bucket: string; value_hash: string; value: string; count: number }, hourly: boolean): void {
    if (!EXPORT_KINDS.has(row.kind as RollupKind)) return
    const ms = Date.parse(row.bucket)
    const day = dayOf(ms)
    const [map, key, at, slot] = hourly
      ? [this.hours, `${row.kind}\u0001${day}\u0001${row.value_hash}`, new Date(day).toISOString(), (ms - day) / HOUR_MS]
      : [this.days, `${row.kind}\u0001${row.value_hash}`, dayNumber(ms), dayNumber(ms)]
    let entry = map.get(key)
    if (entry === undefined) {
      map.set(key, (entry = { kind: row.kind, value_hash: row.value_hash, value: row.value, at, counts: new Map() }))
    }
    entry.counts.set(slot, (entry.counts.get(slot) ?? 0) + row.count)
    if (!hourly) entry.at = Math.max(entry.at as number, slot)
  }

  /** Adds the batch's counts in the transaction that stores it (one lock order, like the rollups). */
  async store(tx: Db): Promise<void> {
    if (this.days.size > 0) {
      const rows = [...this.days.values()].map((row) => ({ ...row, at: Number(row.at), counts: countsLiteral(row.counts) }))
      await tx.execute(sql`
        INSERT INTO honeypot_value_days (kind, value_hash, value, last_day, days)
        SELECT kind, value_hash, value, at, counts::bigint[]
        FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(kind text, value_hash uuid, value text, at int, counts text)
        ORDER BY kind, value_hash
        ON CONFLICT (kind, value_hash) DO UPDATE SET
          last_day = greatest(honeypot_value_days.last_day, excluded.last_day),
          days = honeypot_add_counts(honeypot_value_days.days, excluded.days)`)
    }
    if (this.hours.size > 0) {
      const rows = [...this.hours.values()].map((row) => ({ ...row, counts: countsLiteral(row.counts) }))
      await tx.execute(sql`
        INSERT INTO honeypot_value_hours (kind, bucket, value_hash, value, hours)
        SELECT kind, at, value_hash, value, counts::bigint[]
        FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(kind text, at timestamptz, value_hash uuid, value text,
          counts text)
        ORDER BY kind, at, value_hash
        ON CONFLICT (kind, bucket, value_hash) DO UPDATE SET hours = honeypot_add_counts(honeypot_value_hours.hours, excluded.hours)`)
    }
  }
}

const ceilTo = (ms: number, unit: number): number => Math.ceil(ms / unit) * unit

/**
 * Every value of an exported kind from `from` to now (and the hour ahead ingest accepts) with its
 * count, most first (ties by value in byte order), at most `limit`: the same answer as
 * counts.ts's allValues, from about one row per value. A window older than the kept days (not a
 * range the page offers) is summed from the rollups instead.
 */
export async function exportValues(db: Db, kind: ExportKind, from: number, limit: number, now = Date.now()): Promise<Counted[]> {
  if (dayOf(from) < dayOf(now) - (KEPT_DAYS - 1) * DAY_MS) return await allValues(db, kind, from, null, limit)
  const firstHour = ceilTo(from, HOUR_MS)
  const firstDay = ceilTo(firstHour, DAY_MS)
  const parts = [
    sql`SELECT value, (SELECT sum(c) FROM unnest(days[${dayNumber(firstDay)}:]) AS c) AS count FROM honeypot_value_days
      WHERE kind = ${kind} AND last_day >= ${dayNumber(firstDay)}`
  ]
  if (firstHour < firstDay) {
    const hour = (firstHour - dayOf(firstHour)) / HOUR_MS
    parts.push(sql`SELECT value, (SELECT sum(c) FROM unnest(hours[${hour}:23]) AS c) AS count FROM honeypot_value_hours
      WHERE kind = ${kind} AND bucket = ${new Date(dayOf(firstHour)).toISOString()}::timestamptz`)
  }
  if (from < firstHour) parts.push(rawRows(kind, { source: 'raw', from, to: firstHour }))
  const rows = rowsOf<{ value: string; count: string | number }>(
    await db.execute(sql`
    SELECT value, sum(count)::bigint AS count FROM (${sql.join(parts, sql` UNION ALL `)}) AS counted
    GROUP BY value
    HAVING sum(count) > 0
    ORDER BY count DESC, value COLLATE "C" ASC
    LIMIT ${limit}`)
  )
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }))
}

/**
 * Retention for the per-value rows: the days before `dayCutoff` (ms, a midnight: the rollups'
 * cutoff) go, and so do those older than KEPT_DAYS, which no export reads. Resolves with the rows
 * deleted or trimmed.
 */
export async function pruneValueCounts(db: Db, dayCutoff: number, now = Date.now()): Promise<number> {
  const cutoff = Math.max(dayCutoff, dayOf(now) - KEPT_DAYS * DAY_MS)
  const day = dayNumber(cutoff)
  const count = async (query: ReturnType<typeof sql>): Promise<number> =>
    Number(
      rowsOf<{ n: string | number }>(await db.execute(sql`WITH gone AS (${query} RETURNING 1) SELECT count(*) AS n FROM gone`))[0]
        ?.n ?? 0
    )
  return (
    (await count(sql`DELETE FROM honeypot_value_days WHERE last_day < ${day}`)) +
    // A slice is subscripted from 1: written back from the cutoff's day number through its text form.
    (await count(sql`UPDATE honeypot_value_days
      SET days = format('[%s:%s]=%s', ${day}::int, array_upper(days, 1), days[${day}:])::bigint[]
      WHERE array_lower(days, 1) < ${day}`)) +
    (await count(sql`DELETE FROM honeypot_value_hours WHERE bucket < ${new Date(cutoff).toISOString()}::timestamptz`))
  )
}
