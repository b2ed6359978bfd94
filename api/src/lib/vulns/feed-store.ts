import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import { CVE_ID, type OsvRecord, type OsvRecordText, type RecordOrigin, type Relation } from './osv-record.js'
import { json } from '../sql-params.js'

/**
 * Writes OSV records: the record itself (newest `modified` wins), the CVE rows it speaks for and
 * its affected packages, replacing what an earlier import of the same id wrote; then re-derives
 * every CVE row whose set of records changed. One transaction per batch, each table written with
 * one statement whose rows travel as one JSON parameter.
 */

export interface SourcedRecord {
  record: OsvRecord
  source: string
  /** The demo catalogue: stored marked, so only demo devices and demo SBOMs match it. */
  demo?: boolean
}

export interface StoreResult {
  /** Records written (new, or at least as new as the stored copy). */
  written: number
  /** Records older than the copy already stored: the stored one was kept. */
  stale: number
  /** Written records that are withdrawn: stored for the record, never matched. */
  withdrawn: number
  /** CVE rows linked to the written records. */
  cveUids: Set<string>
  affected: number
  /** Package names whose affected rows appeared or disappeared: the devices to re-match. */
  packageNames: Set<string>
  /** CVE rows re-derived. */
  vulnerabilityUids: Set<string>
  /** CVE rows left without any record (e.g. a record no longer names them). */
  orphans: Set<string>
}

const newer = (a: OsvRecord, b: OsvRecord): boolean => (a.modifiedAt?.getTime() ?? 0) >= (b.modifiedAt?.getTime() ?? 0)

export async function storeOsvRecords(db: Db, batch: SourcedRecord[]): Promise<StoreResult> {
  return await db.transaction(async (tx) => await storeOsvRecordsIn(tx, batch))
}

/**
 * storeOsvRecords() inside the caller's transaction. With `derive: false` the CVE rows are left for
 * the caller to re-derive once, from every call's `vulnerabilityUids`.
 */
export async function storeOsvRecordsIn(
  tx: Db,
  batch: SourcedRecord[],
  options: { derive?: boolean } = {}
): Promise<StoreResult> {
  // The same id twice in one batch (two files of a folder): keep the newest.
  const byId = new Map<string, SourcedRecord>()
  for (const item of batch) {
    const seen = byId.get(item.record.id)
    if (seen === undefined || newer(item.record, seen.record)) byId.set(item.record.id, item)
  }
  const items = [...byId.values()]
  const rows = sql`(SELECT id, source, demo, record FROM jsonb_to_recordset(${json(
    items.map(({ record, source, demo }) => ({ id: record.id, source, demo: demo === true, record }))
  )}) AS r(id text, source text, demo boolean, record jsonb))`
  const result = await storeRecordRows(tx, rows, items.length, options)
  result.stale += batch.length - items.length
  return result
}

/**
 * The writing itself, from a relation of rows (id text, source text, demo boolean, record jsonb)
 * whose `record` is an OsvRecord as JSON: a batch sent as one parameter (storeOsvRecordsIn), or a
 * chunk of a feed sync's staging table, read where it lies (lib/feeds/osv-switch.ts). One statement
 * per table; `count` is the number of rows.
 */
