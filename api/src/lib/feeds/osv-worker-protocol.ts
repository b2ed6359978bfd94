/** Messages between a feed sync and its parsing worker (osv-worker.ts). */

export interface WorkerInput {
  file: string
  /** Feed name ("osv:Debian"): sources read "<feed>!<member>". */
  feed: string
  /** Records per batch posted. */
  batchSize: number
}

/** One parsed record, serialised (OsvRecord as JSON) for the staging table. */
export interface StagedItem {
  id: string
  /** `modified` in ms since the epoch: what decides whether the live copy is older. */
  modifiedMs: number | null
  source: string
  json: string
}

export type WorkerMessage =
  | { type: 'batch'; items: StagedItem[]; skipped: Array<{ source: string; reason: string }>; documents: number }
  | { type: 'done'; documents: number }
  | { type: 'error'; message: string }
