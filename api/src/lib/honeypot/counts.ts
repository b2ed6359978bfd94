import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import { COMMAND_EVENT, DOWNLOAD_EVENT, FILE_EVENTS, LOGIN_EVENTS } from './cowrie.js'
import { md5Uuid, type RollupKind } from './store.js'
import { topFromDailyTops } from './top-k.js'
import { fromNearerHour, fromWholeDay, hourOf, windowPieces, type WindowPiece } from './window.js'

/**
 * Exact counts over any window, read from the rollups plus the raw rows of its partial edge hours
 * (window.ts). Every kind's raw source below counts exactly what store.ts adds to its rollup.
 */

const iso = (ms: number): string => new Date(ms).toISOString()
const list = (values: Iterable<string>): SQL =>
  sql.join(
    [...values].map((value) => sql`${value}`),
    sql`, `
  )

interface RawSource {
  table: 'sessions' | 'events'
  value: SQL
  where: SQL
}

const SESSIONS: RawSource = { table: 'sessions', value: sql`''`, where: sql`true` }
const RAW: Record<RollupKind, RawSource> = {
  sessions: SESSIONS,
  asn: { ...SESSIONS, value: sql`asn` },
  country: { ...SESSIONS, value: sql`country` },
  src_ip: { ...SESSIONS, value: sql`src_ip` },
  command: { table: 'events', value: sql`input`, where: sql`eventid = ${COMMAND_EVENT} AND input <> ''` },
  hash: { table: 'events', value: sql`shasum`, where: sql`eventid IN (${list(FILE_EVENTS)}) AND shasum <> ''` },
  username: { table: 'events', value: sql`username`, where: sql`eventid IN (${list(LOGIN_EVENTS)}) AND username IS NOT NULL` },
  password: { table: 'events', value: sql`password`, where: sql`eventid IN (${list(LOGIN_EVENTS)}) AND password IS NOT NULL` },
  url: { table: 'events', value: sql`url`, where: sql`eventid = ${DOWNLOAD_EVENT} AND url <> ''` },
  sensor_key: { table: 'events', value: sql`sensor_key_id::text`, where: sql`sensor_key_id IS NOT NULL` }
}

/** A kind's raw table and its time column. */
const rawTable = (kind: RollupKind): [SQL, SQL] =>
  RAW[kind].table === 'sessions' ? [sql`honeypot_sessions`, sql`started_at`] : [sql`honeypot_events`, sql`ts`]

function between(column: SQL, piece: WindowPiece): SQL {
  const from = sql`${column} >= ${iso(piece.from)}::timestamptz`
  return piece.to === null ? from : sql`${from} AND ${column} < ${iso(piece.to)}::timestamptz`
}

/** `value, count` rows of a window's raw piece: the events (or sessions) themselves. */
export const rawRows = (kind: RollupKind, piece: WindowPiece): SQL => pieceRows(kind, piece, undefined)

/**
 * `value, count` rows of one piece of a window (several rows per value; the caller sums them),
 * without `exclude`, or of the value `only` alone.
 */
function pieceRows(kind: RollupKind, piece: WindowPiece, exclude: string | undefined, only?: string): SQL {
  if (piece.source === 'raw') {
    const raw = RAW[kind]
    const [table, time] = rawTable(kind)
    const not = exclude === undefined ? sql`` : sql` AND ${raw.value} <> ${exclude}`
    const just = only === undefined ? sql`` : sql` AND ${raw.value} = ${only}`
    const count = piece.sign === -1 ? sql`-count(*)` : sql`count(*)`
    return sql`SELECT ${raw.value} AS value, ${count} AS count FROM ${table}
      WHERE ${between(time, piece)} AND ${raw.where}${not}${just} GROUP BY 1`
  }
  const table = piece.source === 'hour' ? sql`honeypot_rollups` : sql`honeypot_daily_rollups`
  const not = exclude === undefined ? sql`` : sql` AND value <> ${exclude}`
  const just = only === undefined ? sql`` : sql` AND value_hash = ${md5Uuid(only)}::uuid AND value = ${only}`
  const count = piece.sign === -1 ? sql`-count` : sql`count`
  return sql`SELECT value, ${count} AS count FROM ${table} WHERE kind = ${kind} AND ${between(sql`bucket`, piece)}${not}${just}`
}

/** Whether raw rows of a kind older than the hour of `ms` remain: no prune has cut into that hour (fromNearerHour). */
function rawBefore(kind: RollupKind, ms: number): SQL {
  const [table, time] = rawTable(kind)
  return sql`EXISTS (SELECT 1 FROM ${table} WHERE ${time} < ${iso(hourOf(ms))}::timestamptz)`
}

export async function rawKeptBefore(db: Db, kind: RollupKind, ms: number): Promise<boolean> {
  const [row] = rowsOf<{ kept: boolean }>(await db.execute(sql`SELECT ${rawBefore(kind, ms)} AS kept`))
  return row?.kept === true
}

/**
 * The pieces of [from, to) to read for one kind, the fewest rows (fromWholeDay): the oldest hourly
 * bucket of the kind still stored says whether the hours before the window can be taken away.
 */
