import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { reanalyseSboms, type ReanalyseTotals } from '../insights/reanalyse.js'
import { refreshFeedEcosystems } from './coverage.js'
import { readFeed } from './feed-reader.js'
import { storeOsvRecords, type SourcedRecord } from './feed-store.js'
import { devicesTouched, matchDevices, removeOrphanVulnerabilities, type MatchTotals } from './match.js'
import { OsvFormatError, parseOsvDocument } from './osv-record.js'

/**
 * `import-osv`: an OSV feed (file, folder or zip) into the database, in batches. Bad documents
 * and records are reported by source and skipped; the good ones around them are kept.
 */

export interface ImportSummary {
  /** JSON documents read (files, or zip members). */
  documents: number
  /** Records written (new or updated). */
  records: number
  /** Records older than the copy already stored (kept the stored one). */
  stale: number
  withdrawn: number
  /** Distinct CVE rows the written records speak for. */
  cves: number
  affected: number
  skipped: number
  /** Package names whose affected rows changed: the devices to re-match. */
  packageNames: Set<string>
  /** CVE rows re-derived (their score may have changed). */
  vulnerabilityUids: Set<string>
  /** CVE rows no record speaks for any more. */
  orphans: Set<string>
}

export interface ImportOptions {
  /** Records per transaction (default 500). */
  batchSize?: number
  /** Called for every document or record skipped, as it happens. */
  onSkip?: (source: string, reason: string) => void
}

export async function importOsv (db: Db, target: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? 500
  const summary: ImportSummary = {
    documents: 0, records: 0, stale: 0, withdrawn: 0, cves: 0, affected: 0, skipped: 0,
    packageNames: new Set(), vulnerabilityUids: new Set(), orphans: new Set()
  }
  const cves = new Set<string>()
  const skip = (source: string, reason: string): void => {
    summary.skipped++
    options.onSkip?.(source, reason)
  }
  let batch: SourcedRecord[] = []
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return
    const stored = await storeOsvRecords(db, batch)
    batch = []
    summary.records += stored.written
    summary.stale += stored.stale
    summary.withdrawn += stored.withdrawn
    summary.affected += stored.affected
    for (const uid of stored.cveUids) cves.add(uid)
    for (const name of stored.packageNames) summary.packageNames.add(name)
    for (const uid of stored.vulnerabilityUids) summary.vulnerabilityUids.add(uid)
    for (const uid of stored.orphans) summary.orphans.add(uid)
  }

  for await (const document of readFeed(target)) {
    summary.documents++
    if ('error' in document) {
      skip(document.source, document.error)
      continue
    }
    let parsed: ReturnType<typeof parseOsvDocument>
    try {
      parsed = parseOsvDocument(document.text)
    } catch (error) {
      skip(document.source, (error as Error).message)
      continue
    }
    for (const item of parsed) {
      if (item instanceof OsvFormatError) skip(document.source, item.message)
      else batch.push({ record: item, source: document.source })
    }
    if (batch.length >= batchSize) await flush()
  }
  await flush()
  // A CVE that lost its last record in one batch may have found another in a later one.
  for (const uid of cves) summary.orphans.delete(uid)
  summary.cves = cves.size
  return summary
}

export interface ImportAndMatchResult {
  imported: ImportSummary
  /** The devices whose packages or findings the import touched, re-matched. */
  matched: MatchTotals
  /** CVE rows dropped because no record and no finding uses them any more. */
  removed: number
  /** The stored SBOMs with a component named like an affected row that came or went, analysed again. */
  sboms: ReanalyseTotals
}

/**
 * What `import-osv` does: import, re-match the devices the import can change, re-analyse the
 * SBOMs it can change (and any never analysed), drop orphaned CVE rows.
 */
export async function importOsvAndMatch (db: Db, target: string, options: ImportOptions & {
  onMatchProgress?: (done: number, total: number) => void
} = {}): Promise<ImportAndMatchResult> {
  const imported = await importOsv(db, target, options)
  await refreshFeedEcosystems(db)
  await recordFileImport(db, imported)
  const devices = await devicesTouched(db, imported.packageNames, imported.vulnerabilityUids)
  const matched = await matchDevices(db, devices, options.onMatchProgress,
    { packageNames: imported.packageNames, vulnerabilityUids: imported.vulnerabilityUids })
  const sboms = await reanalyseSboms(db, { packageNames: imported.packageNames })
  const removed = await removeOrphanVulnerabilities(db, imported.orphans)
  return { imported, matched, removed, sboms }
}

/** Settings › Vulnerability feed lists file imports as one source ("file:osv"): when, and how many. */
async function recordFileImport (db: Db, imported: ImportSummary): Promise<void> {
  await db.execute(sql`
    INSERT INTO feed_sources (name, kind, records, last_attempt_at, last_success_at, last_changed_at)
    VALUES ('file:osv', 'file', (SELECT count(*)::int FROM osv_records WHERE NOT demo AND cardinality(feeds) = 0), now(), now(),
      ${imported.records > 0 ? sql`now()` : sql`NULL`})
    ON CONFLICT (name) DO UPDATE SET records = excluded.records, last_attempt_at = excluded.last_attempt_at,
      last_success_at = excluded.last_success_at, last_changed_at = coalesce(excluded.last_changed_at, feed_sources.last_changed_at)`)
}
