import type { HoneypotSession, HoneypotSessionList, HoneypotSessionTimeline, HoneypotTimelineEvent } from '@console/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { HttpError, NOT_FOUND } from '../http-error.js'
import { rowsOf } from '../sql-rows.js'
import { COMMAND_EVENT } from './cowrie.js'
import { md5Uuid } from './store.js'
import { windowFields, type RangeWindow } from './landscape.js'

export const SESSIONS_PAGE = 50
export const SESSIONS_PAGE_MAX = 100
export const TIMELINE_MAX = 1000

export interface SessionFilters {
  ip?: string
  asn?: string
  country?: string
  command?: string
  hash?: string
}

interface SessionRow {
  session_key: string
  started_at: string | Date
  src_ip: string
  asn: string
  country: string
  sensor: string
}

const toSession = (row: SessionRow): HoneypotSession => ({
  id: row.session_key,
  started_at: new Date(row.started_at).toISOString(),
  src_ip: row.src_ip,
  asn: row.asn,
  country: row.country,
  sensor: row.sensor
})

/** The place after the last row of a page: its start and key, opaque to the client. */
const encodeCursor = (row: SessionRow): string =>
  Buffer.from(JSON.stringify([new Date(row.started_at).toISOString(), row.session_key])).toString('base64url')

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      !Number.isNaN(Date.parse(value[0])) &&
      typeof value[1] === 'string'
    ) {
      return [value[0], value[1]]
    }
  } catch {
    // answered below
  }
  throw new HttpError(400, 'cursor is not one this API gave out: start again without it.', {}, { cursor: 'unknown cursor' })
}

/**
 * Sessions started in the window, newest first, narrowed by source address, ASN, country, a command
 * the session ran or a file hash it fetched or pushed (all exact). Paged by a cursor (keyset), so a
 * page costs the same however deep.
 */
export async function listSessions(
  db: Db,
  window: RangeWindow,
  filters: SessionFilters,
  page: { cursor?: string; limit?: number } = {}
): Promise<HoneypotSessionList> {
  const limit = page.limit ?? SESSIONS_PAGE
  if (!Number.isInteger(limit) || limit < 1 || limit > SESSIONS_PAGE_MAX) {
    throw new HttpError(400, `limit must be 1 to ${SESSIONS_PAGE_MAX}.`, {}, { limit: `1 to ${SESSIONS_PAGE_MAX}` })
  }
  // A file hash or a command: its sessions come from honeypot_session_files / _commands (kept at
  // ingest), newest first through the (value_hash, started_at) index, so a page reads about a page
  // of rows however common the value. Stored hashes are lower case. Given both, the file's rows
  // lead and the command is one key lookup per session.
  const file = filters.hash === undefined ? undefined : md5Uuid(filters.hash.toLowerCase())
  const command = filters.command === undefined ? undefined : md5Uuid(filters.command)
  const lead =
    file !== undefined
      ? { table: 'honeypot_session_files', hash: file }
      : command !== undefined
        ? { table: 'honeypot_session_commands', hash: command }
        : undefined
  const from =
    lead === undefined
      ? sql`honeypot_sessions s`
      : sql`${sql.identifier(lead.table)} f JOIN honeypot_sessions s ON s.session_key = f.session_key
        AND f.value_hash = ${lead.hash}::uuid`
  // The same instant either way (f copies the session's start); f's lets its index give the order.
  const started = lead === undefined ? sql`s.started_at` : sql`f.started_at`
  const where: SQL[] = [sql`${started} >= ${new Date(window.from).toISOString()}::timestamptz`]
  // Through the (md5(value), started_at) indexes (migration 0028); the value itself is the exact test.
  const equals = (column: SQL, value: string) => sql`md5(${column})::uuid = ${md5Uuid(value)}::uuid AND ${column} = ${value}`
  if (filters.ip !== undefined) where.push(equals(sql`s.src_ip`, filters.ip))
  if (filters.asn !== undefined) where.push(equals(sql`s.asn`, filters.asn))
  if (filters.country !== undefined) where.push(equals(sql`s.country`, filters.country))
  if (file !== undefined && command !== undefined) {
    where.push(sql`EXISTS (SELECT 1 FROM honeypot_session_commands c
      WHERE c.value_hash = ${command}::uuid AND c.session_key = s.session_key)`)
  }
  if (page.cursor !== undefined) {
    const [startedAt, key] = decodeCursor(page.cursor)
    // The first condition bounds the index scan; the row comparison is the exact keyset.
    where.push(sql`${started} <= ${startedAt}::timestamptz`)
    where.push(sql`(${started}, s.session_key COLLATE "C") < (${startedAt}::timestamptz, ${key})`)
  }
  const rows = rowsOf<SessionRow>(
    await db.execute(sql`
    SELECT s.session_key, s.started_at, s.src_ip, s.asn, s.country, s.sensor FROM ${from}
    WHERE ${sql.join(where, sql` AND `)}
    -- Ties by key in byte order, the same on PGlite and on any PostgreSQL locale.
    ORDER BY ${started} DESC, s.session_key COLLATE "C" DESC
    LIMIT ${limit + 1}`)
  )
  const more = rows.length > limit
  const results = rows.slice(0, limit)
  return {
    ...windowFields(window),
    results: results.map(toSession),
    next_cursor: more ? encodeCursor(results[results.length - 1]!) : null
  }
}

const KINDS: Record<string, HoneypotTimelineEvent['kind']> = {
  'cowrie.session.connect': 'connect',
  'cowrie.login.failed': 'login_failed',
  'cowrie.login.success': 'login_success',
  [COMMAND_EVENT]: 'command',
  'cowrie.session.file_download': 'download',
  'cowrie.session.file_upload': 'upload',
  'cowrie.session.closed': 'close'
}

/** One session and what happened in it, oldest first: connect, logins tried, commands, downloads, close. */
export async function sessionTimeline(db: Db, id: string): Promise<HoneypotSessionTimeline> {
  const [session] = rowsOf<SessionRow>(
    await db.execute(sql`SELECT session_key, started_at, src_ip, asn, country, sensor FROM honeypot_sessions
      WHERE session_key = ${id}`)
  )
  if (session === undefined) throw new HttpError(404, NOT_FOUND)
  const rows = rowsOf<{
    ts: string | Date
    eventid: string
    username: string | null
    password: string | null
    input: string | null
    url: string | null
    shasum: string | null
  }>(
    await db.execute(sql`SELECT ts, eventid, username, password, input, url, shasum FROM honeypot_events
      WHERE session_key = ${id} ORDER BY ts, event_key LIMIT ${TIMELINE_MAX + 1}`)
  )
  return {
    session: toSession(session),
    events: rows.slice(0, TIMELINE_MAX).map((row) => ({
      ts: new Date(row.ts).toISOString(),
      eventid: row.eventid,
      kind: KINDS[row.eventid] ?? 'other',
      username: row.username,
      password: row.password,
      input: row.input,
      url: row.url,
      shasum: row.shasum
    })),
    truncated: rows.length > TIMELINE_MAX
  }
}
