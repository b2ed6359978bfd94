import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { devicePackages, osvRecords, osvRecordVulnerabilities, packageFindings, vulnerabilities } from '../../db/schema/index.js'

/** How the vulnerability tables join, written once for every query over them. */

/** A finding to its device package. */
export const findingPackage = eq(devicePackages.id, packageFindings.packageId)
/** A finding to its CVE row. */
export const findingVulnerability = eq(vulnerabilities.uid, packageFindings.vulnerabilityUid)
/** A record-to-CVE link to its OSV record. */
export const linkRecord = eq(osvRecords.id, osvRecordVulnerabilities.osvId)
/** A record-to-CVE link to its CVE row. */
export const linkVulnerability = eq(vulnerabilities.uid, osvRecordVulnerabilities.vulnerabilityUid)

/**
 * A record-to-CVE link's CVE row, looked up by its key for each link: `innerJoinLateral(linkedCve(db),
 * sql\`true\`)`. A plain join from a list of records' links is planned as a hash join that reads all
 * of `vulnerabilities`, descriptions included (the planner cannot tell how short the list is):
 * ~350 ms a query on PGlite at 200,000 CVE rows, where a few hundred links take ~10 ms this way.
 * Its LIMIT 1 (uid is the key, so it changes nothing) keeps the planner from turning the subquery back
 * into that join.
 */
export const linkedCve = (db: Db) =>
  db
    .select({ uid: vulnerabilities.uid, cveId: vulnerabilities.cveId, score: vulnerabilities.score })
    .from(vulnerabilities)
    .where(linkVulnerability)
    .limit(1)
    .as('linked_cve')
