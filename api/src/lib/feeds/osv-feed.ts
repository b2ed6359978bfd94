import type { Db } from '../../db/client.js'
import { plural } from '../plural.js'
import { fetchFeed } from './fetch-feed.js'
import { clearStaging, stageOsvZip } from './osv-stage.js'
import { switchOsvFeed, type SwitchResult } from './osv-switch.js'
import type { FeedOutcome, FeedProgress } from './progress.js'

/**
 * One OSV ecosystem: conditional download of `${base}/${ecosystem}/all.zip`, staging (worker
 * thread), then the switch (one transaction on PostgreSQL, short steps on PGlite). A failure is
 * recorded in feed_sources.last_error; it leaves the live copy as it was, except a stepwise switch
 * stopped midway, which says so.
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
  /** Apply the update in short transactions (PGlite: one connection, see osv-switch.ts). */
  stepwise?: boolean
}

/**
 * What a switch did, without the package names and CVE rows it queued for the re-match: a first
 * sync's hundreds of thousands of them would stay in memory with the outcome until the sync ends.
 */
export type SwitchCounts = Omit<SwitchResult, 'packageNames' | 'vulnerabilityUids' | 'orphans'>

export interface OsvFeedOutcome extends FeedOutcome {
  switched?: SwitchCounts
}

export const osvFeedName = (ecosystem: string): string => `osv:${ecosystem}`
export const osvFeedUrl = (baseUrl: string, ecosystem: string): string =>
  `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(ecosystem)}/all.zip`

export async function syncOsvFeed(db: Db, ecosystem: string, options: OsvFeedOptions): Promise<OsvFeedOutcome> {
  const name = osvFeedName(ecosystem)
  const feed = { name, kind: 'osv' as const, ecosystem, url: osvFeedUrl(options.baseUrl, ecosystem) }
  const fetchOptions = {
    ...options,
    stem: name.replace(/[^\w.-]+/g, '_'),
    extension: '.zip',
    onFailure: async () => await clearStaging(db, name)
  }
  return await fetchFeed(db, feed, fetchOptions, async (file, fetched) => {
    await clearStaging(db, name)
    const start = performance.now()
    const staged = await stageOsvZip(db, name, file, {
      signal: options.signal,
      batchSize: options.batchSize,
      onSkip: options.onSkip,
      onRecords: (records) =>
        options.onProgress?.({ feed: name, phase: 'parse', records, seconds: (performance.now() - start) / 1000 })
    })
    options.onProgress?.({ feed: name, phase: 'switch' })
    const switchStart = performance.now()
    const switched = await switchOsvFeed(
      db,
      name,
      { validators: fetched.validators, sha256: fetched.sha256 },
      { stepwise: options.stepwise, signal: options.signal }
    )
    const switchSeconds = (performance.now() - switchStart) / 1000
    const seconds = (performance.now() - start) / 1000
    const { packageNames, vulnerabilityUids, orphans, ...counts } = switched
    return {
      name,
      status: switched.changed ? 'changed' : 'unchanged',
      switched: counts,
      message:
        `${name}: ${plural(switched.records, 'record')} (${switched.written.toLocaleString('en-US')} new or changed, ` +
        `${switched.removed.toLocaleString('en-US')} removed, ${staged.skipped.toLocaleString('en-US')} skipped) from ` +
        `${(fetched.bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s (${Math.round(staged.seen / Math.max(seconds, 0.001)).toLocaleString('en-US')} records/s; switch ${switchSeconds.toFixed(1)} s)`
    }
  })
}
