import { promisify } from 'node:util'
import { gunzip as gunzipCallback } from 'node:zlib'
import type { Prioritisation, SbomFeed } from '@console/contracts'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { insightReports as r, insightSboms, osvRecordVulnerabilities } from '../../db/schema/index.js'
import { found } from '../tenant-scope.js'
import { coverageOf } from '../vulns/coverage.js'
import { exploitabilityOf, exploitDataState } from '../vulns/exploits.js'
import { componentFeedPackage } from './component-package.js'
import { parsePurl } from '../vulns/purl.js'
import type { SbomDocument } from './cyclonedx.js'
import { partOfReport, reportWhere } from './reports.js'
import { sbomText } from './sbom-chunks.js'
import { json } from '../sql-params.js'
import { CVE_ID } from '../vulns/osv-record.js'
import { linkedCve } from '../vulns/joins.js'

const gunzip = promisify(gunzipCallback)

/**
 * What an SBOM's vulnerability list can be trusted for, and what to fix first: which components
 * the console could check against its feed (and per ecosystem, how many advisories it holds), and
 * KEV/EPSS for the SBOM's vulnerabilities. Read beside the SBOM itself (whose bytes stay as
 * stored), so a new KEV entry or feed sync shows without rewriting the document.
 */

/** The CVE ids each non-CVE vulnerability id stands for, through the OSV records of that id. */
async function cvesOfRecords(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  if (ids.length === 0) return out
  const cve = linkedCve(db)
  const rows = await db
    .select({ osvId: osvRecordVulnerabilities.osvId, cveId: cve.cveId })
    .from(osvRecordVulnerabilities)
    .innerJoinLateral(cve, sql`true`)
    .where(sql`${osvRecordVulnerabilities.osvId} = ANY(ARRAY(SELECT jsonb_array_elements_text(${json(ids)})))`)
  for (const row of rows) out.set(row.osvId, [...(out.get(row.osvId) ?? []), row.cveId])
  return out
}

/** The feed status of a report's SBOM; 404 (HttpError) when the report is not the tenant's, null without SBOM. */
export async function sbomFeedStatus(db: Db, tenantUid: string, uid: string): Promise<SbomFeed | null> {
  const [row] = await db
    .select({ uid: r.uid, gzip: insightSboms.documentGzipBase64, upload: insightSboms.documentUpload, demo: insightSboms.demo })
    .from(r)
    .leftJoin(insightSboms, partOfReport(insightSboms))
    .where(reportWhere(tenantUid, uid))
  const report = found(row)
  if (report.gzip === null) return null
  const text = await sbomText(db, { gzip: report.gzip, upload: report.upload })
  const document = JSON.parse((await gunzip(Buffer.from(text, 'base64'))).toString('utf8')) as SbomDocument
  const demo = report.demo === true

  let checked = 0
  let unsupported = 0
  let noPurl = 0
  const packages = new Map<string, number>()
  for (const component of document.components) {
    // Without a bom-ref no vulnerability can point at it: the analysis skips it like a missing purl.
    if (component.purl === null || component['bom-ref'] === null || parsePurl(component.purl) === null) {
      noPurl++
      continue
    }
    const pkg = componentFeedPackage(component)
    if (pkg === null) {
      unsupported++
      continue
    }
    checked++
    packages.set(pkg.ecosystem, (packages.get(pkg.ecosystem) ?? 0) + 1)
  }
  const loaded = await coverageOf(db, packages.keys())
  const coverage = [...packages]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ecosystem, n]) => ({
      ecosystem,
      packages: n,
      advisories: loaded.get(ecosystem)?.advisories ?? 0,
      demo_advisories: demo ? (loaded.get(ecosystem)?.demoAdvisories ?? 0) : 0
    }))

  const vulnerabilities = await exploitDataOf(db, document)
  return { demo, checked, unsupported, no_purl: noPurl, coverage, vulnerabilities, ...(await exploitDataState(db)) }
}

/**
 * KEV and EPSS by the SBOM's vulnerability ids (only those with either): a CVE id directly, any
 * other id (GHSA, DSA…) through the CVEs its OSV records name.
 */
export async function exploitDataOf(
  db: Db,
  document: Pick<SbomDocument, 'vulnerabilities'>
): Promise<Record<string, Prioritisation>> {
  const ids = [...new Set(document.vulnerabilities.map((v) => v.id).filter((id): id is string => id !== null))]
  const viaRecords = await cvesOfRecords(
    db,
    ids.filter((id) => !CVE_ID.test(id))
  )
  const cvesOf = (id: string): string[] => (CVE_ID.test(id) ? [id] : (viaRecords.get(id) ?? []))
  const known = await exploitabilityOf(db, ids.flatMap(cvesOf))
  const vulnerabilities: Record<string, Prioritisation> = {}
  for (const id of ids) {
    // A GHSA naming several CVEs: KEV if any is, the highest EPSS.
    const entries = cvesOf(id)
      .map((cve) => known.get(cve))
      .filter((e): e is Prioritisation => e !== undefined)
    if (entries.length === 0) continue
    const best = entries.reduce((a, b) => ((b.epss ?? -1) > (a.epss ?? -1) ? b : a))
    vulnerabilities[id] = {
      kev: entries.find((e) => e.kev !== null)?.kev ?? null,
      epss: best.epss,
      epss_percentile: best.epss_percentile
    }
  }
  return vulnerabilities
}
