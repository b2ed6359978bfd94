import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { bumpAllTenantData } from '../data-version.js'
import type { ReanalyseTotals } from '../insights/reanalyse.js'
import type { MatchTotals } from '../vulns/match.js'
import { ecosystemsInUse } from './ecosystems.js'
import { syncEpss } from './epss.js'
import { syncKev } from './kev.js'
import { tryFeedSyncLock } from './lock.js'
import { syncOsvFeed } from './osv-feed.js'
import { reclaimFeedTables } from './reclaim.js'
import { rematchQueued } from './osv-rematch.js'
import { rematchOwed } from './rematch-queue.js'
import type { FeedOutcome, FeedProgress } from './progress.js'

/**
 * `sync-feeds` and the server's daily job: every OSV ecosystem in use, then CISA KEV and FIRST
 * EPSS, each fetched only when it changed; then one re-match of what the OSV changes touched.
 * A feed that fails keeps its previous copy and does not stop the others.
 */

export interface SyncSettings {
  osvBaseUrl: string
  kevUrl: string
  epssUrl: string
  /** FEED_ECOSYSTEMS: synced whether or not anything uses them. */
  ecosystems: string[]
  /** DATA_DIR with the embedded database (downloads go to DATA_DIR/feeds), else a temp folder. */
  dataDir: string
  /** PostgreSQL: the sync takes an advisory lock so that only one process runs it. */
  databaseUrl: string | undefined
}

export interface SyncOptions {
  /** What is not about one feed (another process holds the lock). */
  log?: (line: string) => void
  /** Each feed's outcome as it ends. */
  onFeed?: (outcome: FeedOutcome) => void
  onProgress?: (event: FeedProgress) => void
  onSkip?: (source: string, reason: string) => void
  signal?: AbortSignal
}

export interface SyncResult {
  /** Another process held the lock: nothing was done. */
  locked: boolean
  /** The OSV ecosystems synced. */
  ecosystems: string[]
  outcomes: FeedOutcome[]
  /** The re-match after OSV changes (absent when no OSV feed changed). */
  matched?: MatchTotals
  /** Seconds the re-match (devices, SBOMs, orphans, coverage) took. */
  matchSeconds?: number
  sboms?: ReanalyseTotals
  removedCves?: number
}

export const LOCKED_MESSAGE = 'another process is syncing the feeds; this sync is skipped'

async function workFolder(settings: SyncSettings): Promise<{ dir: string; remove: () => Promise<void> }> {
  if (settings.databaseUrl === undefined) {
    const dir = path.join(settings.dataDir, 'feeds')
    await fs.promises.mkdir(dir, { recursive: true })
    return { dir, remove: async () => {} }
  }
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'console-feeds-'))
  return { dir, remove: async () => await fs.promises.rm(dir, { recursive: true, force: true }) }
}

export async function syncFeeds(db: Db, settings: SyncSettings, options: SyncOptions = {}): Promise<SyncResult> {
  const unlock = await tryFeedSyncLock(settings.databaseUrl)
  if (unlock === null) {
    options.log?.(LOCKED_MESSAGE)
    return { locked: true, ecosystems: [], outcomes: [] }
  }
  const work = await workFolder(settings)
  try {
    const result: SyncResult = { locked: false, ecosystems: await ecosystemsInUse(db, settings.ecosystems), outcomes: [] }
    const stopped = (): boolean => options.signal?.aborted === true
    const report = (outcome: FeedOutcome): void => {
      result.outcomes.push(outcome)
      options.onFeed?.(outcome)
    }
    for (const ecosystem of result.ecosystems) {
      if (stopped()) break
      report(
        await syncOsvFeed(db, ecosystem, {
          baseUrl: settings.osvBaseUrl,
          workDir: work.dir,
          stepwise: settings.databaseUrl === undefined,
          ...options
        })
      )
    }
    // What the switches queued, and what an earlier sync stopped mid re-match left queued.
    if (!stopped() && (await rematchOwed(db))) {
      const start = performance.now()
      try {
        const rematch = await rematchQueued(db, { signal: options.signal })
        if (rematch !== null) {
          result.matched = rematch.matched
          result.sboms = rematch.sboms
          result.removedCves = rematch.removed
          result.matchSeconds = (performance.now() - start) / 1000
        }
      } catch (error) {
        if (!stopped()) throw error
        options.log?.('stopped while re-matching: the rest stays queued for the next sync')
      } finally {
        // Batches written before a stop are visible too.
        bumpAllTenantData()
      }
    }
    if (!stopped()) report(await syncKev(db, { url: settings.kevUrl, workDir: work.dir, ...options }))
    if (!stopped())
      report(
        await syncEpss(db, { url: settings.epssUrl, workDir: work.dir, stepwise: settings.databaseUrl === undefined, ...options })
      )
    // PGlite has no autovacuum (PostgreSQL's reclaims these by itself).
    if (settings.databaseUrl === undefined && result.outcomes.some((outcome) => outcome.status !== 'unchanged'))
      await reclaimFeedTables(db)
    return result
  } finally {
    await work.remove()
    await unlock()
  }
}

/** The sync's settings from the configuration (env). */
export function syncSettings(config: Config): SyncSettings {
  return {
    osvBaseUrl: config.osvBaseUrl,
    kevUrl: config.kevUrl,
    epssUrl: config.epssUrl,
    ecosystems: config.feedEcosystems,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl
  }
}
