import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
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
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** When this key last sent an event (stored or a duplicate): the sensors card shows a quiet sensor. */
  lastEventAt: timestamp('last_event_at', { withTimezone: true })
})

/**
 * Raw Cowrie events, kept for HONEYPOT_RETENTION_DAYS. `event_key` is a digest of the fields that
 * identify an event (its time included), so a resent event is a conflict and counts once.
 * Partitioned by UTC day (migration 0023: PostgreSQL declarative partitioning, which drizzle does
 * not model; lib/honeypot/partitions.ts creates a day's partition before its events are stored and
 * retention drops whole days): the key is (event_key, ts), as a partitioned key must hold the time.
 */
export const honeypotEvents = pgTable(
  'honeypot_events',
  {
    eventKey: uuid('event_key').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    eventid: text('eventid').notNull(),
    /** `<sensor>/<cowrie session id>`: Cowrie session ids are only unique per sensor. */
    sessionKey: text('session_key').notNull(),
    srcIp: text('src_ip').notNull(),
    sensor: text('sensor').notNull(),
    input: text('input'),
    shasum: text('shasum'),
    url: text('url'),
    /** Of `cowrie.login.failed` / `cowrie.login.success`: the credentials tried. */
    username: text('username'),
    password: text('password'),
    /** The sensor key that sent the event (null for the demo history). */
    sensorKeyId: uuid('sensor_key_id')
  },
  (t) => [
    primaryKey({ columns: [t.eventKey, t.ts] }),
    // Pruning and the partial edge hours of a window read by time.
    index('honeypot_events_ts_idx').on(t.ts),
    // A session's timeline. (Which sessions ran a command or fetched a file: honeypot_session_commands
    // and honeypot_session_files, so no index on input or shasum costs every insert.)
    index('honeypot_events_session_idx').on(t.sessionKey, t.ts)
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
  (t) => [
    index('honeypot_sessions_started_at_idx').on(t.startedAt),
    // The sessions view's filters, newest first. Keyed by the value's MD5: sensor-supplied names
    // have no length bound a btree entry takes. Not hash indexes: a hash index walks a value's
    // whole overflow chain on every insert (40 countries over 200,000 sessions: half the ingest's
    // session insert, growing with the table).
    index('honeypot_sessions_src_ip_md5_idx').on(sql`(md5(${t.srcIp})::uuid)`, t.startedAt),
    index('honeypot_sessions_asn_md5_idx').on(sql`(md5(${t.asn})::uuid)`, t.startedAt),
    index('honeypot_sessions_country_md5_idx').on(sql`(md5(${t.country})::uuid)`, t.startedAt)
  ]
)

/** A (value, session) table: `value_hash` is the MD5 of the value, as in the rollups; `started_at` is the session's. */
const sessionValues = (name: string) =>
  pgTable(
    name,
    {
      valueHash: uuid('value_hash').notNull(),
      sessionKey: text('session_key').notNull(),
      startedAt: timestamp('started_at', { withTimezone: true }).notNull()
    },
    (t) => [
      primaryKey({ columns: [t.valueHash, t.sessionKey] }),
      index(`${name}_started_idx`).on(t.valueHash, t.startedAt),
      // Pruning by the sessions' start.
      index(`${name}_started_at_idx`).on(t.startedAt)
    ]
  )

/**
 * Which sessions fetched or pushed which file (kept at ingest, one row per session and SHA-256), so
 * the sessions view filtered by a hash reads that hash's sessions newest first instead of checking
 * every session's events (a common payload is in one session in 50). The value is the stored
 * (lower-case) SHA-256.
 */
export const honeypotSessionFiles = sessionValues('honeypot_session_files')

/**
 * Which sessions ran which command (kept at ingest, one row per session and command), so the
 * sessions view filtered by a command reads that command's sessions newest first instead of
 * checking each session's events in every day partition.
 */
export const honeypotSessionCommands = sessionValues('honeypot_session_commands')

const rollupColumns = () => ({
  kind: text('kind').notNull(),
  bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  valueHash: uuid('value_hash').notNull(),
  value: text('value').notNull(),
  count: bigint('count', { mode: 'number' }).notNull()
})

/**
 * Hourly counters maintained at ingest, so the metrics read a few thousand rows however many raw
 * events exist. kind (RollupKind in lib/honeypot/store.ts): 'sessions' (value ''), 'asn',
 * 'country', 'src_ip' (per session), 'command', 'hash', 'username', 'password', 'url' (per event),
 * 'sensor_key' (events per sensor key id). Values (commands can be kilobytes long) are keyed by
 * their MD5 so the primary key index stays small.
 */
export const honeypotRollups = pgTable('honeypot_rollups', rollupColumns(), (t) => [
  primaryKey({ columns: [t.kind, t.bucket, t.valueHash] })
])

/**
 * The same counters per UTC day: a 30-day window reads 30 buckets per value, not 720 (the hourly
 * table still covers the partial days at a window's edges).
 */
export const honeypotDailyRollups = pgTable('honeypot_daily_rollups', rollupColumns(), (t) => [
  primaryKey({ columns: [t.kind, t.bucket, t.valueHash] }),
  // Each day's biggest counts first: a top list starts from them (lib/honeypot/top-k.ts).
  index('honeypot_daily_rollups_top_idx').on(t.kind, t.bucket, t.count.desc())
])

/**
 * Every day's count of one exported value (kinds 'src_ip', 'hash', 'url') in ONE row: `days` is
 * subscripted by the UTC day number (days since 1970; gaps are null), so an indicators export sums
 * `days[first whole day:]` over one row per value (~5,600 at 5 M events) instead of one per value
 * and day (~50,000). Kept at ingest with the rollups; retention trims the days it drops, and the
 * days older than the longest range (lib/honeypot/value-counts.ts).
 */
export const honeypotValueDays = pgTable(
  'honeypot_value_days',
  {
    kind: text('kind').notNull(),
    valueHash: uuid('value_hash').notNull(),
    value: text('value').notNull(),
    /** The newest day with a count: an export skips values not seen since its window started. */
    lastDay: integer('last_day').notNull(),
    days: bigint('days', { mode: 'number' }).array().notNull()
  },
  (t) => [primaryKey({ columns: [t.kind, t.valueHash] }), index('honeypot_value_days_last_idx').on(t.kind, t.lastDay)]
)

/**
 * The hours of one day of an exported value in one row (`hours` subscripted 0–23, gaps null): a
 * window's partial first day reads one row per value of that day instead of one per value and hour.
 */
export const honeypotValueHours = pgTable(
  'honeypot_value_hours',
  {
    kind: text('kind').notNull(),
    /** Midnight UTC of the day. */
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    valueHash: uuid('value_hash').notNull(),
    value: text('value').notNull(),
    hours: bigint('hours', { mode: 'number' }).array().notNull()
  },
  (t) => [primaryKey({ columns: [t.kind, t.bucket, t.valueHash] })]
)
