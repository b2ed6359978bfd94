import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.js'

/**
 * Honeynet data: global threat intelligence shared by every tenant (no tenant column on purpose).
 * Sensors write through `POST /api/v1/honeypot/events/`; tenants only read the metrics.
 */

/** Keys a honeynet sensor presents in `X-API-Key`. Only a SHA-256 digest of the key is stored. */
export const honeypotSensorKeys = pgTable('honeypot_sensor_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The first characters of the key, enough to recognise it in a listing. */
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: createdAt(),
  revokedAt: timestamp('revoked_at', { withTimezone: true })
})

/**
 * Raw Cowrie events, kept for HONEYPOT_RETENTION_DAYS. `event_key` is a digest of the fields that
 * identify an event, so a resent event is a conflict and counts once.
 */
export const honeypotEvents = pgTable(
  'honeypot_events',
  {
    eventKey: uuid('event_key').primaryKey(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    eventid: text('eventid').notNull(),
    /** `<sensor>/<cowrie session id>`: Cowrie session ids are only unique per sensor. */
    sessionKey: text('session_key').notNull(),
    srcIp: text('src_ip').notNull(),
    sensor: text('sensor').notNull(),
    input: text('input'),
    shasum: text('shasum'),
    url: text('url')
  },
  (t) => [
    // Pruning and the partial edge hour of the 14-day window read by time.
    index('honeypot_events_ts_idx').on(t.ts)
  ]
)

/** One row per attack (a Cowrie session), enriched once with its ASN and country. */
export const honeypotSessions = pgTable(
  'honeypot_sessions',
  {
    sessionKey: text('session_key').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    srcIp: text('src_ip').notNull(),
    sensor: text('sensor').notNull(),
    asn: text('asn').notNull(),
    country: text('country').notNull()
  },
  (t) => [index('honeypot_sessions_started_at_idx').on(t.startedAt)]
)

/**
 * Hourly counters maintained at ingest, so the metrics read a few thousand rows however many raw
 * events exist. kind: 'sessions' (value ''), 'asn', 'country', 'command', 'hash'. Values (commands
 * can be kilobytes long) are keyed by their MD5 so the primary key index stays small.
 */
export const honeypotRollups = pgTable(
  'honeypot_rollups',
  {
    kind: text('kind').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    valueHash: uuid('value_hash').notNull(),
    value: text('value').notNull(),
    count: bigint('count', { mode: 'number' }).notNull()
  },
  (t) => [primaryKey({ columns: [t.kind, t.bucket, t.valueHash] })]
)
