import { asc, eq, inArray, sql } from 'drizzle-orm'
import { isEmbedded, type Db } from '../../db/client.js'
import { requestsActive } from '../../db/priority.js'
import { devicePackages, devices, osvRecordVulnerabilities, packageFindings } from '../../db/schema/index.js'
import { rowsOf } from '../sql-rows.js'
import { findingCounts, refreshDeviceStats } from './device-stats.js'
import { deviceRisk, isHighRisk } from './risk.js'
import { owned } from '../tenant-scope.js'
import { ecosystemKey, feedPackageName, matchesBySource } from './ecosystems.js'
import { isKev } from './exploits.js'
import { affectedLookupOf, feedHitsWith, PAIRS_PER_QUERY, type AffectedLookup, type FeedPackage } from './feed-match.js'
import { cachedAffected, cachedLinks, type LinkedCve, type LinksLookup } from './match-cache.js'
import { json } from '../sql-params.js'
import { linkedCve } from './joins.js'

export { osvEcosystem } from './ecosystems.js'

export interface MatchSummary {
  packages: number
  findings: number
  highRisk: number
  kev: number
}

interface Finding {
  device_uid: string
  package_id: number
  vulnerability_uid: string
  score: number | null
  /** Only demo catalogue records say so (a demo device). */
  demo: boolean
  /** The CVE is in CISA's KEV catalogue. */
  kev: boolean
}

/**
 * What the feed says about some devices of one tenant: the shared core (feedHits) on the
 * devices' packages, keyed by their ecosystem and the name the feed uses (the source package for
 * Debian, Ubuntu and Alpine), then one query reads the CVE rows of the records that matched.
 * Only the demo seed's devices are matched against the demo catalogue too.
 */
/**
 * What a feed change can have changed: the feed package names of affected rows that came or went,
 * and the CVE rows re-derived. A scoped re-match looks only at the packages so named or holding a
 * finding on such a CVE, and leaves every other finding of the device as it is.
 */
export interface MatchScope {
  packageNames: ReadonlySet<string>
  vulnerabilityUids: ReadonlySet<string>
}

interface DeviceFindings {
  /** Packages per device (all of them, scoped or not). */
  packages: Map<string, number>
  findings: Finding[]
  /** With a scope: the package ids looked at (only their findings may change). */
  scoped?: Set<number>
}

/** The CVE rows of some OSV records (their score, and whether KEV lists them), each by its key (linkedCve). */
const linksOf =
  (db: Db): LinksLookup =>
  async (osvIds) => {
    const cve = linkedCve(db)
    const rows = await db
      .select({ osvId: osvRecordVulnerabilities.osvId, uid: cve.uid, score: cve.score, kev: isKev(cve.cveId) })
      .from(osvRecordVulnerabilities)
      .innerJoinLateral(cve, sql`true`)
      .where(sql`${osvRecordVulnerabilities.osvId} = ANY(ARRAY(SELECT jsonb_array_elements_text(${json(osvIds)})))`)
    const out = new Map<string, LinkedCve[]>()
    for (const row of rows) {
      const linked = { uid: row.uid, score: row.score, kev: row.kev }
      const list = out.get(row.osvId)
      if (list === undefined) out.set(row.osvId, [linked])
      else list.push(linked)
    }
    return out
  }

/** Where findingsOf() reads the feed: straight from the database, or through one run's cache. */
interface FeedReads {
  affected: AffectedLookup
  links: LinksLookup
}

const feedReadsOf = (db: Db): FeedReads => ({ affected: affectedLookupOf(db), links: linksOf(db) })

