import fs from 'node:fs'
import path from 'node:path'
import type { Db } from '../../db/client.js'
import { download, type DownloadResult, type Validators } from './download.js'
import { describeFeedError, FeedError, PartlyAppliedError } from './errors.js'
import type { FeedOutcome, FeedProgress } from './progress.js'
import { markAttempt, markFailed, markUnchanged, type FeedIdentity } from './sources.js'

/**
 * The part every downloaded feed (an OSV zip, KEV, EPSS) shares: record the attempt, download
 * conditionally into the work folder, stop at a 304 or at the same bytes as last time, else hand
 * the file to `apply`; a failure anywhere is recorded and keeps the previous copy. The file is
 * removed in every case.
 */

export interface FetchFeedOptions {
  workDir: string
  /** The download's name in workDir, the process id and `extension` added: "kev" → kev-123.json. */
  stem: string
  extension: string
  signal?: AbortSignal
  onProgress?: (event: FeedProgress) => void
  /** Clean-up of the feed's own after a failure (e.g. its staging rows). */
  onFailure?: () => Promise<void>
}

/** What the sync of a one-file feed (KEV, EPSS) is given. */
export type FileFeedSyncOptions = Pick<FetchFeedOptions, 'workDir' | 'signal' | 'onProgress'> & { url: string }

/** Where the applied file came from, stored with the feed: a download's validators and digest, nulls for an imported file. */
export interface FileOrigin {
  validators: Validators | null
  sha256: string | null
}

export const IMPORTED_FILE: FileOrigin = Object.freeze({ validators: null, sha256: null })

export type Fetched = Extract<DownloadResult, { notModified: false }> & { validators: Validators }

export async function fetchFeed<O extends FeedOutcome>(
  db: Db,
  feed: FeedIdentity & { url: string },
  options: FetchFeedOptions,
  apply: (file: string, fetched: Fetched) => Promise<O>
): Promise<O | FeedOutcome> {
  const { name } = feed
  const file = path.join(options.workDir, `${options.stem}-${process.pid}${options.extension}`)
  const stored = await markAttempt(db, feed)
  try {
    const fetched = await download(feed.url, file, {
      validators: stored,
      signal: options.signal,
      onProgress: (bytes, total) => options.onProgress?.({ feed: name, phase: 'download', bytes, total })
    })
    if (fetched.notModified) {
      await markUnchanged(db, name)
      return { name, status: 'unchanged', message: `${name}: not modified since the last sync` }
    }
    const validators = { etag: fetched.etag, lastModified: fetched.lastModified }
    if (fetched.sha256 === stored.sha256) {
      await markUnchanged(db, name, validators)
      return { name, status: 'unchanged', message: `${name}: same file as the last sync` }
    }
    return await apply(file, { ...fetched, validators })
  } catch (error) {
    const reason = describeFeedError(error)
    await options.onFailure?.().catch(() => {})
    await markFailed(db, name, reason).catch(() => {})
    const kept = error instanceof PartlyAppliedError ? '' : ' — the previous feed is kept'
    return { name, status: 'failed', message: `${reason}${kept} (${name})` }
  } finally {
    await fs.promises.rm(file, { force: true })
  }
}

/** A file given to `import-kev` / `import-epss`: it must exist, be a file, and not exceed `maxBytes`. */
export async function checkImportFile(file: string, maxBytes: number, what: string): Promise<void> {
  let stat: fs.Stats
  try {
    stat = await fs.promises.stat(file)
  } catch {
    throw new FeedError(`No such file: ${file}`)
  }
  if (!stat.isFile()) throw new FeedError(`Not a file: ${file}`)
  if (stat.size > maxBytes) throw new FeedError(`${file} is too large to be ${what} (${stat.size.toLocaleString('en-US')} bytes)`)
}
