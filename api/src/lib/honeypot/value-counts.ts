import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { changedRows, rowsOf } from '../sql-rows.js'
import { allValues, rawKeptBefore, rawRows, type Counted } from './counts.js'
import type { RollupKind } from './store.js'
import { DAY_MS, dayOf, fromNearerHour, HOUR_MS, hourOf } from './window.js'

/**
 * Per-value day and hour counts of the exported kinds (honeypot_value_days / _hours, migration
 * 0027): an export reads one row per value for its whole days and one per value of its partial
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
  // A start early in its hour: that whole hour minus its raw rows before the start (window.ts,
  // fromNearerHour); the per-value hours are kept for every day read here (KEPT_DAYS, above).
  const [edge] = fromNearerHour([{ source: 'raw', from, to: firstHour }], dayOf(from), await rawKeptBefore(db, kind, from))
  const hours = edge?.sign === -1 ? hourOf(from) : firstHour
  // Each row's counts come back as array text and are summed here: the rows are read once, with
  // no per-row subquery and no grouping in SQL (a value has one row per part at most).
  const parts = [
    sql`SELECT value, days[${dayNumber(firstDay)}:]::text AS counts FROM honeypot_value_days
      WHERE kind = ${kind} AND last_day >= ${dayNumber(firstDay)}`
  ]
  if (hours < firstDay) {
    const hour = (hours - dayOf(hours)) / HOUR_MS
    parts.push(sql`SELECT value, hours[${hour}:23]::text FROM honeypot_value_hours
      WHERE kind = ${kind} AND bucket = ${new Date(dayOf(hours)).toISOString()}::timestamptz`)
  }
  if (edge !== undefined && edge.from < edge.to!) parts.push(sql`SELECT value, count::text FROM (${rawRows(kind, edge)}) AS raw`)
  const totals = new Map<string, number>()
  for (const row of rowsOf<{ value: string; counts: string }>(await db.execute(sql.join(parts, sql` UNION ALL `)))) {
    totals.set(row.value, (totals.get(row.value) ?? 0) + sumOf(row.counts))
  }
  return (
    [...totals]
      // A value seen only in the raw rows taken away nets to zero: not in the window.
      .filter(([, count]) => count > 0)
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || byteOrder(a.value, b.value))
      .slice(0, limit)
  )
}

/** The sum of `{1,NULL,3}` (an array's text, nulls for days without a count) or of a plain `5`. */
function sumOf(counts: string): number {
  let sum = 0
  for (const part of counts.replace(/[{}]/g, '').split(',')) if (part !== 'NULL' && part !== '') sum += Number(part)
  return sum
}

const ASCII = /^[^\u0080-\uffff]*$/

/** Byte order of the UTF-8 text, as SQL's `COLLATE "C"`: code units agree with it for ASCII. */
function byteOrder(a: string, b: string): number {
  if (ASCII.test(a) && ASCII.test(b)) return a < b ? -1 : a > b ? 1 : 0
  return Buffer.compare(Buffer.from(a), Buffer.from(b))
}

/**
 * Retention for the per-value rows: the days before `dayCutoff` (ms, a midnight: the rollups'
 * cutoff) go, and so do those older than KEPT_DAYS, which no export reads. Resolves with the rows
 * deleted or trimmed.
 */
export async function pruneValueCounts(db: Db, dayCutoff: number, now = Date.now()): Promise<number> {
  const cutoff = Math.max(dayCutoff, dayOf(now) - KEPT_DAYS * DAY_MS)
  const day = dayNumber(cutoff)
  const count = (statement: SQL) => changedRows(db, statement)
  return (
    (await count(sql`DELETE FROM honeypot_value_days WHERE last_day < ${day}`)) +
    // A slice is subscripted from 1: written back from the cutoff's day number through its text form.
    (await count(sql`UPDATE honeypot_value_days
      SET days = format('[%s:%s]=%s', ${day}::int, array_upper(days, 1), days[${day}:])::bigint[]
      WHERE array_lower(days, 1) < ${day}`)) +
    (await count(sql`DELETE FROM honeypot_value_hours WHERE bucket < ${new Date(cutoff).toISOString()}::timestamptz`))
  )
}