export async function storeRecordRows(
  tx: Db,
  rows: SQL,
  count: number,
  options: { derive?: boolean } = {}
): Promise<StoreResult> {
  const result: StoreResult = {
    written: 0,
    stale: 0,
    withdrawn: 0,
    cveUids: new Set(),
    affected: 0,
    packageNames: new Set(),
    vulnerabilityUids: new Set(),
    orphans: new Set()
  }
  if (count === 0) return result

  const written = rowsOf<{ id: string; withdrawn: boolean }>(
    await tx.execute(sql`
    INSERT INTO osv_records (id, summary, details, score, vector, aliases, links, cwes, source, demo, published_at, modified_at, withdrawn_at, imported_at)
    SELECT s.id, coalesce(s.record->>'summary', ''), coalesce(s.record->>'details', ''), (s.record->>'score')::real, s.record->>'vector',
      coalesce(s.record->'aliases', '[]'), coalesce(s.record->'links', '[]'), coalesce(s.record->'cwes', '[]'), s.source, s.demo,
      (s.record->>'publishedAt')::timestamptz, (s.record->>'modifiedAt')::timestamptz, (s.record->>'withdrawnAt')::timestamptz, now()
    FROM ${rows} s
    ON CONFLICT (id) DO UPDATE SET summary = excluded.summary, details = excluded.details, score = excluded.score,
      vector = excluded.vector, aliases = excluded.aliases, links = excluded.links, cwes = excluded.cwes, source = excluded.source,
      demo = excluded.demo, published_at = excluded.published_at,
      modified_at = excluded.modified_at, withdrawn_at = excluded.withdrawn_at, imported_at = excluded.imported_at
    WHERE osv_records.modified_at IS NULL OR excluded.modified_at IS NULL OR excluded.modified_at >= osv_records.modified_at
    RETURNING id, withdrawn_at IS NOT NULL AS withdrawn`)
  )
  result.written = written.length
  result.stale = count - written.length
  if (written.length === 0) return result
  const ids = json(written.map((row) => row.id))

  // What the earlier import of these ids wrote goes; the CVE rows it named are re-derived too.
  for (const row of rowsOf<{ vulnerability_uid: string }>(
    await tx.execute(sql`
    WITH gone AS (DELETE FROM osv_record_vulnerabilities WHERE osv_id = ANY(ARRAY(SELECT jsonb_array_elements_text(${ids}))) RETURNING vulnerability_uid)
    SELECT DISTINCT vulnerability_uid FROM gone`)
  ))
    result.vulnerabilityUids.add(row.vulnerability_uid)
  for (const row of rowsOf<{ package_name: string }>(
    await tx.execute(sql`
    WITH gone AS (DELETE FROM vulnerability_affected WHERE osv_id = ANY(ARRAY(SELECT jsonb_array_elements_text(${ids}))) RETURNING package_name)
    SELECT DISTINCT package_name FROM gone`)
  ))
    result.packageNames.add(row.package_name)

  // Withdrawn records are kept for the record, never matched: no CVE links, no affected rows.
  const liveIds = written.filter((row) => !row.withdrawn).map((row) => row.id)
  result.withdrawn = written.length - liveIds.length
  if (liveIds.length > 0) await writeLive(tx, rows, liveIds, result)
  if (options.derive !== false) result.orphans = await deriveVulnerabilities(tx, result.vulnerabilityUids)
  return result
}

/** The CVE links and affected rows of the records that are not withdrawn. */
async function writeLive(tx: Db, rows: SQL, liveIds: string[], result: StoreResult): Promise<void> {
  // A filter on the chunk's few rows, not a table lookup: the semi-join is the better plan here.
  const live = sql`s.id IN (SELECT jsonb_array_elements_text(${json(liveIds)}))`
  await tx.execute(sql`
    INSERT INTO vulnerabilities (cve_id, source)
    SELECT DISTINCT c->>'cveId', 'osv' FROM ${rows} s CROSS JOIN LATERAL jsonb_array_elements(s.record->'cves') c WHERE ${live}
    ORDER BY 1 ON CONFLICT (cve_id) DO NOTHING`)
  for (const row of rowsOf<{ vulnerability_uid: string }>(
    await tx.execute(sql`
    WITH linked AS (
      INSERT INTO osv_record_vulnerabilities (osv_id, vulnerability_uid, relation)
      SELECT s.id, v.uid, (c->>'relation')::smallint
      FROM ${rows} s CROSS JOIN LATERAL jsonb_array_elements(s.record->'cves') c JOIN vulnerabilities v ON v.cve_id = c->>'cveId'
      WHERE ${live}
      RETURNING vulnerability_uid)
    SELECT DISTINCT vulnerability_uid FROM linked`)
  )) {
    result.vulnerabilityUids.add(row.vulnerability_uid)
    result.cveUids.add(row.vulnerability_uid)
  }
  const [affected] = rowsOf<{ n: number; names: string[] | null }>(
    await tx.execute(sql`
    WITH added AS (
      INSERT INTO vulnerability_affected (osv_id, ecosystem, package_name, ranges, versions, demo)
      SELECT s.id, a->>'ecosystem', a->>'packageName', a->'ranges', a->'versions', s.demo
      FROM ${rows} s CROSS JOIN LATERAL jsonb_array_elements(s.record->'affected') a WHERE ${live}
      RETURNING package_name)
    SELECT count(*)::int AS n, array_agg(DISTINCT package_name) AS names FROM added`)
  )
  result.affected = Number(affected?.n ?? 0)
  for (const name of affected?.names ?? []) result.packageNames.add(name)
}

interface Contribution extends OsvRecordText, RecordOrigin {
  uid: string
  relation: Relation
  published_at: string | Date | null
  modified_at: string | Date | null
}

