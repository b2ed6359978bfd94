import { sql, type AnyColumn } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.js'
import {
  honeypotDailyRollups,
  honeypotEvents,
  honeypotRollups,
  honeypotSessionCommands,
  honeypotSessionFiles,
  honeypotSessions
} from '../../db/schema/index.js'
import { changedRows } from '../sql-rows.js'
import { dropEventDaysBefore, eventPartitions, partitionName } from './partitions.js'
import { pruneValueCounts } from './value-counts.js'
import { dayOf, HOUR_MS } from './window.js'

export interface PruneResult {
  events: number
  sessions: number
  sessionFiles: number
  sessionCommands: number
  rollups: number
  dailyRollups: number
  /** Per-value rows of the exports deleted or trimmed (value-counts.ts). */
  valueCounts: number
}

/** Deletes the table's rows whose `column` is before `cutoff` (an ISO instant); counts them in SQL, not here. */
async function deleteBefore(db: Db, table: PgTable, column: AnyColumn, cutoff: string): Promise<number> {
  return await changedRows(db, sql`DELETE FROM ${table} WHERE ${column} < ${cutoff}::timestamptz`)
}

/**
 * Drops raw events and sessions older than the retention, and rollup hours and days of the days
 * wholly before it. Retention is at least 15 days, so the 14-day window and its partial edge hour stay intact (a
 * 30-day range and the previous periods of the trend need a retention to match: README).
 */
export async function pruneHoneypot(
  db: Db,
  retentionDays: number,
  now: number = Date.now(),
  options: { reclaim?: boolean } = {}
): Promise<PruneResult> {
  const cutoff = new Date(now - retentionDays * 24 * HOUR_MS).toISOString()
  const dayCutoff = new Date(dayOf(now - retentionDays * 24 * HOUR_MS)).toISOString()
  // Hourly buckets go by whole days with the daily ones: a window starting late in the oldest day
  // reads that day minus its early hours (window.ts, fromWholeDay), so those hours stay as long as the day.
  const bucketCutoff = dayCutoff
  const result: PruneResult = {
    // Whole days go with their partition; the cutoff's own day loses its earlier rows.
    events:
      (await dropEventDaysBefore(db, Date.parse(cutoff))) + (await deleteBefore(db, honeypotEvents, honeypotEvents.ts, cutoff)),
    sessions: await deleteBefore(db, honeypotSessions, honeypotSessions.startedAt, cutoff),
    sessionFiles: await deleteBefore(db, honeypotSessionFiles, honeypotSessionFiles.startedAt, cutoff),
    sessionCommands: await deleteBefore(db, honeypotSessionCommands, honeypotSessionCommands.startedAt, cutoff),
    rollups: await deleteBefore(db, honeypotRollups, honeypotRollups.bucket, bucketCutoff),
    dailyRollups: await deleteBefore(db, honeypotDailyRollups, honeypotDailyRollups.bucket, dayCutoff),
    valueCounts: await pruneValueCounts(db, Date.parse(dayCutoff), now)
  }
  if (options.reclaim === true && Object.values(result).some((n) => n > 0)) await reclaimPruned(db, Date.parse(cutoff))
  return result
}

/**
 * The pages of the rows deleted one by one given back (PGlite, which runs no autovacuum: without
 * it the tables keep every deleted row's page for good). VACUUM visits the pages changed since its
 * last run; of the events, only the cutoff day's partition lost rows (older days were dropped).
 */
async function reclaimPruned(db: Db, cutoff: number): Promise<void> {
  const tables = [
    'honeypot_sessions',
    'honeypot_session_files',
    'honeypot_session_commands',
    'honeypot_rollups',
    'honeypot_daily_rollups',
    'honeypot_value_days',
    'honeypot_value_hours'
  ]
  const cutoffDay = partitionName(dayOf(cutoff))
  if ((await eventPartitions(db)).some((partition) => partition.name === cutoffDay)) tables.push(`"${cutoffDay}"`)
  await db.execute(sql.raw(`VACUUM ${tables.join(', ')}`))
}
