import { and, count, eq, max, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { devicePackages, devices, packageFindings, vulnerabilities } from '../../db/schema/index.js'
import { bumpTenantData } from './data-version.js'
import { deviceRisk, HIGH_RISK_SCORE } from './risk.js'
import { CVE_ROW_ID, isKev } from '../vulns/exploits.js'

/**
 * Recomputes a device's stored counts and risk from its packages and findings. Call it after
 * any write to a device's packages or findings (seed, enrolment, CVE matching). It bumps the
 * tenant's DETECT data version; inside a transaction, bump again once it committed.
 */
export async function refreshDeviceStats (db: Db, tenantUid: string, deviceUid: string): Promise<void> {
  const [packages] = await db.select({ n: count() }).from(devicePackages)
    .where(and(eq(devicePackages.tenantUid, tenantUid), eq(devicePackages.deviceUid, deviceUid)))
  const [findings] = await db.select({
    n: count(),
    high: sql<number>`count(*) filter (where ${packageFindings.score} > ${HIGH_RISK_SCORE})`.mapWith(Number),
    kev: sql<number>`count(*) filter (where ${isKev(CVE_ROW_ID)})`.mapWith(Number),
    worst: max(packageFindings.score)
  }).from(packageFindings)
    .innerJoin(vulnerabilities, eq(vulnerabilities.uid, packageFindings.vulnerabilityUid))
    .where(and(eq(packageFindings.tenantUid, tenantUid), eq(packageFindings.deviceUid, deviceUid)))
  const risk = deviceRisk([findings?.worst ?? null], findings?.kev ?? 0)
  await db.update(devices).set({
    packageCount: packages?.n ?? 0,
    cveCount: findings?.n ?? 0,
    highRiskCveCount: findings?.high ?? 0,
    kevCount: findings?.kev ?? 0,
    ...risk
  }).where(and(eq(devices.tenantUid, tenantUid), eq(devices.uid, deviceUid)))
  bumpTenantData(tenantUid)
}