async function findingsOf(
  db: Db,
  tenantUid: string,
  deviceUids: string[],
  scope?: MatchScope,
  feed: FeedReads = feedReadsOf(db)
): Promise<DeviceFindings> {
  const demoDevices = new Set(
    (
      await db
        .select({ uid: devices.uid })
        .from(devices)
        .where(owned(devices, tenantUid, inArray(devices.uid, deviceUids), eq(devices.demo, true)))
    ).map((row) => row.uid)
  )
  const rows = await db
    .select({
      id: devicePackages.id,
      deviceUid: devicePackages.deviceUid,
      name: devicePackages.name,
      version: devicePackages.version,
      ecosystem: devicePackages.ecosystem,
      sourceName: devicePackages.sourceName
    })
    .from(devicePackages)
    .where(owned(devicePackages, tenantUid, inArray(devicePackages.deviceUid, deviceUids)))

  const packages = new Map<string, number>(deviceUids.map((uid) => [uid, 0]))
  // The devices' findings are few next to the changed CVE rows (a first sync re-derives every
  // one): read them all and test each against the set, rather than send the set to the database.
  const withChangedCves =
    scope === undefined || scope.vulnerabilityUids.size === 0
      ? new Set<number>()
      : new Set(
          (
            await db
              .select({ id: packageFindings.packageId, uid: packageFindings.vulnerabilityUid })
              .from(packageFindings)
              .where(owned(packageFindings, tenantUid, inArray(packageFindings.deviceUid, deviceUids)))
          )
            .filter((row) => scope.vulnerabilityUids.has(row.uid))
            .map((row) => row.id)
        )
  const scoped = scope === undefined ? undefined : new Set<number>()
  type Query = FeedPackage & { id: number; deviceUid: string }
  const real: Query[] = []
  const demo: Query[] = []
  for (const row of rows) {
    packages.set(row.deviceUid, (packages.get(row.deviceUid) ?? 0) + 1)
    const ecosystem = ecosystemKey(row.ecosystem)
    if (ecosystem === '') continue
    const name = matchesBySource(ecosystem) && row.sourceName !== '' ? row.sourceName : row.name
    if (scoped !== undefined) {
      if (!scope!.packageNames.has(feedPackageName(ecosystem, name)) && !withChangedCves.has(row.id)) continue
      scoped.add(row.id)
    }
    ;(demoDevices.has(row.deviceUid) ? demo : real).push({
      ecosystem,
      name,
      version: row.version,
      id: row.id,
      deviceUid: row.deviceUid
    })
  }
  /** package → the OSV records it is affected by (id → whether it is a demo record). */
  const matched = new Map<Query, Map<string, boolean>>()
  const hits = [
    ...(await feedHitsWith(feed.affected, real, {}, PAIRS_PER_QUERY)),
    ...(demo.length === 0 ? [] : await feedHitsWith(feed.affected, demo, { demo: true }, PAIRS_PER_QUERY))
  ]
  for (const [pkg, list] of hits) matched.set(pkg, new Map(list.map((hit) => [hit.osvId, hit.demo])))
  const osvIds = [...new Set([...matched.values()].flatMap((ids) => [...ids.keys()]))]
  if (osvIds.length === 0) return { packages, findings: [], scoped }

  const cvesOf = await feed.links(osvIds)

  // A package affected through several records of the same CVE is one finding; it is demo data
  // only when no real record says so.
  const findings = new Map<string, Finding>()
  for (const [pkg, ids] of matched) {
    for (const [id, isDemo] of ids) {
      for (const cve of cvesOf.get(id) ?? []) {
        const key = `${pkg.id}/${cve.uid}`
        const seen = findings.get(key)
        if (seen !== undefined) seen.demo &&= isDemo
        else
          findings.set(key, {
            device_uid: pkg.deviceUid,
            package_id: pkg.id,
            vulnerability_uid: cve.uid,
            score: cve.score,
            demo: isDemo,
            kev: cve.kev
          })
      }
    }
  }
  return { packages, findings: [...findings.values()], scoped }
}

/**
 * Makes the devices' package_findings exactly `findings`, writing only the difference: one
 * statement each deletes the findings that no longer hold, inserts the new ones and updates
 * changed scores, and none runs when nothing changed (the usual hourly report). A finding that
 * stays keeps its row and first-seen time.
 */
