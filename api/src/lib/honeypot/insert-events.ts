import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { errorCode, innermostError } from '../../db/errors.js'
import { canCopy, copyRows } from '../sql-copy.js'
import { rowsOf } from '../sql-rows.js'
import type { HoneypotEvent } from './cowrie.js'

const COLUMNS = [
  'event_key',
  'ts',
  'eventid',
  'session_key',
  'src_ip',
  'sensor',
  'input',
  'shasum',
  'url',
  'username',
  'password',
  'sensor_key_id'
] as const

const UNIQUE_VIOLATION = '23505'

const row = (event: HoneypotEvent): Array<string | null> => [
  event.key,
  event.ts.toISOString(),
  event.eventid,
  event.sessionKey,
  event.srcIp,
  event.sensor,
  event.input,
  event.shasum,
  event.url,
  event.username,
  event.password,
  event.sensorKeyId
]

/**
 * Stores a batch's raw events in the transaction `tx`; resolves with those stored for the first
 * time, in batch order (an event sent before, or twice in this batch, is not among them), so the
 * caller counts each event once.
 */
export async function insertEvents(tx: Db, events: HoneypotEvent[]): Promise<HoneypotEvent[]> {
  const unique = new Map<string, HoneypotEvent>()
  for (const event of events) if (!unique.has(event.key)) unique.set(event.key, event)
  const batch = [...unique.values()]
  const rows = batch.map(row)
  if (canCopy(tx)) {
    // New events (the normal case) go in by COPY on PostgreSQL. COPY cannot skip a row already
    // stored: a resent event fails it, the savepoint undoes it, and the insert below sorts it out.
    try {
      await tx.transaction(async (savepoint) => await copyRows(savepoint, 'honeypot_events', COLUMNS, rows))
      return batch
    } catch (error) {
      if (errorCode(innermostError(error)) !== UNIQUE_VIOLATION) throw error
    }
  }
  const payload = rows.map((values) => Object.fromEntries(COLUMNS.map((column, i) => [column, values[i]])))
  const inserted = new Set(
    rowsOf<{ event_key: string }>(
      await tx.execute(sql`
      INSERT INTO honeypot_events (${sql.raw(COLUMNS.join(', '))})
      SELECT ${sql.raw(COLUMNS.join(', '))}
      FROM json_to_recordset(${JSON.stringify(payload)}::json)
        AS r(event_key uuid, ts timestamptz, eventid text, session_key text, src_ip text, sensor text, input text,
        shasum text, url text, username text, password text, sensor_key_id uuid)
      ON CONFLICT DO NOTHING
      RETURNING event_key`)
    ).map((stored) => stored.event_key)
  )
  return batch.filter((event) => inserted.has(event.key))
}
