import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import { CVE_ID, type OsvRecord, type Relation } from './osv-record.js'

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

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`
const iso = (value: Date | null): string | null => value?.toISOString() ?? null
const newer = (a: OsvRecord, b: OsvRecord): boolean => (a.modifiedAt?.getTime() ?? 0) >= (b.modifiedAt?.getTime() ?? 0)

export async function storeOsvRecords (db: Db, batch: SourcedRecord[]): Promise<StoreResult> {
  return await db.transaction(async (tx) => await storeOsvRecordsIn(tx, batch))
}

/**
 * storeOsvRecords() inside the caller's transaction (a feed sync applies its staged records in
 * chunks within the one transaction that switches the feed). With `derive: false` the CVE rows
 * are left for the caller to re-derive once, from every chunk's `vulnerabilityUids`.
 */
export async function storeOsvRecordsIn (tx: Db, batch: SourcedRecord[], options: { derive?: boolean } = {}): Promise<StoreResult> {
  // The same id twice in one batch (two files of a folder): keep the newest.
  const byId = new Map<string, SourcedRecord>()
  for (const item of batch) {
    const seen = byId.get(item.record.id)
    if (seen === undefined || newer(item.record, seen.record)) byId.set(item.record.id, item)
  }
  const items = [...byId.values()]
  const result: StoreResult = {
    written: 0, stale: batch.length - items.length, withdrawn: 0, cveUids: new Set(), affected: 0,
    packageNames: new Set(), vulnerabilityUids: new Set(), orphans: new Set()
  }
  if (items.length === 0) return result

  const written = new Set(rowsOf<{ id: string }>(await tx.execute(sql`
    INSERT INTO osv_records (id, summary, details, score, vector, aliases, links, cwes, source, demo, published_at, modified_at, withdrawn_at, imported_at)
    SELECT id, summary, details, score, vector, aliases, links, cwes, source, demo, published_at, modified_at, withdrawn_at, now()
    FROM jsonb_to_recordset(${json(items.map(({ record, source, demo }) => ({
      id: record.id,
      summary: record.summary,
      details: record.details,
      score: record.score,
      vector: record.vector,
      aliases: record.aliases,
      links: record.links,
      cwes: record.cwes,
      source,
      demo: demo === true,
      published_at: iso(record.publishedAt),
      modified_at: iso(record.modifiedAt),
      withdrawn_at: iso(record.withdrawnAt)
    })))}) AS r(id text, summary text, details text, score real, vector text, aliases jsonb, links jsonb, cwes jsonb, source text,
      demo boolean, published_at timestamptz, modified_at timestamptz, withdrawn_at timestamptz)
    ON CONFLICT (id) DO UPDATE SET summary = excluded.summary, details = excluded.details, score = excluded.score,
      vector = excluded.vector, aliases = excluded.aliases, links = excluded.links, cwes = excluded.cwes, source = excluded.source,
      demo = excluded.demo, published_at = excluded.published_at,
      modified_at = excluded.modified_at, withdrawn_at = excluded.withdrawn_at, imported_at = excluded.imported_at
    WHERE osv_records.modified_at IS NULL OR excluded.modified_at IS NULL OR excluded.modified_at >= osv_records.modified_at
    RETURNING id`)).map((row) => row.id))
  const demoIds = new Set(items.filter((item) => item.demo === true).map((item) => item.record.id))
  const records = items.map((item) => item.record).filter((record) => written.has(record.id))
  result.written = records.length
  result.stale += items.length - records.length
  if (records.length === 0) return result
  const ids = json(records.map((record) => record.id))

  // What the earlier import of these ids wrote goes; the CVE rows it named are re-derived too.
  for (const row of rowsOf<{ vulnerability_uid: string }>(await tx.execute(sql`
    DELETE FROM osv_record_vulnerabilities WHERE osv_id IN (SELECT jsonb_array_elements_text(${ids}))
    RETURNING vulnerability_uid`))) result.vulnerabilityUids.add(row.vulnerability_uid)
  for (const row of rowsOf<{ package_name: string }>(await tx.execute(sql`
    DELETE FROM vulnerability_affected WHERE osv_id IN (SELECT jsonb_array_elements_text(${ids}))
    RETURNING package_name`))) result.packageNames.add(row.package_name)

  const live = records.filter((record) => record.withdrawnAt === null)
  result.withdrawn = records.length - live.length
  const cveIds = [...new Set(live.flatMap((record) => record.cves.map((cve) => cve.cveId)))]
  if (cveIds.length > 0) {
    await tx.execute(sql`
      INSERT INTO vulnerabilities (cve_id, source) SELECT value, 'osv' FROM jsonb_array_elements_text(${json(cveIds)})
      ORDER BY value ON CONFLICT (cve_id) DO NOTHING`)
    const uidOf = new Map(rowsOf<{ uid: string, cve_id: string }>(await tx.execute(sql`
      SELECT uid, cve_id FROM vulnerabilities WHERE cve_id IN (SELECT jsonb_array_elements_text(${json(cveIds)}))`))
      .map((row) => [row.cve_id, row.uid]))
    const links = live.flatMap((record) => record.cves.map((cve) => ({ osv_id: record.id, vulnerability_uid: uidOf.get(cve.cveId)!, relation: cve.relation })))
    await tx.execute(sql`
      INSERT INTO osv_record_vulnerabilities (osv_id, vulnerability_uid, relation)
      SELECT osv_id, vulnerability_uid, relation FROM jsonb_to_recordset(${json(links)}) AS r(osv_id text, vulnerability_uid uuid, relation smallint)`)
    for (const link of links) {
      result.vulnerabilityUids.add(link.vulnerability_uid)
      result.cveUids.add(link.vulnerability_uid)
    }
  }

  const affected = live.flatMap((record) => record.affected.map((entry) => ({
    osv_id: record.id, ecosystem: entry.ecosystem, package_name: entry.packageName, ranges: entry.ranges, versions: entry.versions,
    demo: demoIds.has(record.id)
  })))
  if (affected.length > 0) {
    await tx.execute(sql`
      INSERT INTO vulnerability_affected (osv_id, ecosystem, package_name, ranges, versions, demo)
      SELECT osv_id, ecosystem, package_name, ranges, versions, demo
      FROM jsonb_to_recordset(${json(affected)}) AS r(osv_id text, ecosystem text, package_name text, ranges jsonb, versions jsonb, demo boolean)`)
    for (const row of affected) result.packageNames.add(row.package_name)
  }
  result.affected = affected.length

  if (options.derive !== false) result.orphans = await deriveVulnerabilities(tx, result.vulnerabilityUids)
  return result
}

interface Contribution {
  uid: string
  relation: Relation
  id: string
  summary: string
  details: string
  score: number | null
  vector: string | null
  aliases: string[]
  source: string
  demo: boolean
  published_at: string | Date | null
  modified_at: string | Date | null
}

const time = (value: string | Date | null): number => (value === null ? 0 : new Date(value).getTime())
/** The most direct record having something: own record first, newest, then by id. */
function best (list: Contribution[], has: (c: Contribution) => boolean): Contribution | undefined {
  return list.filter(has).sort((a, b) =>
    b.relation - a.relation || time(b.modified_at) - time(a.modified_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0]
}

/** A CVE's other ids: its records' ids and their non-CVE aliases that are about this CVE only. */
function aliasesOf (cveId: string, list: Contribution[]): string[] {
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
export async function deriveVulnerabilities (db: Db, uids: Set<string>): Promise<Set<string>> {
  if (uids.size === 0) return new Set()
  const contributions = rowsOf<Contribution>(await db.execute(sql`
    SELECT l.vulnerability_uid AS uid, l.relation, r.id, r.summary, r.details, r.score, r.vector, r.aliases, r.source,
      r.demo, r.published_at, r.modified_at
    FROM osv_record_vulnerabilities l JOIN osv_records r ON r.id = l.osv_id
    WHERE l.vulnerability_uid IN (SELECT value::uuid FROM jsonb_array_elements_text(${json([...uids])}))`))
  const byUid = new Map<string, Contribution[]>()
  for (const c of contributions) {
    c.score = c.score === null ? null : Number(c.score)
    const list = byUid.get(c.uid) ?? []
    list.push(c)
    byUid.set(c.uid, list)
  }
  const cveIdOf = new Map(rowsOf<{ uid: string, cve_id: string }>(await db.execute(sql`
    SELECT uid, cve_id FROM vulnerabilities WHERE uid IN (SELECT value::uuid FROM jsonb_array_elements_text(${json([...byUid.keys()])}))`))
    .map((row) => [row.uid, row.cve_id]))

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