async function writeFindings(
  tx: Db,
  tenantUid: string,
  deviceUids: string[],
  findings: Finding[],
  scoped?: Set<number>
): Promise<void> {
  const stored = await tx
    .select({
      id: packageFindings.id,
      packageId: packageFindings.packageId,
      uid: packageFindings.vulnerabilityUid,
      score: packageFindings.score,
      demo: packageFindings.demo
    })
    .from(packageFindings)
    .where(owned(packageFindings, tenantUid, inArray(packageFindings.deviceUid, deviceUids)))
  // A scoped re-match decides only about the packages it looked at.
  const existing = scoped === undefined ? stored : stored.filter((row) => scoped.has(row.packageId))
  const wanted = new Map(findings.map((finding) => [`${finding.package_id}/${finding.vulnerability_uid}`, finding]))
  const gone: number[] = []
  const rescored: Array<{ id: number; score: number | null; demo: boolean }> = []
  for (const row of existing) {
    const key = `${row.packageId}/${row.uid}`
    const finding = wanted.get(key)
    if (finding === undefined) gone.push(row.id)
    else if (finding.score !== row.score || finding.demo !== row.demo)
      rescored.push({ id: row.id, score: finding.score, demo: finding.demo })
    wanted.delete(key)
  }
  if (gone.length > 0) {
    await tx.execute(sql`DELETE FROM package_findings WHERE tenant_uid = ${tenantUid}
      AND id = ANY(ARRAY(SELECT value::bigint FROM jsonb_array_elements_text(${json(gone)})))`)
  }
  if (wanted.size > 0) {
    await tx.execute(sql`
      INSERT INTO package_findings (tenant_uid, device_uid, package_id, vulnerability_uid, score, demo, package_name)
      SELECT ${tenantUid}, r.device_uid, r.package_id, r.vulnerability_uid, r.score, r.demo, p.name
      FROM jsonb_to_recordset(${json([...wanted.values()])}) AS r(device_uid uuid, package_id bigint, vulnerability_uid uuid, score real, demo boolean)
      -- The name the rollups group by, in one join rather than a trigger's lookup per row. The joins
      -- also check that the package (of that device, so the device too) and the CVE row exist: on
      -- PGlite the insert runs without the per-row foreign-key checks (withoutForeignKeyChecks()).
      JOIN device_packages p ON p.id = r.package_id AND p.tenant_uid = ${tenantUid} AND p.device_uid = r.device_uid
      JOIN vulnerabilities v ON v.uid = r.vulnerability_uid
      -- In CVE order: the CVE index and the foreign-key checks on vulnerabilities then read each
      -- page once per statement (the batch's packages are few and stay cached whatever the order).
      ORDER BY r.vulnerability_uid, r.package_id
      ON CONFLICT (package_id, vulnerability_uid) DO UPDATE SET score = excluded.score, demo = excluded.demo`)
  }
  if (rescored.length > 0) {
    await tx.execute(sql`UPDATE package_findings f SET score = r.score, demo = r.demo
      FROM jsonb_to_recordset(${json(rescored)}) AS r(id bigint, score real, demo boolean)
      WHERE f.tenant_uid = ${tenantUid} AND f.id = r.id`)
  }
}

/**
 * writeFindings() on PGlite runs without the per-row foreign-key checks: each locks the finding's CVE
 * row, a random page of a big table (about a third of a fleet's first match, bench/findings-insert.mjs).
 * The insert's joins check existence instead, which on PGlite's one connection is as safe (nothing
 * can remove a row in between). The findings' triggers still fire (ALWAYS, migration 0032). The
 * setting is local to the transaction; PostgreSQL, where other sessions write concurrently, keeps
 * its checks.
 */
async function withoutForeignKeyChecks(tx: Db, embedded: boolean, write: () => Promise<void>): Promise<void> {
  if (!embedded) return await write()
  await tx.execute(sql`SET LOCAL session_replication_role = replica`)
  await write()
  await tx.execute(sql`SET LOCAL session_replication_role = origin`)
}

const summarize = (packages: number, findings: Finding[]): MatchSummary => ({
  packages,
  findings: findings.length,
  highRisk: findings.filter((finding) => isHighRisk(finding.score)).length,
  kev: findings.filter((finding) => finding.kev).length
})

/**
 * Re-derives every package_findings row of one device from its device_packages and the
 * vulnerability feed, then refreshDeviceStats(). Idempotent; safe to call after each report.
 */
export async function matchDevicePackages(db: Db, tenantUid: string, deviceUid: string): Promise<MatchSummary> {
  const { packages, findings } = await findingsOf(db, tenantUid, [deviceUid])
  const embedded = isEmbedded(db)
  await db.transaction(async (tx) => {
    await withoutForeignKeyChecks(tx, embedded, () => writeFindings(tx, tenantUid, [deviceUid], findings))
    await refreshDeviceStats(tx, tenantUid, deviceUid)
  })
  return summarize(packages.get(deviceUid) ?? 0, findings)
}

export interface MatchTotals extends MatchSummary {
  devices: number
}

interface DeviceStats {
  uid: string
  package_count: number
  cve_count: number
  high_risk_cve_count: number
  kev_count: number
  risk_score: string
  risk_rank: number
}

/** The stored counts and risk of devices whose every finding was just computed. */
function statsOf(batch: string[], packages: Map<string, number>, findings: Finding[]): DeviceStats[] {
  return batch.map((uid) => {
    const own = findings.filter((finding) => finding.device_uid === uid)
    const summary = summarize(packages.get(uid) ?? 0, own)
    const risk = deviceRisk(
      own.map((finding) => finding.score),
      summary.kev
    )
    return {
      uid,
      package_count: summary.packages,
      cve_count: summary.findings,
      high_risk_cve_count: summary.highRisk,
      kev_count: summary.kev,
      risk_score: risk.riskScore,
      risk_rank: risk.riskRank
    }
  })
}

