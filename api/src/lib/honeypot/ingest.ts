import type { Db } from '../../db/client.js'
import { EventError, normalizeEvent, type HoneypotEvent, type NormalizeOptions } from './cowrie.js'
import { ndjsonLines } from './ndjson.js'
import { storeEvents } from './store.js'

/** Documented in api/README.md: the most a single ingest request may carry (after gunzip). */
export const INGEST_MAX_BYTES = 100 * 1024 * 1024
/** A Cowrie line is a few hundred bytes; anything past this is not a Cowrie event. */
export const INGEST_MAX_LINE_BYTES = 64 * 1024
export const INGEST_BATCH_SIZE = 1000
/** Only the first rejected lines are listed; `rejected_count` has them all. */
export const MAX_REPORTED_REJECTIONS = 100

export interface IngestResult {
  lines: number
  accepted: number
  duplicates: number
  rejected: Array<{ line: number, error: string }>
  rejected_count: number
}

export interface IngestOptions extends Omit<NormalizeOptions, 'now' | 'oldestMs'> {
  retentionDays: number
  maxBytes?: number
  maxLineBytes?: number
  batchSize?: number
}

/**
 * Reads newline-delimited Cowrie JSON from a stream and stores it in batches as it arrives, so a
 * batch of millions of events never sits in memory. Bad lines are reported by number and skipped;
 * the good ones around them are stored. Throws BodyTooLargeError past maxBytes (whatever was
 * stored before stays stored; resending is safe because ingest is idempotent).
 */
export async function ingestStream (db: Db, stream: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, options: IngestOptions, result: IngestResult = emptyResult()): Promise<IngestResult> {
  const batchSize = options.batchSize ?? INGEST_BATCH_SIZE
  let batch: HoneypotEvent[] = []
  const reject = (line: number, error: string) => {
    result.rejected_count++
    if (result.rejected.length < MAX_REPORTED_REJECTIONS) result.rejected.push({ line, error })
  }
  const flush = async () => {
    const stored = await storeEvents(db, batch)
    result.accepted += stored.inserted
    result.duplicates += stored.duplicates
    batch = []
  }

  for await (const item of ndjsonLines(stream, options.maxBytes ?? INGEST_MAX_BYTES, options.maxLineBytes ?? INGEST_MAX_LINE_BYTES)) {
    result.lines = item.line
    if ('error' in item) {
      reject(item.line, item.error)
      continue
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(item.text)
    } catch {
      reject(item.line, 'not valid JSON')
      continue
    }
    const now = Date.now()
    try {
      batch.push(normalizeEvent(parsed, { ...options, now, oldestMs: now - options.retentionDays * 86_400_000 }))
    } catch (error) {
      if (!(error instanceof EventError)) throw error
      reject(item.line, error.message)
      continue
    }
    if (batch.length >= batchSize) await flush()
  }
  if (batch.length > 0) await flush()
  return result
}

export const emptyResult = (): IngestResult => ({ lines: 0, accepted: 0, duplicates: 0, rejected: [], rejected_count: 0 })
