import { sql } from 'drizzle-orm'
import { isEmbedded, type Db } from '../../db/client.js'
import { reanalyseSboms, type ReanalyseTotals } from '../insights/reanalyse.js'
import { refreshFeedEcosystems } from '../vulns/coverage.js'
import { devicesTouched, matchDevices, removeOrphanVulnerabilities, type MatchTotals } from '../vulns/match.js'
import { clearRematchQueue, queueRematch, readRematchQueue, type OsvChange } from './rematch-queue.js'

export type { OsvChange } from './rematch-queue.js'

export interface OsvRematch {
  /** The devices whose packages or findings the change touched, re-matched. */
  matched: MatchTotals
  /** The stored SBOMs with a component named like an affected row that came or went, analysed again. */
  sboms: ReanalyseTotals
  /** CVE rows dropped because no record and no finding uses them any more. */
  removed: number
}

export interface RematchOptions {
  onMatchProgress?: (done: number, total: number) => void
  /** Stops between batches (the server shutting down): what is left stays queued for the next sync. */
  signal?: AbortSignal
}

/**
 * After OSV records changed (`sync-feeds`, `import-osv`): the feed's ecosystem coverage, then the
 * devices the queued changes can concern (only those packages on each), then the SBOMs they can
 * concern (and any never analysed), then the orphaned CVE rows; the queue is emptied at the end.
 * Null when nothing was queued. Matching and analysis live in lib/vulns and lib/insights; this job
 * only runs them in order.
 */
export async function rematchQueued(db: Db, options: RematchOptions = {}): Promise<OsvRematch | null> {
  const queued = await readRematchQueue(db)
  if (queued === null) return null
  const { packageNames, vulnerabilityUids, orphans } = queued.change
  await refreshFeedEcosystems(db)
  // PGlite runs no autovacuum, and a switch rewrites the CVE rows: without a fresh visibility map
  // the matcher's existence check on each finding's CVE row (match.ts) reads its heap page at random.
  if (isEmbedded(db)) {
    await db.execute(sql`VACUUM (ANALYZE) vulnerabilities`)
  }
  const touched = await devicesTouched(db, packageNames, vulnerabilityUids)
  const matched = await matchDevices(db, touched, {
    onProgress: options.onMatchProgress,
    scope: { packageNames, vulnerabilityUids },
    signal: options.signal
  })
  const sboms = await reanalyseSboms(db, { packageNames, signal: options.signal })
  const removed = await removeOrphanVulnerabilities(db, orphans)
  await clearRematchQueue(db, queued.entries)
  return { matched, sboms, removed }
}

/** A change made outside a feed switch (a file import): queued, then re-matched with whatever was owed. */
export async function rematchAfterOsvChange(db: Db, change: OsvChange, options: RematchOptions = {}): Promise<OsvRematch> {
  await queueRematch(db, change)
  return (
    (await rematchQueued(db, options)) ?? {
      matched: { devices: 0, packages: 0, findings: 0, highRisk: 0, kev: 0 },
      sboms: { sboms: 0, changed: 0, vulnerabilities: 0 },
      removed: 0
    }
  )
}
