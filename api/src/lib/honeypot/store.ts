import { hash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { COMMAND_EVENT, DOWNLOAD_EVENT, FILE_EVENTS, LOGIN_EVENTS, type HoneypotEvent } from './cowrie.js'
import { rowsOf } from '../sql-rows.js'
import { dayOf, hourOf } from './window.js'
import { ensureEventPartitions, forgetEventPartitions, missingPartition } from './partitions.js'
import { ValueCounts } from './value-counts.js'
import { insertEvents } from './insert-events.js'

/** Per session at its start: 'sessions' (value ''), 'asn', 'country', 'src_ip'. Per event: the rest. */
export type RollupKind =
  'sessions' | 'asn' | 'country' | 'src_ip' | 'command' | 'hash' | 'username' | 'password' | 'url' | 'sensor_key'

export const md5Uuid = (value: string): string => {
  const hex = hash('md5', value, 'hex') // one-shot: no Hash object per value
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

type RollupRow = { kind: string; bucket: string; value_hash: string; value: string; count: number }

/** The counts of one batch per (kind, bucket, value), bucketed by `bucketOf` (an hour or a UTC day). */
class Rollup {
  // Nested maps, not one map keyed by a joined string: an event's count allocates nothing once its value is known.
  private readonly counts = new Map<RollupKind, Map<number, Map<string, number>>>()

  constructor(private readonly bucketOf: (ms: number) => number) {}

  add(kind: RollupKind, ms: number, value: string): void {
    const bucket = this.bucketOf(ms)
    let buckets = this.counts.get(kind)
    if (buckets === undefined) this.counts.set(kind, (buckets = new Map()))
    let values = buckets.get(bucket)
    if (values === undefined) buckets.set(bucket, (values = new Map()))
    values.set(value, (values.get(value) ?? 0) + 1)
  }

  rows(): RollupRow[] {
    const rows: RollupRow[] = []
    for (const [kind, buckets] of this.counts) {
      for (const [bucket, values] of buckets) {
        const at = new Date(bucket).toISOString()
        for (const [value, count] of values) rows.push({ kind, bucket: at, value_hash: md5Uuid(value), value, count })
      }
    }
    return rows
  }
}

/** Hourly and daily rollups fed together. */
class Rollups {
  readonly hourly = new Rollup(hourOf)
  readonly daily = new Rollup(dayOf)

  add(kind: RollupKind, ms: number, value: string): void {
    this.hourly.add(kind, ms, value)
    this.daily.add(kind, ms, value)
  }
}

/** The per-event counters of one freshly stored event. */
function countEvent(rollup: Rollups, event: HoneypotEvent): void {
  const ms = event.ts.getTime()
  if (event.sensorKeyId !== null) rollup.add('sensor_key', ms, event.sensorKeyId)
  if (event.eventid === COMMAND_EVENT && event.input !== null && event.input !== '') {
    rollup.add('command', ms, event.input)
  } else if (FILE_EVENTS.has(event.eventid) && event.shasum !== null && event.shasum !== '') {
    rollup.add('hash', ms, event.shasum)
  }
  if (event.eventid === DOWNLOAD_EVENT && event.url !== null && event.url !== '') rollup.add('url', ms, event.url)
  if (LOGIN_EVENTS.has(event.eventid)) {
    if (event.username !== null) rollup.add('username', ms, event.username)
    if (event.password !== null) rollup.add('password', ms, event.password)
  }
}

/** The events a session-value table (honeypot_session_files, _commands) keeps, and their value. */
const SESSION_VALUES = [
  {
    table: 'honeypot_session_files',
    valueOf: (event: HoneypotEvent) => (FILE_EVENTS.has(event.eventid) && event.shasum !== '' ? event.shasum : null)
  },
  {
    table: 'honeypot_session_commands',
    valueOf: (event: HoneypotEvent) => (event.eventid === COMMAND_EVENT && event.input !== '' ? event.input : null)
  }
] as const

/**
 * The (value, session) pairs of freshly stored events, with the session's start: the session row
 * exists by now (stored with this batch or an earlier one), so the join always finds it.
 */
async function storeSessionValues(tx: Db, fresh: HoneypotEvent[]): Promise<void> {
  for (const { table, valueOf } of SESSION_VALUES) {
    const pairs = new Map<string, { value_hash: string; session_key: string }>()
    for (const event of fresh) {
      const value = valueOf(event)
      if (value === null) continue
      const valueHash = md5Uuid(value)
      pairs.set(`${valueHash}\u0001${event.sessionKey}`, { value_hash: valueHash, session_key: event.sessionKey })
    }
    if (pairs.size === 0) continue
    await tx.execute(sql`
      INSERT INTO ${sql.identifier(table)} (value_hash, session_key, started_at)
      SELECT r.value_hash, r.session_key, s.started_at
      FROM json_to_recordset(${JSON.stringify([...pairs.values()])}::json) AS r(value_hash uuid, session_key text)
      JOIN honeypot_sessions s ON s.session_key = r.session_key
      ORDER BY r.value_hash, r.session_key
      ON CONFLICT DO NOTHING`)
  }
}

export interface StoreResult {
  /** Events stored for the first time. */
  inserted: number
  /** Events already stored (sent before, or twice in this batch). */
  duplicates: number
}

/**
 * Stores one batch in one transaction: raw events (insert-events.ts), then the sessions and
 * rollups of ONLY the events stored for the first time, so a resent event never counts twice.
 * Each aggregate row is written once per batch, its counts summed here first; each statement's
 * rows travel as one JSON parameter (json_to_recordset): one bind however many rows.
 */
export async function storeEvents(db: Db, events: HoneypotEvent[]): Promise<StoreResult> {
  if (events.length === 0) return { inserted: 0, duplicates: 0 }
  const instants = events.map((event) => event.ts)
  await ensureEventPartitions(db, instants)
  try {
    return await storeBatch(db, events)
  } catch (error) {
    if (!missingPartition(error)) throw error
    forgetEventPartitions(db)
    await ensureEventPartitions(db, instants)
    return await storeBatch(db, events)
  }
}

/** storeEvents() once the batch's day partitions exist. */
async function storeBatch(db: Db, events: HoneypotEvent[]): Promise<StoreResult> {
  return await db.transaction(async (tx) => {
    const fresh = await insertEvents(tx, events)

    const rollup = new Rollups()
    // A session starts at its earliest event seen (normally cowrie.session.connect).
    const firstBySession = new Map<string, HoneypotEvent>()
    for (const event of fresh) {
      const first = firstBySession.get(event.sessionKey)
      if (first === undefined || event.ts < first.ts) firstBySession.set(event.sessionKey, event)
      countEvent(rollup, event)
    }
    if (firstBySession.size > 0) {
      const sessions = JSON.stringify(
        [...firstBySession.values()].map((event) => ({
          session_key: event.sessionKey,
          started_at: event.ts.toISOString(),
          src_ip: event.srcIp,
          sensor: event.sensor,
          asn: event.asn,
          country: event.country
        }))
      )
      const started = rowsOf<{ started_at: string | Date; asn: string; country: string; src_ip: string }>(
        await tx.execute(sql`
        INSERT INTO honeypot_sessions (session_key, started_at, src_ip, sensor, asn, country)
        SELECT session_key, started_at, src_ip, sensor, asn, country
        FROM json_to_recordset(${sessions}::json) AS r(session_key text, started_at timestamptz, src_ip text,
          sensor text, asn text, country text)
        ON CONFLICT DO NOTHING
        RETURNING started_at, asn, country, src_ip`)
      )
      for (const session of started) {
        const ms = new Date(session.started_at).getTime()
        rollup.add('sessions', ms, '')
        rollup.add('asn', ms, session.asn)
        rollup.add('country', ms, session.country)
        rollup.add('src_ip', ms, session.src_ip)
      }
    }
    await storeSessionValues(tx, fresh)
    const hourly = rollup.hourly.rows()
    const daily = rollup.daily.rows()
    if (hourly.length > 0) {
      await tx.execute(sql`
        INSERT INTO honeypot_rollups (kind, bucket, value_hash, value, count)
        SELECT kind, bucket, value_hash, value, count
        FROM json_to_recordset(${JSON.stringify(hourly)}::json) AS r(kind text, bucket timestamptz, value_hash uuid,
          value text, count bigint)
        -- One lock order for every writer, so concurrent batches on PostgreSQL cannot deadlock.
        ORDER BY kind, bucket, value_hash
        ON CONFLICT (kind, bucket, value_hash) DO UPDATE SET count = honeypot_rollups.count + excluded.count`)
      await tx.execute(sql`
        INSERT INTO honeypot_daily_rollups (kind, bucket, value_hash, value, count)
        SELECT kind, bucket, value_hash, value, count
        FROM json_to_recordset(${JSON.stringify(daily)}::json) AS r(kind text, bucket timestamptz,
          value_hash uuid, value text, count bigint)
        ORDER BY kind, bucket, value_hash
        ON CONFLICT (kind, bucket, value_hash) DO UPDATE SET count = honeypot_daily_rollups.count + excluded.count`)
      // The exported kinds' per-value rows (value-counts.ts), from the same counts.
      const values = new ValueCounts()
      for (const row of daily) values.add(row, false)
      for (const row of hourly) values.add(row, true)
      await values.store(tx)
    }
    // Every key that sent this batch is alive, even when all it sent was already stored.
    const keys = new Set<string>()
    for (const event of events) if (event.sensorKeyId !== null) keys.add(event.sensorKeyId)
    for (const key of [...keys].sort()) {
      await tx.execute(sql`UPDATE honeypot_sensor_keys SET last_event_at = now() WHERE id = ${key}::uuid`)
    }
    return { inserted: fresh.length, duplicates: events.length - fresh.length }
  })
}
