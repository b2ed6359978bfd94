import type { Worker } from 'node:worker_threads'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import { FeedError } from './errors.js'
import { isPartlyApplied } from './sources.js'
import type { StagedItem, WorkerInput, WorkerMessage } from './osv-worker-protocol.js'
import { startWorker } from '../../worker-thread.js'

/**
 * Step 1 of an OSV feed sync: the downloaded zip, read and parsed by a worker thread, goes into
 * the staging tables in small transactions: every id into osv_staging_seen, and into osv_staging
 * only the records that are new or whose `modified` differs from the live copy. Nothing live
 * changes here; the switch (osv-switch.ts) applies it. After a stepwise switch that stopped
 * midway, every record is staged: those it wrote still need their CVE rows derived and their
 * devices re-matched, which only a switch that writes them again does.
 */

export interface StageResult {
  /** JSON documents (zip members) read. */
  documents: number
  /** Records in the snapshot. */
  seen: number
  /** Of those, new or changed: staged for the switch. */
  staged: number
  skipped: number
}

export interface StageOptions {
  /** Records per staging transaction (default 250: each statement stays short, so requests get in between). */
  batchSize?: number
  onRecords?: (seen: number) => void
  onSkip?: (source: string, reason: string) => void
  signal?: AbortSignal
}

/** Batches the worker may have posted ahead of the one being written. */
const IN_FLIGHT = 2

/** The worker thread that reads and parses the zip (osv-worker.ts). */
function startParser(input: WorkerInput): Worker {
  // Its heap holds two 4 MB windows and a few batches. Tight limits make V8 collect early (about
  // 60 MB for the thread instead of 150), and a runaway document fails the feed, not the server.
  const resourceLimits = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 }
  return startWorker(import.meta.url, 'osv-worker', { workerData: input, resourceLimits })
}

/** Staging rows deleted per statement by clearStaging(). */
const CLEAR_CHUNK = 2000

/**
 * Clears this feed's staging rows: what an earlier (failed or interrupted) sync left, and on
 * PGlite what a stepwise switch applied. In statements of CLEAR_CHUNK rows: a first sync stages
 * ~200,000 records, and deleting them in the switch's last transaction (with the re-match queue's
 * inserts) held PGlite's one connection 8 s.
 */
export async function clearStaging(db: Db, feed: string): Promise<void> {
  for (const table of [sql.raw('osv_staging'), sql.raw('osv_staging_seen')]) {
    for (;;) {
      const [deleted] = rowsOf<{ n: number }>(
        await db.execute(sql`
        WITH d AS (DELETE FROM ${table} WHERE feed = ${feed}
          AND id IN (SELECT id FROM ${table} WHERE feed = ${feed} ORDER BY id LIMIT ${CLEAR_CHUNK}) RETURNING 1)
        SELECT count(*)::int AS n FROM d`)
      )
      if (Number(deleted?.n ?? 0) < CLEAR_CHUNK) break
    }
  }
}

/** Writes one batch: the ids seen, and the records the live feed does not already hold as they are. */
async function writeBatch(db: Db, feed: string, items: StagedItem[], everything: boolean): Promise<number> {
  if (items.length === 0) return 0
  const ids = JSON.stringify(items.map((item) => item.id))
  return await db.transaction(async (tx) => {
    const live = new Map(
      rowsOf<{ id: string; ms: number | null }>(
        await tx.execute(sql`
      SELECT id, (extract(epoch FROM modified_at) * 1000)::float8 AS ms FROM osv_records
      WHERE id = ANY(ARRAY(SELECT jsonb_array_elements_text(${ids}::jsonb)))`)
      ).map((row) => [row.id, row.ms === null ? null : Math.round(Number(row.ms))])
    )
    const changed = items.filter((item) => {
      if (everything || !live.has(item.id)) return true
      const stored = live.get(item.id)!
      // Same `modified`: the same record. Older than the live copy: storeOsvRecords would keep the live one anyway.
      return stored !== item.modifiedMs && !(stored !== null && item.modifiedMs !== null && item.modifiedMs < stored)
    })
    await tx.execute(sql`INSERT INTO osv_staging_seen (feed, id) SELECT ${feed}, value FROM jsonb_array_elements_text(${ids}::jsonb)
      ON CONFLICT DO NOTHING`)
    if (changed.length > 0) {
      // The records arrive serialised from the worker: joined, not parsed and stringified again.
      const rows = `[${changed.map((item) => `{"id":${JSON.stringify(item.id)},"source":${JSON.stringify(item.source)},"record":${item.json}}`).join(',')}]`
      await tx.execute(sql`INSERT INTO osv_staging (feed, id, source, record)
        SELECT ${feed}, id, source, record FROM jsonb_to_recordset(${rows}::jsonb) AS r(id text, source text, record jsonb)
        ON CONFLICT (feed, id) DO UPDATE SET source = excluded.source, record = excluded.record`)
    }
    return changed.length
  })
}

export async function stageOsvZip(db: Db, feed: string, file: string, options: StageOptions = {}): Promise<StageResult> {
  const result: StageResult = { documents: 0, seen: 0, staged: 0, skipped: 0 }
  const everything = await isPartlyApplied(db, feed)
  const worker = startParser({ file, feed, batchSize: options.batchSize ?? 250 })
  let failure: Error | undefined
  let finished = false
  const queue: WorkerMessage[] = []
  let wake: (() => void) | undefined
  const push = (message: WorkerMessage): void => {
    queue.push(message)
    wake?.()
  }
  worker.on('message', push)
  worker.on('error', (error) => push({ type: 'error', message: error.message }))
  worker.on('exit', (code) => {
    if (!finished) push({ type: 'error', message: `the parser stopped (exit code ${code})` })
  })
  const abort = (): void => push({ type: 'error', message: 'stopped' })
  options.signal?.addEventListener('abort', abort)
  try {
    for (let i = 0; i < IN_FLIGHT; i++) worker.postMessage({ type: 'more' })
    for (;;) {
      while (queue.length === 0)
        await new Promise<void>((resolve) => {
          wake = resolve
        })
      const message = queue.shift()!
      if (message.type === 'error') {
        failure = new FeedError(message.message)
        break
      }
      if (message.type === 'done') {
        result.documents = message.documents
        break
      }
      result.documents = message.documents
      for (const skip of message.skipped) options.onSkip?.(skip.source, skip.reason)
      result.skipped += message.skipped.length
      result.staged += await writeBatch(db, feed, message.items, everything)
      result.seen += message.items.length
      options.onRecords?.(result.seen)
      worker.postMessage({ type: 'more' })
    }
  } finally {
    finished = true
    options.signal?.removeEventListener('abort', abort)
    await worker.terminate()
  }
  if (failure !== undefined) throw failure
  return result
}
