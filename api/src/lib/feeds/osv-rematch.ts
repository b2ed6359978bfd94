import type { Db } from '../../db/client.js'
import { reanalyseSboms, type ReanalyseTotals } from '../insights/reanalyse.js'
import { refreshFeedEcosystems } from '../vulns/coverage.js'
import { devicesTouched, matchDevices, removeOrphanVulnerabilities, type MatchTotals } from '../vulns/match.js'

/** What a change of OSV records can concern: a sync's switch or a file import. */
export interface OsvChange {
  /** Package names whose affected rows changed. */
  packageNames: Set<string>
  /** CVE rows re-derived (their score may have changed). */
  vulnerabilityUids: Set<string>
  /** CVE rows no record speaks for any more. */
  orphans: Set<string>
}

export interface OsvRematch {
  /** The devices whose packages or findings the change touched, re-matched. */
  matched: MatchTotals
  /** The stored SBOMs with a component named like an affected row that came or went, analysed again. */
  sboms: ReanalyseTotals
  /** CVE rows dropped because no record and no finding uses them any more. */
  removed: number
}

/**
 * After OSV records changed (`sync-feeds`, `import-osv`): the feed's ecosystem coverage, then the
 * devices the change can concern (only those packages on each), then the SBOMs it can concern (and
 * any never analysed), then the orphaned CVE rows. Matching and analysis live in lib/vulns and
 * lib/insights; this job only runs them in order.
 */
export async function rematchAfterOsvChange(
  db: Db,
  change: OsvChange,
  onMatchProgress?: (done: number, total: number) => void
): Promise<OsvRematch> {
  const { packageNames, vulnerabilityUids } = change
  await refreshFeedEcosystems(db)
  const matched = await matchDevices(db, await devicesTouched(db, packageNames, vulnerabilityUids), onMatchProgress, {
    packageNames,
    vulnerabilityUids
  })
  const sboms = await reanalyseSboms(db, { packageNames })
  const removed = await removeOrphanVulnerabilities(db, change.orphans)
  return { matched, sboms, removed }
}
