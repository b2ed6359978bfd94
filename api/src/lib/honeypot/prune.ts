import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import { dayOf, HOUR_MS, hourOf } from './window.js'

export interface PruneResult {
  events: number
  sessions: number
  rollups: number
  dailyRollups: number
}

const deleted = async (db: Db, query: ReturnType<typeof sql>): Promise<number> =>
  Number(rowsOf<{ n: string | number }>(await db.execute(query))[0]?.n ?? 0)

/**
 * Drops raw events and sessions older than the retention, and rollup hours and days wholly before
 * it. Retention is at least 15 days, so the 14-day window and its partial edge hour stay intact (a
 * 30-day range and the previous periods of the trend need a retention to match: README).
 */
export async function pruneHoneypot(db: Db, retentionDays: number, now: number = Date.now()): Promise<PruneResult> {
  const cutoff = new Date(now - retentionDays * 24 * HOUR_MS).toISOString()
  const bucketCutoff = new Date(hourOf(now - retentionDays * 24 * HOUR_MS)).toISOString()
  const dayCutoff = new Date(dayOf(now - retentionDays * 24 * HOUR_MS)).toISOString()
  return {
    events: await deleted(
      db,
      sql`WITH gone AS (DELETE FROM honeypot_events WHERE ts < ${cutoff}::timestamptz RETURNING 1)
      SELECT count(*) AS n FROM gone`
    ),
    sessions: await deleted(
      db,
      sql`WITH gone AS (DELETE FROM honeypot_sessions WHERE started_at < ${cutoff}::timestamptz RETURNING 1)
      SELECT count(*) AS n FROM gone`
    ),
    rollups: await deleted(
      db,
      sql`WITH gone AS (DELETE FROM honeypot_rollups WHERE bucket < ${bucketCutoff}::timestamptz RETURNING 1)
      SELECT count(*) AS n FROM gone`
    ),
    dailyRollups: await deleted(
      db,
      sql`WITH gone AS (DELETE FROM honeypot_daily_rollups WHERE bucket < ${dayCutoff}::timestamptz RETURNING 1)
      SELECT count(*) AS n FROM gone`
    )
  }
}
