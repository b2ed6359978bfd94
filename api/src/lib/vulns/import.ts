import type { Db } from '../../db/client.js'
import { readFeed } from './feed-reader.js'
import { storeOsvRecords, type SourcedRecord } from './feed-store.js'
import { OsvFormatError, parseOsvDocument } from './osv-record.js'

/**
 * `import-osv`: an OSV feed (file, folder or zip) into the database, in batches. Bad documents
 * and records are reported by source and skipped; the good ones around them are kept. What must
 * follow an import (re-match, re-analysis) is run by the caller: lib/feeds/osv-import.ts.
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

export async function importOsv(db: Db, target: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? 500
  const summary: ImportSummary = {
    documents: 0,
    records: 0,
    stale: 0,
    withdrawn: 0,
    cves: 0,
    affected: 0,
    skipped: 0,
    packageNames: new Set(),
    vulnerabilityUids: new Set(),
    orphans: new Set()
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
