import type { AffectedRow, FeedHitOptions, FeedPair } from '../vulns/feed-match.js'
import type { ScanField, StoredScan } from './scan.js'
import type { RecordRow } from './sbom-vulns.js'

/** Messages between an upload and its worker thread (scan-worker.ts, scan-thread.ts). */

/** One upload to check: the main thread sends it; the worker answers with `done`, `rejected` or `failed`. */
export interface ScanJob {
  type: 'job'
  /** The uploaded files, as written to a temporary folder. */
  files: Partial<Record<ScanField, string>>
  /** Pairs or ids per database read the worker asks for. */
  chunk: number
}

/** The worker asks the main thread (which holds the database) for feed data. */
export type ScanWorkerRequest =
  { type: 'affected'; id: number; pairs: FeedPair[]; options: FeedHitOptions } | { type: 'records'; id: number; osvIds: string[] }

export type ScanWorkerMessage =
  | ScanWorkerRequest
  | { type: 'done'; scan: StoredScan }
  /** A file the upload must refuse: its 400 detail. */
  | { type: 'rejected'; detail: string }
  /** The server's fault (a database read failed, a bug): a 500, and the worker is not reused. */
  | { type: 'failed'; message: string }

/** What the main thread sends: a job, or the rows a request of the job asked for. */
export type ScanWorkerInbound = ScanJob | ScanWorkerReply

export type ScanWorkerReply = { id: number; rows: AffectedRow[] | RecordRow[] } | { id: number; error: string }