const time = (value: string | Date | null): number => (value === null ? 0 : new Date(value).getTime())
/** The most direct record having something: own record first, newest, then by id. */
function best(list: Contribution[], has: (c: Contribution) => boolean): Contribution | undefined {
  return list
    .filter(has)
    .sort(
      (a, b) => b.relation - a.relation || time(b.modified_at) - time(a.modified_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    )[0]
}

/** A CVE's other ids: its records' ids and their non-CVE aliases that are about this CVE only. */
function aliasesOf(cveId: string, list: Contribution[]): string[] {
  const aliases = new Set<string>()
  for (const c of list) {
    if (c.demo) continue
    if (c.id !== cveId) aliases.add(c.id)
    if (c.relation === 0) continue
    for (const alias of c.aliases) {
      const names = /CVE-\d{4}-\d{4,}/.exec(alias)?.[0]
      if (!CVE_ID.test(alias) && (names === undefined || names === cveId)) aliases.add(alias)
    }
  }
  aliases.delete(cveId)
  return [...aliases].sort()
}

/**
 * Recomputes CVE rows from all of their records: description from the best record with
 * `details`, summary from the best with a summary, score and vector from the best with a CVSS
 * vector (else a bare score), aliases, first published and last modified. Returns the uids that
 * have no record left (left as they were, for the caller to clean up once nothing uses them).
 */
export async function deriveVulnerabilities(db: Db, uids: Set<string>): Promise<Set<string>> {
  if (uids.size === 0) return new Set()
  const contributions = rowsOf<Contribution>(
    await db.execute(sql`
    SELECT l.vulnerability_uid AS uid, l.relation, r.id, r.summary, r.details, r.score, r.vector, r.aliases, r.source,
      r.demo, r.published_at, r.modified_at
    FROM osv_record_vulnerabilities l JOIN osv_records r ON r.id = l.osv_id
    WHERE l.vulnerability_uid = ANY(ARRAY(SELECT value::uuid FROM jsonb_array_elements_text(${json([...uids])})))`)
  )
  const byUid = new Map<string, Contribution[]>()
  for (const c of contributions) {
    c.score = c.score === null ? null : Number(c.score)
    const list = byUid.get(c.uid) ?? []
    list.push(c)
    byUid.set(c.uid, list)
  }
  const cveIdOf = new Map(
    rowsOf<{ uid: string; cve_id: string }>(
      await db.execute(sql`
    SELECT uid, cve_id FROM vulnerabilities WHERE uid = ANY(ARRAY(SELECT value::uuid FROM jsonb_array_elements_text(${json([...byUid.keys()])})))`)
    ).map((row) => [row.uid, row.cve_id])
  )

  const rows = [...byUid].map(([uid, all]) => {
    // The demo catalogue speaks for a CVE only while no real record does: its invented versions
    // and copied scores never mix into what a real advisory says.
    const real = all.filter((c) => !c.demo)
    const list = real.length > 0 ? real : all
    const described = best(list, (c) => c.details !== '')
    const summarized = best(list, (c) => c.summary !== '')
    const scored = best(list, (c) => c.vector !== null) ?? best(list, (c) => c.score !== null)
    const origin = described ?? summarized ?? scored ?? list[0]!
    const published = list.map((c) => time(c.published_at)).filter((t) => t > 0)
    const modified = list.map((c) => time(c.modified_at)).filter((t) => t > 0)
    return {
      uid,
      aliases: aliasesOf(cveIdOf.get(uid) ?? '', list),
      summary: summarized?.summary ?? '',
      description: described?.details ?? '',
      score: scored?.score ?? null,
      vector: scored?.vector ?? null,
      source: origin.demo ? 'seed' : `osv:${origin.id}`,
      published_at: published.length > 0 ? new Date(Math.min(...published)).toISOString() : null,
      modified_at: modified.length > 0 ? new Date(Math.max(...modified)).toISOString() : null
    }
  })
  if (rows.length > 0) {
    await db.execute(sql`
      UPDATE vulnerabilities v SET aliases = d.aliases, summary = d.summary, description = d.description, score = d.score,
        vector = d.vector, source = d.source, published_at = d.published_at, modified_at = d.modified_at
      FROM jsonb_to_recordset(${json(rows)}) AS d(uid uuid, aliases jsonb, summary text, description text, score real,
        vector text, source text, published_at timestamptz, modified_at timestamptz)
      WHERE v.uid = d.uid`)
  }
  return new Set([...uids].filter((uid) => !byUid.has(uid)))
}
