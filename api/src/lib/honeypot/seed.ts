import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { normalizeEvent, type HoneypotEvent } from './cowrie.js'
import { cowrieSessions } from './generator.js'
import { rowsOf } from '../sql-rows.js'
import { storeEvents } from './store.js'

export const SEED_SESSIONS = 20_000
const SEED_DAYS = 14
/** Larger than an ingest batch: fewer round trips make the first start fast. */
const SEED_BATCH = 8000

/**
 * The demo honeynet history: ~20k sessions over the last 14 days through the same normalise +
 * store path as real ingest. Skipped when any honeynet session exists (seed stays idempotent).
 */
export async function seedHoneynet(db: Db, now: number = Date.now(), sessions: number = SEED_SESSIONS): Promise<number> {
  const [existing] = rowsOf<{ any: boolean }>(await db.execute(sql`SELECT EXISTS (SELECT 1 FROM honeypot_sessions) AS any`))
  if (existing?.any === true) return 0
  // Stop a minute short of 14 days so the whole history sits inside the top-10 window.
  const from = now - SEED_DAYS * 86_400_000 + 60_000
  const options = { defaultSensor: 'sensor', now, oldestMs: from - 1, geo: null }
  let batch: HoneypotEvent[] = []
  let stored = 0
  for (const session of cowrieSessions({ seed: 20261122, sessions, from, to: now - 60_000 })) {
    for (const event of session) batch.push(normalizeEvent(event, options))
    if (batch.length >= SEED_BATCH) {
      stored += (await storeEvents(db, batch)).inserted
      batch = []
    }
  }
  stored += (await storeEvents(db, batch)).inserted
  return stored
}
