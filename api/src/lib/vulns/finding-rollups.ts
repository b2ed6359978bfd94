import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import { json } from '../sql-params.js'
import { CVE_ROW_ID, isKev } from './exploits.js'

// Reads of the findings rollups (db/schema/finding-rollups.ts, kept by triggers in migration
// 0024): their cost follows the distinct CVEs and package names found, not the fleet's findings or
// packages. Each answers exactly what the same question over package_findings answers (the API
// tests compare them). KEV is looked up when read: the catalogue changes on its own schedule.

export interface CveCounts {
  total: number
  high_risk: number
  kev: number
  /** Findings (not CVEs) from demo catalogue records. */
  demo: number
}

/** Distinct CVEs found in the tenant, those scored above HIGH_RISK_SCORE, those in KEV, and the demo findings. */
export async function cveCounts(db: Db, tenantUid: string): Promise<CveCounts> {
  const [[totals], [kev]] = await Promise.all([
    db.execute(sql`SELECT cves, high_cves, demo_findings FROM finding_tenant_rollups WHERE tenant_uid = ${tenantUid}`),
    // From the KEV catalogue's side: a few thousand CVE ids, each one index probe into the rollup.
    db.execute(sql`
      SELECT count(*)::integer AS n FROM kev_entries k
      JOIN vulnerabilities v ON v.cve_id = k.cve_id
      JOIN finding_cve_rollups r ON r.tenant_uid = ${tenantUid} AND r.vulnerability_uid = v.uid`)
  ]).then((results) => results.map((result) => rowsOf<Record<string, number>>(result)))
  return { total: totals?.cves ?? 0, high_risk: totals?.high_cves ?? 0, kev: kev?.n ?? 0, demo: totals?.demo_findings ?? 0 }
}

export interface TopPackage {
  name: string
  device_count: number
  cve_count: number
  kev_count: number
  max_score: number | null
}

/** The package names on most devices with a finding (then the worst score, then the name), with their distinct CVEs. */
export async function topVulnerablePackages(db: Db, tenantUid: string, limit = 10): Promise<TopPackage[]> {
  // The ten names come from the rollup's index first; only they count their CVEs.
  const rows = rowsOf<TopPackage>(
    await db.execute(sql`
      SELECT n.package_name AS name, n.devices AS device_count, c.cve_count, c.kev_count, n.max_score
      FROM (
        SELECT package_name, devices, max_score FROM finding_name_rollups
        WHERE tenant_uid = ${tenantUid}
        -- Spelled as the index is (devices never null): a plain DESC (NULLS FIRST) sorts every name instead.
        ORDER BY devices DESC NULLS LAST, max_score DESC NULLS LAST, package_name
        LIMIT ${limit}
      ) n
      CROSS JOIN LATERAL (
        SELECT count(DISTINCT r.vulnerability_uid)::integer AS cve_count,
          (count(DISTINCT r.vulnerability_uid) FILTER (WHERE ${isKev(CVE_ROW_ID)}))::integer AS kev_count
        FROM finding_rollups r JOIN vulnerabilities ON vulnerabilities.uid = r.vulnerability_uid
        WHERE r.tenant_uid = ${tenantUid} AND r.package_name = n.package_name
      ) c
      ORDER BY n.devices DESC, n.max_score DESC NULLS LAST, n.package_name`)
  )
  return rows.map((row) => ({ ...row, max_score: row.max_score === null ? null : Number(row.max_score) }))
}

interface Group {
  vulnerability_uid: string
  score: number | null
  findings: number
}

/** Score order with unscored last: whether a ranks before b. */
const higher = (a: number | null, b: number | null): boolean => a !== null && (b === null || a > b)

/**
 * The groups (sorted worst first) down to the score where their findings reach `need`, with every
 * group of that score (the ties are broken with the findings' hostnames, read afterwards).
 */
function takeWorst(sorted: Group[], need: number): { uids: string[]; found: number; last: number | null } {
  const uids: string[] = []
  let found = 0
  let last: number | null = null
  for (const group of sorted) {
    if (found >= need && higher(last, group.score)) break
    uids.push(group.vulnerability_uid)
    found += group.findings
    last = group.score
  }
  return { uids, found, last }
}

/** The summary names 5 findings: a page of 50 groups nearly always holds them. */
const GROUPS_PER_PAGE = 50

/**
 * The CVE rows that hold the tenant's `limit` worst findings in the summary's order (KEV first,
 * then score, unscored last): a superset, whose findings the caller sorts fully and cuts.
 */
export async function worstCandidates(db: Db, tenantUid: string, limit: number, pageSize = GROUPS_PER_PAGE): Promise<string[]> {
  const kev = rowsOf<Group>(
    await db.execute(sql`
      SELECT r.vulnerability_uid, r.score, r.findings
      FROM kev_entries k
      JOIN vulnerabilities v ON v.cve_id = k.cve_id
      JOIN finding_rollups r ON r.vulnerability_uid = v.uid AND r.tenant_uid = ${tenantUid}`)
  ).sort((a, b) => (higher(a.score, b.score) ? -1 : higher(b.score, a.score) ? 1 : 0))
  const fromKev = takeWorst(kev, limit)
  if (fromKev.found >= limit) return fromKev.uids
  const need = limit - fromKev.found
  // Pages in the score index's order (keyset on score); each page's last score is read whole, so
  // every score level taken is complete and its ties can be broken with the findings.
  const page = (below?: number) =>
    db.execute(sql`
      SELECT r.vulnerability_uid, r.score, r.findings
      FROM finding_rollups r JOIN vulnerabilities ON vulnerabilities.uid = r.vulnerability_uid
      WHERE r.tenant_uid = ${tenantUid} AND NOT ${isKev(CVE_ROW_ID)}
        ${below === undefined ? sql`` : sql`AND (r.score < ${below} OR r.score IS NULL)`}
      ORDER BY r.score DESC NULLS LAST
      LIMIT ${pageSize}`)
  const others: Group[] = []
  let below: number | undefined
  for (;;) {
    const rows = rowsOf<Group>(await page(below))
    if (rows.length < pageSize) {
      others.push(...rows)
      break
    }
    const last = rows.at(-1)!.score
    others.push(...rows.filter((group) => group.score !== last))
    const level = rowsOf<Group>(
      await db.execute(sql`
        SELECT r.vulnerability_uid, r.score, r.findings
        FROM finding_rollups r JOIN vulnerabilities ON vulnerabilities.uid = r.vulnerability_uid
        WHERE r.tenant_uid = ${tenantUid} AND NOT ${isKev(CVE_ROW_ID)} AND ${last === null ? sql`r.score IS NULL` : sql`r.score = ${last}`}`)
    )
    others.push(...level)
    if (last === null || others.reduce((n, group) => n + group.findings, 0) >= need) break
    below = last
  }
  return [...new Set([...fromKev.uids, ...takeWorst(others, need).uids])]
}

/** The uids as one JSON parameter, for `= ANY(...)` (no parameter limit). */
export const uidList = (uids: string[]) => sql`ARRAY(SELECT value::uuid FROM jsonb_array_elements_text(${json(uids)}))`
