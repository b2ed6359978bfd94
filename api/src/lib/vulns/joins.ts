import { eq } from 'drizzle-orm'
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
