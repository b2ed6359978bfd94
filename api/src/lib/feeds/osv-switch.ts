import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import { deriveVulnerabilities, storeRecordRows } from '../vulns/feed-store.js'
import { markSuccess, type ChangedFeed } from './sources.js'

/**
 * Step 2 of an OSV feed sync, in ONE transaction: the staged records are applied with the import's
 * own logic (storeRecordRows, in chunks), every id of the snapshot is tagged with the feed, the
 * feed's tag leaves the records it no longer holds, and a record left with no feed and no other
 * source is deleted; then the CVE rows involved are re-derived and the feed's state recorded. Until
 * it commits, readers see the previous copy; if it fails, they keep it.
 */

export interface SwitchResult {
  /** Records written (new or changed). */
  written: number
  stale: number
  withdrawn: number
  /** Records that left the feed and were deleted (no other feed or source holds them). */
  removed: number
  /** Records in the feed now. */
  records: number
  /** Whether the stored copy changed at all. */
  changed: boolean
  packageNames: Set<string>
  vulnerabilityUids: Set<string>
  /** CVE rows no record speaks for any more (dropped after the re-match unless a finding still needs them). */
  orphans: Set<string>
}

/** Staged records applied per chunk, and CVE rows re-derived per call. */
const CHUNK = 1000
const DERIVE_CHUNK = 2000

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

export async function switchOsvFeed (db: Db, feed: string, state: Omit<ChangedFeed, 'records' | 'changed'>): Promise<SwitchResult> {
  return await db.transaction(async (tx) => {
    const result: SwitchResult = {
      written: 0, stale: 0, withdrawn: 0, removed: 0, records: 0, changed: false,
      packageNames: new Set(), vulnerabilityUids: new Set(), orphans: new Set()
    }
    for (let after = ''; ;) {
      const ids = rowsOf<{ id: string }>(await tx.execute(sql`
        SELECT id FROM osv_staging WHERE feed = ${feed} AND id > ${after} ORDER BY id LIMIT ${CHUNK}`))
      if (ids.length === 0) break
      const last = ids.at(-1)!.id
      // The chunk is read where it lies: no trip through JavaScript and back.
      const rows = sql`(SELECT id, source, false AS demo, record FROM osv_staging WHERE feed = ${feed} AND id > ${after} AND id <= ${last})`
      const stored = await storeRecordRows(tx, rows, ids.length, { derive: false })
      after = last
      // Let the event loop serve what needs no database (cached answers) between chunks.
      await new Promise((resolve) => setImmediate(resolve))
      result.written += stored.written
      result.stale += stored.stale
      result.withdrawn += stored.withdrawn
      for (const name of stored.packageNames) result.packageNames.add(name)
      for (const uid of stored.vulnerabilityUids) result.vulnerabilityUids.add(uid)
    }

    const [tagging] = rowsOf<{ n: number }>(await tx.execute(sql`
      WITH tagged AS (
        UPDATE osv_records r SET feeds = array_append(r.feeds, ${feed}::text)
        FROM osv_staging_seen s WHERE s.feed = ${feed} AND s.id = r.id AND NOT (r.feeds @> ARRAY[${feed}::text])
        RETURNING 1)
      SELECT count(*)::int AS n FROM tagged`))
    const tagged = Number(tagging?.n ?? 0)
    // Records the snapshot no longer holds lose the tag; those held by nothing else go.
    const untagged = rowsOf<{ id: string, gone: boolean }>(await tx.execute(sql`
      UPDATE osv_records r SET feeds = array_remove(r.feeds, ${feed}::text)
      WHERE r.feeds @> ARRAY[${feed}::text] AND NOT EXISTS (SELECT 1 FROM osv_staging_seen s WHERE s.feed = ${feed} AND s.id = r.id)
      RETURNING r.id, (cardinality(r.feeds) = 0 AND NOT r.demo AND r.source LIKE 'osv:%') AS gone`))
    const gone = untagged.filter((row) => row.gone).map((row) => row.id)
    if (gone.length > 0) {
      for (const row of rowsOf<{ vulnerability_uid: string }>(await tx.execute(sql`
        DELETE FROM osv_record_vulnerabilities WHERE osv_id IN (SELECT jsonb_array_elements_text(${json(gone)}))
        RETURNING vulnerability_uid`))) result.vulnerabilityUids.add(row.vulnerability_uid)
      for (const row of rowsOf<{ package_name: string }>(await tx.execute(sql`
        DELETE FROM vulnerability_affected WHERE osv_id IN (SELECT jsonb_array_elements_text(${json(gone)}))
        RETURNING package_name`))) result.packageNames.add(row.package_name)
      await tx.execute(sql`DELETE FROM osv_records WHERE id IN (SELECT jsonb_array_elements_text(${json(gone)}))`)
    }
    result.removed = gone.length

    const uids = [...result.vulnerabilityUids]
    for (let i = 0; i < uids.length; i += DERIVE_CHUNK) {
      for (const uid of await deriveVulnerabilities(tx, new Set(uids.slice(i, i + DERIVE_CHUNK)))) result.orphans.add(uid)
    }

    const [count] = rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM osv_records WHERE feeds @> ARRAY[${feed}::text]`))
    result.records = Number(count?.n ?? 0)
    result.changed = result.written > 0 || tagged > 0 || untagged.length > 0
    await markSuccess(tx, feed, { ...state, records: result.records, changed: result.changed })
    await tx.execute(sql`DELETE FROM osv_staging WHERE feed = ${feed}`)
    await tx.execute(sql`DELETE FROM osv_staging_seen WHERE feed = ${feed}`)
    return result
  })
}
