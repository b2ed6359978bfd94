import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { devices, packageFindings } from '../../db/schema/index.js'
import { refreshDeviceStats } from '../detect/devices.js'

// PLACEHOLDER from the enrol branch, replaced by the vulns branch's matcher at merge (same
// exports, same contract). It matches only OSV `versions: [...]` exact lists; the real matcher
// also evaluates `ranges`.

export interface MatchResult {
  /** Packages of the device. */
  packages: number
  /** Findings (package ↔ vulnerability) written. */
  findings: number
  /** Findings with CVSS above 7.5. */
  highRisk: number
}

/**
 * Re-derives the device's package_findings from its device_packages and the vulnerability feed,
 * then refreshes the device's stored counts and risk. Pass a transaction to keep it atomic with
 * the inventory write.
 */
export async function matchDevicePackages (db: Db, tenantUid: string, deviceUid: string): Promise<MatchResult> {
  await db.delete(packageFindings)
    .where(and(eq(packageFindings.tenantUid, tenantUid), eq(packageFindings.deviceUid, deviceUid)))
  await db.execute(sql`insert into package_findings (tenant_uid, device_uid, package_id, vulnerability_uid, score)
    select p.tenant_uid, p.device_uid, p.id, v.uid, v.score
    from device_packages p
    join vulnerability_affected a on a.ecosystem = p.ecosystem
      and a.package_name in (p.name, nullif(p.source_name, ''))
      and a.versions @> jsonb_build_array(p.version)
    join vulnerabilities v on v.uid = a.vulnerability_uid
    where p.tenant_uid = ${tenantUid} and p.device_uid = ${deviceUid}
    on conflict do nothing`)
  await refreshDeviceStats(db, tenantUid, deviceUid)
  const [row] = await db.select({ packages: devices.packageCount, findings: devices.cveCount, highRisk: devices.highRiskCveCount })
    .from(devices).where(and(eq(devices.tenantUid, tenantUid), eq(devices.uid, deviceUid)))
  return row ?? { packages: 0, findings: 0, highRisk: 0 }
}

/** The OSV ecosystem of a distribution release (os-release ID and VERSION_ID), or null. */
export function osvEcosystem (platformId: string, versionId: string): string | null {
  const id = platformId.trim().toLowerCase()
  const version = versionId.trim()
  const [major = '', minor] = version.split('.')
  if (!/^\d+$/.test(major)) return null
  if (id === 'debian') return `Debian:${major}`
  if (id === 'ubuntu' && minor !== undefined) {
    const lts = Number(major) % 2 === 0 && minor === '04'
    return `Ubuntu:${major}.${minor}${lts ? ':LTS' : ''}`
  }
  if (id === 'alpine' && minor !== undefined) return `Alpine:v${major}.${minor}`
  return null
}
