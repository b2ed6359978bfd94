import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { osvRecords, osvRecordVulnerabilities, vulnerabilities } from '../../db/schema/index.js'
import { found, uidOr404 } from '../tenant-scope.js'
import { advisoryLinks } from './advisory-links.js'
import { CVE_ROW_ID, epssOf, epssPercentileOf, kevJson } from './exploits.js'
import { linkRecord } from './joins.js'

/**
 * One CVE row as `/api/v1/cves/{uid}/description/` answers it (global data: the same for every
 * tenant): the description (details, else summary), score, aliases, KEV/EPSS and advisory links.
 */
export async function cveDescription(db: Db, cveUid: string) {
  const uid = uidOr404(cveUid)
  const [row] = await db
    .select({
      cve_id: vulnerabilities.cveId,
      description: vulnerabilities.description,
      summary: vulnerabilities.summary,
      score: vulnerabilities.score,
      vector: vulnerabilities.vector,
      aliases: vulnerabilities.aliases,
      source: vulnerabilities.source,
      kev: kevJson(CVE_ROW_ID),
      epss: epssOf(CVE_ROW_ID),
      epss_percentile: epssPercentileOf(CVE_ROW_ID)
    })
    .from(vulnerabilities)
    .where(eq(vulnerabilities.uid, uid))
  const { summary, source, ...cve } = found(row)
  // The real records naming it (never the demo catalogue's) give the advisory links.
  const records = await db
    .select({ id: osvRecords.id })
    .from(osvRecordVulnerabilities)
    .innerJoin(osvRecords, linkRecord)
    .where(and(eq(osvRecordVulnerabilities.vulnerabilityUid, uid), eq(osvRecords.demo, false)))
  return {
    ...cve,
    description: cve.description || summary,
    demo: source === 'seed',
    links: advisoryLinks(
      cve.cve_id,
      records.map((record) => record.id),
      cve.aliases,
      cve.kev !== null
    )
  }
}
