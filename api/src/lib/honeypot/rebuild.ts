import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { json } from '../sql-params.js'
import { COMMAND_EVENT, DOWNLOAD_EVENT, FILE_EVENTS, LOGIN_EVENTS } from './cowrie.js'
import { KEPT_DAYS } from './value-counts.js'

/**
 * Every table derived from the stored honeynet sessions and events, recomputed from them: what
 * `remove-demo` needs after deleting the generated history, so no demo count stays behind in a
 * Threat page of real data. The counters are those of ingest (store.ts: countEvent and the
 * session starts), bucketed by UTC hour and UTC day; session files and commands are those of the
 * sessions kept; the exports' per-value rows (value-counts.ts) are re-read from the rollups as
 * migration 0027 backfilled them. Whole-table work: for an admin command, not for ingest.
 */
export async function rebuildHoneypotDerived(tx: Db): Promise<void> {
  const fileEvents = sql`ARRAY(SELECT jsonb_array_elements_text(${json([...FILE_EVENTS])}))`
  const loginEvents = sql`ARRAY(SELECT jsonb_array_elements_text(${json([...LOGIN_EVENTS])}))`
  const counters = (bucket: (column: string) => SQL) => sql`
    SELECT 'sessions', ${bucket('started_at')}, '' AS value FROM honeypot_sessions
    UNION ALL SELECT 'asn', ${bucket('started_at')}, asn FROM honeypot_sessions
    UNION ALL SELECT 'country', ${bucket('started_at')}, country FROM honeypot_sessions
    UNION ALL SELECT 'src_ip', ${bucket('started_at')}, src_ip FROM honeypot_sessions
    UNION ALL SELECT 'sensor_key', ${bucket('ts')}, sensor_key_id::text FROM honeypot_events WHERE sensor_key_id IS NOT NULL
    UNION ALL SELECT 'command', ${bucket('ts')}, input FROM honeypot_events WHERE eventid = ${COMMAND_EVENT} AND input <> ''
    UNION ALL SELECT 'hash', ${bucket('ts')}, shasum FROM honeypot_events WHERE eventid = ANY(${fileEvents}) AND shasum <> ''
    UNION ALL SELECT 'url', ${bucket('ts')}, url FROM honeypot_events WHERE eventid = ${DOWNLOAD_EVENT} AND url <> ''
    UNION ALL SELECT 'username', ${bucket('ts')}, username FROM honeypot_events WHERE eventid = ANY(${loginEvents}) AND username IS NOT NULL
    UNION ALL SELECT 'password', ${bucket('ts')}, password FROM honeypot_events WHERE eventid = ANY(${loginEvents}) AND password IS NOT NULL`
  const truncated = (unit: 'hour' | 'day') => (column: string) =>
    sql.raw(`date_trunc('${unit}', ${column} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`)
  for (const [table, unit] of [
    ['honeypot_rollups', 'hour'],
    ['honeypot_daily_rollups', 'day']
  ] as const) {
    await tx.execute(sql`DELETE FROM ${sql.identifier(table)}`)
    await tx.execute(sql`
      INSERT INTO ${sql.identifier(table)} (kind, bucket, value_hash, value, count)
      SELECT kind, bucket, md5(value)::uuid, value, count(*) FROM (${counters(truncated(unit))}) AS c(kind, bucket, value)
      GROUP BY kind, bucket, value`)
  }
  for (const table of ['honeypot_session_files', 'honeypot_session_commands']) {
    await tx.execute(sql`DELETE FROM ${sql.identifier(table)} f
      WHERE NOT EXISTS (SELECT 1 FROM honeypot_sessions s WHERE s.session_key = f.session_key)`)
  }
  await tx.execute(sql`DELETE FROM honeypot_value_days`)
  await tx.execute(sql`DELETE FROM honeypot_value_hours`)
  const since = sql`date_trunc('day', now(), 'UTC') - make_interval(days => ${KEPT_DAYS})`
  await tx.execute(sql`
    INSERT INTO honeypot_value_days (kind, value_hash, value, last_day, days)
    SELECT kind, value_hash, min(value), max(day), honeypot_sum_counts(array_fill(count, ARRAY[1], ARRAY[day]))
    FROM (SELECT kind, value_hash, value, count, (extract(epoch FROM bucket) / 86400)::int AS day
      FROM honeypot_daily_rollups WHERE kind IN ('src_ip', 'hash', 'url') AND bucket >= ${since}) AS d
    GROUP BY kind, value_hash`)
  await tx.execute(sql`
    INSERT INTO honeypot_value_hours (kind, bucket, value_hash, value, hours)
    SELECT kind, date_trunc('day', bucket, 'UTC'), value_hash, min(value),
      honeypot_sum_counts(array_fill(count, ARRAY[1], ARRAY[extract(hour FROM bucket AT TIME ZONE 'UTC')::int]))
    FROM honeypot_rollups WHERE kind IN ('src_ip', 'hash', 'url') AND bucket >= ${since}
    GROUP BY kind, date_trunc('day', bucket, 'UTC'), value_hash`)
}
