import fs from 'node:fs'
import path from 'node:path'
import type { Db } from '../../db/client.js'
import { plural } from '../plural.js'
import { download } from './download.js'
import { describeFeedError } from './errors.js'
import { clearStaging, stageOsvZip } from './osv-stage.js'
import { switchOsvFeed, type SwitchResult } from './osv-switch.js'
import type { FeedOutcome, FeedProgress } from './progress.js'
import { markAttempt, markFailed, markUnchanged } from './sources.js'

/**
 * One OSV ecosystem: conditional download of `${base}/${ecosystem}/all.zip`, staging (worker
 * thread), then the one-transaction switch. Any failure leaves the live copy as it was and is
 * recorded in feed_sources.last_error.
 */

export interface OsvFeedOptions {
  baseUrl: string
  /** Folder for the download (removed after). */
  workDir: string
  onProgress?: (event: FeedProgress) => void
  onSkip?: (source: string, reason: string) => void
  signal?: AbortSignal
  /** Records per staging transaction. */
  batchSize?: number
}

export interface OsvFeedOutcome extends FeedOutcome {
  switched?: SwitchResult
}

export const osvFeedName = (ecosystem: string): string => `osv:${ecosystem}`
export const osvFeedUrl = (baseUrl: string, ecosystem: string): string => `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(ecosystem)}/all.zip`

export async function syncOsvFeed (db: Db, ecosystem: string, options: OsvFeedOptions): Promise<OsvFeedOutcome> {
  const name = osvFeedName(ecosystem)
  const url = osvFeedUrl(options.baseUrl, ecosystem)
  const file = path.join(options.workDir, `${name.replace(/[^\w.-]+/g, '_')}-${process.pid}.zip`)
  const stored = await markAttempt(db, { name, kind: 'osv', ecosystem, url })
  try {
    const fetched = await download(url, file, {
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
    await clearStaging(db, name)
    const start = performance.now()
    const staged = await stageOsvZip(db, name, file, {
      signal: options.signal,
      batchSize: options.batchSize,
      onSkip: options.onSkip,
      onRecords: (records) => options.onProgress?.({ feed: name, phase: 'parse', records, seconds: (performance.now() - start) / 1000 })
    })
    options.onProgress?.({ feed: name, phase: 'switch' })
    const switchStart = performance.now()
    const switched = await switchOsvFeed(db, name, { validators, sha256: fetched.sha256 })
    const switchSeconds = (performance.now() - switchStart) / 1000
    const seconds = (performance.now() - start) / 1000
    return {
      name,
      status: switched.changed ? 'changed' : 'unchanged',
      switched,
      message: `${name}: ${plural(switched.records, 'record')} (${switched.written.toLocaleString('en-US')} new or changed, ` +
        `${switched.removed.toLocaleString('en-US')} removed, ${staged.skipped.toLocaleString('en-US')} skipped) from ` +
        `${(fetched.bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s (${Math.round(staged.seen / Math.max(seconds, 0.001)).toLocaleString('en-US')} records/s; switch ${switchSeconds.toFixed(1)} s)`
    }
  } catch (error) {
    const reason = describeFeedError(error)
    await clearStaging(db, name).catch(() => {})
    await markFailed(db, name, reason).catch(() => {})
    return { name, status: 'failed', message: `${reason} — the previous feed is kept (${name})` }
  } finally {
    await fs.promises.rm(file, { force: true })
  }
}
