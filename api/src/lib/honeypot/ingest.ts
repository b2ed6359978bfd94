import { setImmediate as nextTurn } from 'node:timers/promises'
import type { HoneypotIngestResult } from '@console/contracts'
import type { Db } from '../../db/client.js'
import { DUPLICATE_KEY, formatPath, inspectJson } from '../json-inspect.js'
import { EventError, needsLookup, normalizeEvent, type HoneypotEvent, type NormalizeOptions } from './cowrie.js'
import { BodyTooLargeError, ndjsonLines, type NdjsonLimits } from './ndjson.js'
import { storeEvents } from './store.js'

/** Documented in api/README.md: the most a single ingest request may carry (after gunzip). */
export const INGEST_MAX_BYTES = 100 * 1024 * 1024
/** A Cowrie line is a few hundred bytes; anything past this is not a Cowrie event. */
export const INGEST_MAX_LINE_BYTES = 64 * 1024
/**
 * Lines per request, blank ones included (a 1 MB gzip of newlines was 100 million loop turns, up to the byte cap).
 * Five times the requests of the ingest bench (20,000 events, ~7.5 MB); at ~375 bytes a line this
 * stays under the 100 MB cap.
 */
export const INGEST_MAX_LINES = 100_000
/**
 * A compressed body may inflate to this many times its size, past the first MiB. Cowrie NDJSON
 * gzips 10-12:1 (the generator's sessions, gzip -1 to -9);
 * a gzip of newlines or spaces is about 1,000:1.
 */
export const INGEST_MAX_RATIO = 50
export const INGEST_RATIO_SLACK = 1024 * 1024
/** Cowrie events are flat, `geoip` one level down. */
const MAX_EVENT_DEPTH = 8
export const INGEST_BATCH_SIZE = 1000
/** Only the first rejected lines are listed; `rejected_count` has them all. */
export const MAX_REPORTED_REJECTIONS = 100
/**
 * While a batch is being stored, the parse loop gives the event loop a turn every this many lines:
 * a body already in memory (or a fast socket) is otherwise parsed to the next batch's end in
 * microtasks only, and the stored batch's next statement waits for that instead of overlapping it.
 */
const LINES_PER_TURN = 256

/** What a sensor is told: lines read, events stored, duplicates, the bad lines. */
export type IngestResult = HoneypotIngestResult

export interface IngestOptions extends Omit<NormalizeOptions, 'now' | 'oldestMs'>, Partial<NdjsonLimits> {
  retentionDays: number
  batchSize?: number
  /** Awaited once, before the first line that `geo` must look up (the packaged IP database loads lazily). */
  prepareGeo?: () => Promise<void>
}

/**
 * Reads newline-delimited Cowrie JSON from a stream and stores it in batches as it arrives, so a
 * batch of millions of events never sits in memory. Bad lines are reported by number and skipped;
 * the good ones around them are stored. Throws BodyTooLargeError past a limit (bytes, ratio,
 * lines), after storing every good line before it (resending is safe: ingest is idempotent).
 */
export async function ingestStream(
  db: Db,
  stream: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  options: IngestOptions,
  result: IngestResult = emptyResult()
): Promise<IngestResult> {
  const batchSize = options.batchSize ?? INGEST_BATCH_SIZE
  let prepareGeo = options.prepareGeo
  let batch: HoneypotEvent[] = []
  const reject = (line: number, error: string) => {
    result.rejected_count++
    if (result.rejected.length < MAX_REPORTED_REJECTIONS) result.rejected.push({ line, error })
  }
  // One batch is stored while the next is parsed, so the database and the parsing overlap (two
  // cores, not one after the other). At most one is in flight: batches are stored in order.
  let storing: Promise<void> | undefined
  const settle = async () => {
    const inFlight = storing
    storing = undefined
    await inFlight
  }
  const flush = async () => {
    await settle()
    storing = storeEvents(db, batch).then((stored) => {
      result.accepted += stored.inserted
      result.duplicates += stored.duplicates
    })
    storing.catch(() => {}) // handled where it is awaited (settle), not an unhandled rejection meanwhile
    batch = []
  }

  const lines = ndjsonLines(stream, {
    maxBytes: options.maxBytes ?? INGEST_MAX_BYTES,
    maxLine: options.maxLine ?? INGEST_MAX_LINE_BYTES,
    maxLines: options.maxLines ?? INGEST_MAX_LINES,
    ...(options.encodedBytes === undefined ? {} : { encodedBytes: options.encodedBytes }),
    maxRatio: options.maxRatio ?? INGEST_MAX_RATIO,
    ratioSlack: options.ratioSlack ?? INGEST_RATIO_SLACK
  })
  // One options object for every line (its clock moved per line), not a copy per event.
  const normalizeOptions: NormalizeOptions = { ...options, now: 0, oldestMs: 0 }
  let sinceTurn = 0
  try {
    for await (const item of lines) {
      result.lines = item.line
      if (storing !== undefined && ++sinceTurn >= LINES_PER_TURN) {
        sinceTurn = 0
        await nextTurn()
      }
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
      // Before anything reads the event: values PostgreSQL refuses would fail the whole batch in SQL.
      const [issue] = inspectJson(parsed, { text: item.text, maxDepth: MAX_EVENT_DEPTH, maxIssues: 1 })
      if (issue !== undefined) {
        reject(item.line, lineError(issue.path, issue.message))
        continue
      }
      if (prepareGeo !== undefined && needsLookup(parsed)) {
        await prepareGeo()
        prepareGeo = undefined
      }
      normalizeOptions.now = Date.now()
      normalizeOptions.oldestMs = normalizeOptions.now - options.retentionDays * 86_400_000
      try {
        batch.push(normalizeEvent(parsed, normalizeOptions))
      } catch (error) {
        if (!(error instanceof EventError)) throw error
        reject(item.line, error.message)
        continue
      }
      if (batch.length >= batchSize) await flush()
    }
  } catch (error) {
    // Past a limit, the lines before it are still stored, so the 413's counts are the whole truth.
    if (error instanceof BodyTooLargeError) {
      if (batch.length > 0) await flush()
      await settle()
    } else {
      await settle().catch(() => {}) // nothing left running; the first error is the one to report
    }
    throw error
  }
  if (batch.length > 0) await flush()
  await settle()
  return result
}

/** `"input" must not contain NUL characters (\u0000)`, in the style of the other line errors. */
function lineError(path: Array<string | number>, message: string): string {
  const field = `"${formatPath(path)}"`
  if (message === DUPLICATE_KEY) return `duplicate key ${field}`
  const text = message.charAt(0).toLowerCase() + message.slice(1).replace(/\.$/, '')
  return path.length === 0 ? text : `${field} ${text}`
}

export const emptyResult = (): IngestResult => ({ lines: 0, accepted: 0, duplicates: 0, rejected: [], rejected_count: 0 })
