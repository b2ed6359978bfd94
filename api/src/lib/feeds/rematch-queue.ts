import { sql } from 'drizzle-orm'
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

/** A queue as read: the change it owes, and the entries as they were (for clearRematchQueue). */
export interface QueuedRematch {
  change: OsvChange
  entries: Array<{ kind: Kind; key: string; at: string }>
}

export async function queueRematch(tx: Db, change: OsvChange): Promise<void> {
  const parts: Array<[Kind, Set<string>]> = [
    ['package', change.packageNames],
    ['vulnerability', change.vulnerabilityUids],
    ['orphan', change.orphans]
  ]
  for (const [kind, keys] of parts) {
    for (const slice of chunks([...keys], CHUNK)) {
      await tx.execute(sql`
        INSERT INTO feed_rematch_queue (kind, key)
        SELECT ${kind}, value FROM jsonb_array_elements_text(${json(slice)})
        ON CONFLICT (kind, key) DO UPDATE SET queued_at = clock_timestamp()`)
    }
  }
}

/** Entries read per batch: PGlite's heap grows to its largest result and keeps that size. */
const PAGE = 10_000

/** Everything queued, or null when nothing is owed. */
export async function readRematchQueue(db: Db): Promise<QueuedRematch | null> {
  const entries: QueuedRematch['entries'] = []
  const query = db
    .select({
      kind: feedRematchQueue.kind,
      key: feedRematchQueue.key,
      at: sql<string>`${feedRematchQueue.queuedAt}::text`.as('at')
    })
    .from(feedRematchQueue)
  for await (const batch of queryBatches<QueuedRematch['entries'][number]>(db, query, PAGE)) entries.push(...batch)
  if (entries.length === 0) return null
  const change: OsvChange = { packageNames: new Set(), vulnerabilityUids: new Set(), orphans: new Set() }
  const sets: Record<Kind, Set<string>> = {
    package: change.packageNames,
    vulnerability: change.vulnerabilityUids,
    orphan: change.orphans
  }
  for (const entry of entries) sets[entry.kind].add(entry.key)
  return { change, entries }
}

/** Removes the entries a finished re-match read; one queued again meanwhile (a newer time) stays. */
export async function clearRematchQueue(db: Db, entries: QueuedRematch['entries']): Promise<void> {
  for (const slice of chunks(entries, CHUNK)) {
    await db.execute(sql`
      DELETE FROM feed_rematch_queue q
      USING jsonb_to_recordset(${json(slice)}) AS e(kind text, key text, at text)
      WHERE q.kind = e.kind AND q.key = e.key AND q.queued_at = e.at::timestamptz`)
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
