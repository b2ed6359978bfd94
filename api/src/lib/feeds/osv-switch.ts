import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import { deriveVulnerabilities, storeRecordRows } from '../vulns/feed-store.js'
import { describeFeedError, FeedError, PartlyAppliedError } from './errors.js'
import { markApplying, markSuccess, type ChangedFeed } from './sources.js'
import { json } from '../sql-params.js'
import { queueRematch, queueRematchPiece, rematchPieces } from './rematch-queue.js'
import { clearStaging } from './osv-stage.js'

/**
 * Step 2 of an OSV feed sync: the staged records are applied with the import's own logic
 * (storeRecordRows, in chunks), every id of the snapshot is tagged with the feed, the feed's tag
 * leaves the records it no longer holds, and a record left with no feed and no other source is
 * deleted; then the CVE rows involved are re-derived and the feed's state recorded.
 *
 * On PostgreSQL all of it is ONE transaction: until it commits, readers see the previous copy
 * (MVCC serves them meanwhile); if it fails, they keep it. PGlite has one connection, so one
 * transaction would hold every request for the whole switch (minutes on a first load): there the
 * switch is `stepwise`, each chunk its own short transaction with requests served in between. Each
 * record is still applied whole (record, CVE links and affected rows together), and the feed is
 * marked "applying" until the last step: Settings says the copy is being updated, or was left
 * partly updated by a stop, which the next sync completes (the file's hash is only recorded at the
 * end, so it is not skipped as "same file").
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

export interface SwitchOptions {
  /** Short transactions instead of one (PGlite). */
  stepwise?: boolean
  /** Stepwise only: stops between steps (the server shutting down). */
  signal?: AbortSignal
}

/** Staged records applied per step, ids tagged or untagged per step, CVE rows re-derived per step. */
const CHUNK = 1000
const STEPWISE_CHUNK = 250
const TAG_CHUNK = 5000
const DERIVE_CHUNK = 2000

/** Runs one step of the switch: inside the one transaction, or as a transaction of its own. */
type Step = <T>(work: (tx: Db) => Promise<T>) => Promise<T>

