import { and, count, eq, inArray, max, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { devicePackages, devices, packageFindings, vulnerabilities } from '../../db/schema/index.js'
import { bumpTenantData } from '../data-version.js'
import { owned } from '../tenant-scope.js'
import { deviceRisk, HIGH_RISK_SCORE } from './risk.js'
import { CVE_ROW_ID, isKev } from './exploits.js'
import { findingVulnerability } from './joins.js'

export interface FindingCounts {
  n: number
  high: number
  kev: number
  worst: number | null
}

/** Per device: its findings, how many are high risk or in KEV, and the worst score (devices without findings are absent). */
export async function findingCounts(db: Db, tenantUid: string, deviceUids: string[]): Promise<Map<string, FindingCounts>> {
  const rows = await db
    .select({
      uid: packageFindings.deviceUid,
      n: count(),
      high: sql<number>`count(*) filter (where ${packageFindings.score} > ${HIGH_RISK_SCORE})`.mapWith(Number),
      kev: sql<number>`count(*) filter (where ${isKev(CVE_ROW_ID)})`.mapWith(Number),
      worst: max(packageFindings.score)
    })
    .from(packageFindings)
    .innerJoin(vulnerabilities, findingVulnerability)
    .where(owned(packageFindings, tenantUid, inArray(packageFindings.deviceUid, deviceUids)))
    .groupBy(packageFindings.deviceUid)
  return new Map(rows.map(({ uid, ...counts }) => [uid, counts]))
}

/**
 * Recomputes a device's stored counts and risk from its packages and findings. Call it after
 * any write to a device's packages or findings (seed, enrolment, CVE matching). It bumps the
 * tenant's DETECT data version; inside a transaction, bump again once it committed.
 */
export async function refreshDeviceStats(db: Db, tenantUid: string, deviceUid: string): Promise<void> {
  const [packages] = await db
    .select({ n: count() })
    .from(devicePackages)
    .where(and(eq(devicePackages.tenantUid, tenantUid), eq(devicePackages.deviceUid, deviceUid)))
  const findings = (await findingCounts(db, tenantUid, [deviceUid])).get(deviceUid)
  const risk = deviceRisk([findings?.worst ?? null], findings?.kev ?? 0)
  await db
    .update(devices)
    .set({
      packageCount: packages?.n ?? 0,
      cveCount: findings?.n ?? 0,
      highRiskCveCount: findings?.high ?? 0,
      kevCount: findings?.kev ?? 0,
      ...risk
    })
    .where(and(eq(devices.tenantUid, tenantUid), eq(devices.uid, deviceUid)))
  bumpTenantData(tenantUid)
}