/** The same from the stored findings (after a scoped re-match wrote part of them), as refreshDeviceStats() counts. */
async function storedStats(tx: Db, tenantUid: string, batch: string[], packages: Map<string, number>): Promise<DeviceStats[]> {
  const byDevice = await findingCounts(tx, tenantUid, batch)
  return batch.map((uid) => {
    const row = byDevice.get(uid)
    const risk = deviceRisk([row?.worst ?? null], row?.kev ?? 0)
    return {
      uid,
      package_count: packages.get(uid) ?? 0,
      cve_count: row?.n ?? 0,
      high_risk_cve_count: row?.high ?? 0,
      kev_count: row?.kev ?? 0,
      risk_score: risk.riskScore,
      risk_rank: risk.riskRank
    }
  })
}

/** Devices matched per round trip by matchDevices(). */
const DEVICES_PER_BATCH = 25
/**
 * On PGlite while requests use the database, findings written per transaction (a device's at
 * least, whole): its one connection is every request's too, and a request that misses the cache
 * waits for the transaction of the moment. In bench/feeds.mjs a first match writes ~22,000 rows
 * per batch of 25 devices (886 a device), 3–4 s with the connection held; a device alone holds it
 * ~0.2 s, but the whole match takes ~30% longer (each statement's index pages and triggers are
 * paid per device), so a quiet server keeps the batch's one transaction.
 */
const EMBEDDED_FINDINGS_PER_WRITE = 600
/** "While requests use the database": one sent a statement within this long. */
const REQUESTS_WITHIN_MS = 2000

/** The batch's devices in write transactions: one on PostgreSQL or a quiet PGlite; else runs of devices up to ~EMBEDDED_FINDINGS_PER_WRITE findings. */
function writeGroups(batch: string[], findings: Finding[], embedded: boolean): string[][] {
  if (!embedded || !requestsActive(REQUESTS_WITHIN_MS)) return [batch]
  const perDevice = new Map<string, number>()
  for (const finding of findings) perDevice.set(finding.device_uid, (perDevice.get(finding.device_uid) ?? 0) + 1)
  const groups: string[][] = []
  let group: string[] = []
  let rows = 0
  for (const uid of batch) {
    const own = perDevice.get(uid) ?? 0
    if (group.length > 0 && rows + own > EMBEDDED_FINDINGS_PER_WRITE) {
      groups.push(group)
      group = []
      rows = 0
    }
    group.push(uid)
    rows += own
  }
  if (group.length > 0) groups.push(group)
  return groups
}

/**
 * matchDevicePackages() for many devices (the seed, `match-devices`, after an import) with the
 * same queries shared by up to 25 devices of a tenant at a time. The stored counts and risk are
 * computed as refreshDeviceStats() does (deviceRisk() on the findings written) in one update.
 */
export interface MatchDevicesOptions {
  onProgress?: (done: number, total: number) => void
  /** Only these packages and CVE rows (a re-match after a feed change); absent: everything. */
  scope?: MatchScope
  /** Checked between batches: an abort throws its reason, each batch before it stays written whole. */
  signal?: AbortSignal
}

