import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.js'
import { json } from '../sql-params.js'
import { feedRematchQueue } from '../../db/schema/index.js'
import { queryBatches } from '../sql-cursor.js'
import { chunks, rowsOf } from '../sql-rows.js'

/**
 * The re-match still owed after OSV records changed (table feed_rematch_queue): queued in the same
 * transaction as the change it follows, taken whole by the re-match and removed only once it
 * finished. A stop in between (SIGTERM, a crash) leaves it for the next sync, so findings never
 * silently stay on the previous copy of the feed.
 */

type Kind = 'package' | 'vulnerability' | 'orphan'

/** What a change of OSV records can concern: a sync's switch or a file import. */
export interface OsvChange {
  /** Package names whose affected rows changed. */
  packageNames: Set<string>
  /** CVE rows re-derived (their score may have changed). */
  vulnerabilityUids: Set<string>
  /** CVE rows no record speaks for any more. */
  orphans: Set<string>
}

/** Entries written per statement. */
const CHUNK = 5000

/**
 * The entries a re-match read, as they were (for clearRematchQueue): per kind, its keys and their
 * queue times (microseconds since 1970, exact in a double), in parallel arrays. A first sync queues
 * hundreds of thousands, kept for the whole re-match: an object and a timestamp string each cost
 * ~100 bytes more than this (the keys themselves are the strings of the change's sets).
 */
export type QueuedEntries = Record<Kind, { keys: string[]; at: number[] }>

/** A queue as read: the change it owes, and the entries as they were (for clearRematchQueue). */
export interface QueuedRematch {
  change: OsvChange
  entries: QueuedEntries
}

/** One statement's worth of queue entries: a kind and at most CHUNK of its keys. */
export type RematchPiece = [Kind, string[]]

/**
 * The change's entries, CHUNK at a time (PGlite's stepwise switch writes each piece in a
 * transaction of its own: a first sync queues ~220,000 entries, 6 s in one transaction).
 */
export function rematchPieces(change: OsvChange): RematchPiece[] {
  const parts: Array<[Kind, Set<string>]> = [
    ['package', change.packageNames],
    ['vulnerability', change.vulnerabilityUids],
    ['orphan', change.orphans]
  ]
  return parts.flatMap(([kind, keys]) => chunks([...keys], CHUNK).map((slice): RematchPiece => [kind, slice]))
}

export async function queueRematchPiece(tx: Db, [kind, keys]: RematchPiece): Promise<void> {
  await tx.execute(sql`
    INSERT INTO feed_rematch_queue (kind, key)
    SELECT ${kind}, value FROM jsonb_array_elements_text(${json(keys)})
    ON CONFLICT (kind, key) DO UPDATE SET queued_at = clock_timestamp()`)
}

export async function queueRematch(tx: Db, change: OsvChange): Promise<void> {
  for (const piece of rematchPieces(change)) await queueRematchPiece(tx, piece)
}

/** Entries read per batch: PGlite's heap grows to its largest result and keeps that size. */
const PAGE = 10_000

/** A queue time as microseconds since 1970 (exact: timestamps are whole microseconds, far below 2^53). */
const microseconds = (column: SQL | AnyPgColumn): SQL => sql`(extract(epoch FROM ${column}) * 1000000)::bigint`

/** Everything queued, or null when nothing is owed. */
export async function readRematchQueue(db: Db): Promise<QueuedRematch | null> {
  const change: OsvChange = { packageNames: new Set(), vulnerabilityUids: new Set(), orphans: new Set() }
  const sets: Record<Kind, Set<string>> = {
    package: change.packageNames,
    vulnerability: change.vulnerabilityUids,
    orphan: change.orphans
  }
  const entries: QueuedEntries = {
    package: { keys: [], at: [] },
    vulnerability: { keys: [], at: [] },
    orphan: { keys: [], at: [] }
  }
  const query = db
    .select({
      kind: feedRematchQueue.kind,
      key: feedRematchQueue.key,
      at: sql<number>`${microseconds(feedRematchQueue.queuedAt)}::float8`.as('at')
    })
    .from(feedRematchQueue)
  let read = 0
  for await (const batch of queryBatches<{ kind: Kind; key: string; at: number }>(db, query, PAGE)) {
    for (const row of batch) {
      sets[row.kind].add(row.key)
      entries[row.kind].keys.push(row.key)
      entries[row.kind].at.push(Number(row.at))
    }
    read += batch.length
  }
  if (read === 0) return null
  return { change, entries }
}

/** Removes the entries a finished re-match read; one queued again meanwhile (a newer time) stays. */
export async function clearRematchQueue(db: Db, entries: QueuedEntries): Promise<void> {
  for (const kind of Object.keys(entries) as Kind[]) {
    const { keys, at } = entries[kind]
    for (let from = 0; from < keys.length; from += CHUNK) {
      const slice = keys.slice(from, from + CHUNK).map((key, i) => ({ key, at: at[from + i] }))
      await db.execute(sql`
        DELETE FROM feed_rematch_queue q
        USING jsonb_to_recordset(${json(slice)}) AS e(key text, at bigint)
        WHERE q.kind = ${kind} AND q.key = e.key AND ${microseconds(sql`q.queued_at`)} = e.at`)
    }
  }
}

/** Whether anything is queued at all. */
export async function rematchOwed(db: Db): Promise<boolean> {
  return rowsOf(await db.execute(sql`SELECT 1 FROM feed_rematch_queue LIMIT 1`)).length > 0
}

/** What still waits for a re-match (Settings says findings are behind the stored feed). */
export async function rematchBacklog(db: Db): Promise<{ pending: number; since: string | null }> {
  const [row] = rowsOf<{ n: number; since: string | null }>(
    await db.execute(sql`SELECT count(*)::int AS n, min(queued_at) AS since FROM feed_rematch_queue WHERE kind <> 'orphan'`)
  )
  return { pending: Number(row?.n ?? 0), since: row?.since == null ? null : new Date(row.since).toISOString() }
}