async function piecesOf(db: Db, kind: RollupKind, from: number, to: number | null): Promise<WindowPiece[]> {
  const pieces = windowPieces(from, to)
  if (!pieces.some((piece) => piece.source === 'hour')) return pieces
  const [oldest] = rowsOf<{ bucket: string | Date | null; raw_before: boolean }>(
    await db.execute(sql`SELECT (SELECT min(bucket) FROM honeypot_rollups WHERE kind = ${kind}) AS bucket,
      ${rawBefore(kind, from)} AS raw_before`)
  )
  const hourlyFrom = oldest?.bucket === null || oldest?.bucket === undefined ? undefined : new Date(oldest.bucket).getTime()
  return fromWholeDay(fromNearerHour(pieces, hourlyFrom, oldest?.raw_before === true), hourlyFrom)
}

const union = (kind: RollupKind, pieces: WindowPiece[], exclude?: string, only?: string): SQL =>
  pieces.length === 0
    ? sql`SELECT ''::text AS value, 0::bigint AS count WHERE false`
    : sql.join(
        pieces.map((piece) => pieceRows(kind, piece, exclude, only)),
        sql` UNION ALL `
      )

export interface Counted {
  value: string
  count: number
}

export interface TopOptions {
  limit: number
  /** A value never ranked (`unknown`). */
  exclude?: string
}

/** The values of a kind with the most counts in [from, to) (to null: up to now), ties by value. */
export async function topValues(
  db: Db,
  kind: RollupKind,
  from: number,
  to: number | null,
  options: TopOptions
): Promise<Counted[]> {
  const pieces = await piecesOf(db, kind, from, to)
  const days = pieces.find((piece) => piece.source === 'day')
  // A short list over whole days: from each day's biggest counts when that is provably the answer.
  if (days !== undefined && options.limit <= TOP_K_MAX) {
    const edge = union(
      kind,
      pieces.filter((piece) => piece !== days)
    )
    const top = await topFromDailyTops(db, { kind, days, edge, limit: options.limit, exclude: options.exclude })
    if (top !== undefined) return top
  }
  const rows = rowsOf<{ value: string; count: string | number }>(
    await db.execute(sql`
    SELECT value, sum(count)::bigint AS count FROM (${union(kind, pieces, options.exclude)}) AS counted
    GROUP BY value
    -- A value seen only in the hours taken away nets to zero: not in the window.
    HAVING sum(count) > 0
    -- Ties break by value in byte order, the same on PGlite and on any PostgreSQL locale.
    ORDER BY count DESC, value COLLATE "C" ASC
    LIMIT ${options.limit}`)
  )
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }))
}

/** Top lists up to this long try the daily tops first (top-k.ts); longer ones (exports) sum everything. */
export const TOP_K_MAX = 20

/** Every value of a kind in the window with its count, most first (ties by value), at most `limit`. */
export const allValues = async (db: Db, kind: RollupKind, from: number, to: number | null, limit: number) =>
  await topValues(db, kind, from, to, { limit })

/** The sum of a kind's counts in the window, of one value or of all. */
export async function countOf(db: Db, kind: RollupKind, from: number, to: number | null, value?: string): Promise<number> {
  // One value: each piece keeps only its rows (in the rollups by value_hash, which their primary key
  // holds, so no other value's row is fetched: at 20M events a filter on the sum fetched them all).
  const counted = union(kind, await piecesOf(db, kind, from, to), undefined, value)
  const [row] = rowsOf<{ total: string | number }>(
    await db.execute(sql`SELECT coalesce(sum(count), 0)::bigint AS total FROM (${counted}) AS counted`)
  )
  return Number(row?.total ?? 0)
}

/**
 * Sessions started per bucket (an hour or a UTC day) in [from, to): `{bucket start ms: count}`.
 * Hourly series read no daily rollups (a day cannot be split into hours).
 */
export async function sessionsPerBucket(
  db: Db,
  from: number,
  to: number | null,
  bucket: 'hour' | 'day'
): Promise<Array<{ bucket: number; count: number }>> {
  const pieces = windowPieces(from, to, { days: bucket === 'day' })
  if (pieces.length === 0) return []
  const parts = pieces.map((piece) => {
    if (piece.source === 'raw') {
      return sql`SELECT date_trunc('hour', started_at, 'UTC') AS bucket, count(*) AS count FROM honeypot_sessions
        WHERE ${between(sql`started_at`, piece)} GROUP BY 1`
    }
    const table = piece.source === 'hour' ? sql`honeypot_rollups` : sql`honeypot_daily_rollups`
    return sql`SELECT bucket, count FROM ${table} WHERE kind = 'sessions' AND ${between(sql`bucket`, piece)}`
  })
  const rows = rowsOf<{ bucket: string | Date; count: string | number }>(
    await db.execute(
      sql`SELECT bucket, sum(count)::bigint AS count FROM (${sql.join(parts, sql` UNION ALL `)}) AS counted GROUP BY bucket`
    )
  )
  return rows.map((row) => ({ bucket: new Date(row.bucket).getTime(), count: Number(row.count) }))
}