export async function matchDevices(
  db: Db,
  list: Array<{ tenantUid: string; deviceUid: string }>,
  { onProgress, scope, signal }: MatchDevicesOptions = {}
): Promise<MatchTotals> {
  const totals: MatchTotals = { devices: 0, packages: 0, findings: 0, highRisk: 0, kev: 0 }
  const byTenant = new Map<string, string[]>()
  for (const { tenantUid, deviceUid } of list) byTenant.set(tenantUid, [...(byTenant.get(tenantUid) ?? []), deviceUid])
  // One run's feed reads are shared by its batches (see match-cache.ts).
  const feed = feedReadsOf(db)
  const cached: FeedReads = { affected: cachedAffected(feed.affected), links: cachedLinks(feed.links) }
  const embedded = isEmbedded(db)
  for (const [tenantUid, uids] of byTenant) {
    for (let i = 0; i < uids.length; i += DEVICES_PER_BATCH) {
      signal?.throwIfAborted()
      const batch = uids.slice(i, i + DEVICES_PER_BATCH)
      const { packages, findings, scoped } = await findingsOf(db, tenantUid, batch, scope, cached)
      const stats: DeviceStats[] = []
      for (const group of writeGroups(batch, findings, embedded)) {
        const own = group.length === batch.length ? findings : findings.filter((finding) => group.includes(finding.device_uid))
        stats.push(
          ...(await db.transaction(async (tx) => {
            await withoutForeignKeyChecks(tx, embedded, () => writeFindings(tx, tenantUid, group, own, scoped))
            const written =
              scoped === undefined ? statsOf(group, packages, own) : await storedStats(tx, tenantUid, group, packages)
            await tx.execute(sql`
              UPDATE devices d SET package_count = s.package_count, cve_count = s.cve_count,
                high_risk_cve_count = s.high_risk_cve_count, kev_count = s.kev_count, risk_score = s.risk_score, risk_rank = s.risk_rank
              FROM jsonb_to_recordset(${json(written)}) AS s(uid uuid, package_count integer, cve_count integer,
                high_risk_cve_count integer, kev_count integer, risk_score text, risk_rank smallint)
              WHERE d.tenant_uid = ${tenantUid} AND d.uid = s.uid`)
            return written
          }))
        )
      }
      for (const stat of stats) {
        totals.devices++
        totals.packages += stat.package_count
        totals.findings += stat.cve_count
        totals.highRisk += stat.high_risk_cve_count
        totals.kev += stat.kev_count
      }
      onProgress?.(totals.devices, list.length)
    }
  }
  return totals
}

/** Every device, or a tenant's: what `match-devices` re-matches. */
export async function allDevices(db: Db, tenantUid?: string): Promise<Array<{ tenantUid: string; deviceUid: string }>> {
  return await db
    .select({ tenantUid: devices.tenantUid, deviceUid: devices.uid })
    .from(devices)
    .where(tenantUid === undefined ? undefined : eq(devices.tenantUid, tenantUid))
    .orderBy(asc(devices.tenantUid), asc(devices.uid))
}

/**
 * The devices an import can change: those with a package named like an affected row that came
 * or went, and those with findings on a CVE row that was re-derived (its score may differ).
 */
export async function devicesTouched(
  db: Db,
  packageNames: Set<string>,
  vulnerabilityUids: Set<string>
): Promise<Array<{ tenantUid: string; deviceUid: string }>> {
  if (packageNames.size === 0 && vulnerabilityUids.size === 0) return []
  const names = json([...packageNames])
  // `IN (SELECT …)` inside OR is a hashed subplan: one hash probe per package row. `= ANY(ARRAY(…))`
  // compared each row with the whole list (a first sync names ~20,000 packages: 160 s on PGlite
  // for 300,000 rows, with the console's only connection held).
  return rowsOf<{ tenantUid: string; deviceUid: string }>(
    await db.execute(sql`
    WITH names AS MATERIALIZED (SELECT DISTINCT value AS name FROM jsonb_array_elements_text(${names}))
    SELECT tenant_uid AS "tenantUid", device_uid AS "deviceUid" FROM device_packages
    WHERE source_name IN (SELECT name FROM names) OR name IN (SELECT name FROM names)
      -- feedPackageName(): PyPI names as PEP 503 folds them, NuGet and Packagist ignoring case
      OR lower(name) IN (SELECT name FROM names)
      OR regexp_replace(lower(name), '[-_.]+', '-', 'g') IN (SELECT name FROM names)
    UNION
    SELECT tenant_uid, device_uid FROM package_findings
    WHERE vulnerability_uid IN (SELECT value::uuid FROM jsonb_array_elements_text(${json([...vulnerabilityUids])}))
    ORDER BY 1, 2`)
  )
}

/** Drops CVE rows that no record speaks for and no finding points at (after re-matching). */
export async function removeOrphanVulnerabilities(db: Db, uids: Set<string>): Promise<number> {
  if (uids.size === 0) return 0
  const removed = rowsOf<{ uid: string }>(
    await db.execute(sql`
    DELETE FROM vulnerabilities v
    WHERE v.uid = ANY(ARRAY(SELECT value::uuid FROM jsonb_array_elements_text(${json([...uids])})))
      AND NOT EXISTS (SELECT 1 FROM osv_record_vulnerabilities l WHERE l.vulnerability_uid = v.uid)
      AND NOT EXISTS (SELECT 1 FROM package_findings f WHERE f.vulnerability_uid = v.uid)
    RETURNING v.uid`)
  )
  return removed.length
}