export async function switchOsvFeed(
  db: Db,
  feed: string,
  state: Omit<ChangedFeed, 'records' | 'changed'>,
  options: SwitchOptions = {}
): Promise<SwitchResult> {
  if (options.stepwise !== true) {
    return await db.transaction(async (tx) => await applySwitch(feed, state, (work) => work(tx), CHUNK, false))
  }
  await markApplying(db, feed)
  const [staged] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM osv_staging WHERE feed = ${feed}`))
  const total = Number(staged?.n ?? 0)
  let applied = 0
  let committed = 0
  const step: Step = async (work) => {
    if (options.signal?.aborted === true) throw new FeedError('stopped')
    const result = await db.transaction(work)
    committed++
    return result
  }
  let result: SwitchResult
  try {
    result = await applySwitch(feed, state, step, STEPWISE_CHUNK, true, (n) => {
      applied += n
    })
  } catch (error) {
    if (committed === 0) throw error
    throw new PartlyAppliedError(
      `${describeFeedError(error)} while applying the update (${applied.toLocaleString('en-US')} of ` +
        `${total.toLocaleString('en-US')} changed records written): the feed is partly updated until the next sync completes it`
    )
  }
  // Switched: left over after a stop, these rows are cleared by the next sync of the feed.
  await clearStaging(db, feed)
  return result
}

async function applySwitch(
  feed: string,
  state: Omit<ChangedFeed, 'records' | 'changed'>,
  step: Step,
  chunk: number,
  stepwise: boolean,
  onApplied?: (records: number) => void
): Promise<SwitchResult> {
  const result: SwitchResult = {
    written: 0,
    stale: 0,
    withdrawn: 0,
    removed: 0,
    records: 0,
    changed: false,
    packageNames: new Set(),
    vulnerabilityUids: new Set(),
    orphans: new Set()
  }
  for (let after: string | null = ''; after !== null;) {
    after = await step(async (tx) => {
      const ids = rowsOf<{ id: string }>(
        await tx.execute(sql`
        SELECT id FROM osv_staging WHERE feed = ${feed} AND id > ${after} ORDER BY id LIMIT ${chunk}`)
      )
      if (ids.length === 0) return null
      const last = ids.at(-1)!.id
      // The chunk is read where it lies: no trip through JavaScript and back.
      const rows = sql`(SELECT id, source, false AS demo, record FROM osv_staging WHERE feed = ${feed} AND id > ${after} AND id <= ${last})`
      const stored = await storeRecordRows(tx, rows, ids.length, { derive: false })
      result.written += stored.written
      result.stale += stored.stale
      result.withdrawn += stored.withdrawn
      for (const name of stored.packageNames) result.packageNames.add(name)
      for (const uid of stored.vulnerabilityUids) result.vulnerabilityUids.add(uid)
      onApplied?.(ids.length)
      return last
    })
  }

  // Every id of the snapshot carries the feed's tag.
  let tagged = 0
  for (let after: string | null = ''; after !== null;) {
    after = await step(async (tx) => {
      const [window] = rowsOf<{ last: string | null; n: number }>(
        await tx.execute(sql`
        WITH ids AS (SELECT id FROM osv_staging_seen WHERE feed = ${feed} AND id > ${after} ORDER BY id LIMIT ${TAG_CHUNK}),
        tagged AS (
          UPDATE osv_records r SET feeds = array_append(r.feeds, ${feed}::text)
          FROM ids WHERE ids.id = r.id AND NOT (r.feeds @> ARRAY[${feed}::text])
          RETURNING 1)
        SELECT (SELECT max(id) FROM ids) AS last, (SELECT count(*)::int FROM tagged) AS n`)
      )
      tagged += Number(window?.n ?? 0)
      return window?.last ?? null
    })
  }

  // Records the snapshot no longer holds lose the tag; those held by nothing else go. The windows
  // walk every record by id (the primary key): a window of the feed's records alone was found
  // through the tag's GIN index, which fetched every record of the feed for each window.
  let untagged = 0
  for (let after: string | null = ''; after !== null;) {
    after = await step(async (tx) => {
      const [window] = rowsOf<{ last: string | null }>(
        await tx.execute(sql`
        SELECT max(id) AS last FROM (SELECT id FROM osv_records WHERE id > ${after} ORDER BY id LIMIT ${TAG_CHUNK}) w`)
      )
      const last = window?.last ?? null
      if (last === null) return null
      const left = rowsOf<{ id: string; gone: boolean }>(
        await tx.execute(sql`
        UPDATE osv_records r SET feeds = array_remove(r.feeds, ${feed}::text)
        WHERE r.feeds @> ARRAY[${feed}::text] AND r.id > ${after} AND r.id <= ${last}
          AND NOT EXISTS (SELECT 1 FROM osv_staging_seen s WHERE s.feed = ${feed} AND s.id = r.id)
        RETURNING r.id, (cardinality(r.feeds) = 0 AND NOT r.demo AND r.source LIKE 'osv:%') AS gone`)
      )
      untagged += left.length
      const gone = left.filter((row) => row.gone).map((row) => row.id)
      if (gone.length > 0) await removeRecords(tx, gone, result)
      return last
    })
  }

  const uids = [...result.vulnerabilityUids]
  for (let i = 0; i < uids.length; i += DERIVE_CHUNK) {
    const slice = new Set(uids.slice(i, i + DERIVE_CHUNK))
    for (const uid of await step(async (tx) => await deriveVulnerabilities(tx, slice))) result.orphans.add(uid)
  }

  if (stepwise) {
    // Queued before the last step marks the feed switched: after a stop in between it is still
    // "applying", and the next sync writes its records (and queues them) again.
    for (const piece of rematchPieces(result)) await step(async (tx) => await queueRematchPiece(tx, piece))
  }
  return await step(async (tx) => {
    const [count] = rowsOf<{ n: number }>(
      await tx.execute(sql`SELECT count(*)::int AS n FROM osv_records WHERE feeds @> ARRAY[${feed}::text]`)
    )
    result.records = Number(count?.n ?? 0)
    result.changed = result.written > 0 || tagged > 0 || untagged > 0
    await markSuccess(tx, feed, { ...state, records: result.records, changed: result.changed })
    // With the new copy, what it owes: the re-match survives a stop from here on (lib/feeds/rematch-queue.ts).
    // Stepwise, it was queued in steps above, and the caller clears staging once this step committed.
    if (!stepwise) {
      await queueRematch(tx, result)
      await tx.execute(sql`DELETE FROM osv_staging WHERE feed = ${feed}`)
      await tx.execute(sql`DELETE FROM osv_staging_seen WHERE feed = ${feed}`)
    }
    return result
  })
}

/** Records no feed or source holds any more: their CVE links and affected rows go with them. */
async function removeRecords(tx: Db, gone: string[], result: SwitchResult): Promise<void> {
  for (const row of rowsOf<{ vulnerability_uid: string }>(
    await tx.execute(sql`
    DELETE FROM osv_record_vulnerabilities WHERE osv_id = ANY(ARRAY(SELECT jsonb_array_elements_text(${json(gone)})))
    RETURNING vulnerability_uid`)
  ))
    result.vulnerabilityUids.add(row.vulnerability_uid)
  for (const row of rowsOf<{ package_name: string }>(
    await tx.execute(sql`
    DELETE FROM vulnerability_affected WHERE osv_id = ANY(ARRAY(SELECT jsonb_array_elements_text(${json(gone)})))
    RETURNING package_name`)
  ))
    result.packageNames.add(row.package_name)
  await tx.execute(sql`DELETE FROM osv_records WHERE id = ANY(ARRAY(SELECT jsonb_array_elements_text(${json(gone)})))`)
  result.removed += gone.length
}
