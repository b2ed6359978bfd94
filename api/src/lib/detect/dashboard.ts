import { and, count, countDistinct, desc, eq, gt, gte, max, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { alerts, devicePackages, devices, packageFindings, vulnerabilities } from '../../db/schema/index.js'
import { CVE_ROW_ID, exploitDataState, isKev } from '../vulns/exploits.js'
import { HIGH_RISK_SCORE } from '../vulns/risk.js'
import { findingPackage, findingVulnerability } from '../vulns/joins.js'

const DAY_MS = 86_400_000

/** Fills missing groups with 0 in a fixed order, so charts keep their legend. */
function complete<K extends string>(keys: readonly K[], rows: Array<{ key: string; n: number }>): Array<[K, number]> {
  const counts = new Map(rows.map((row) => [row.key, row.n]))
  return keys.map((key) => [key, counts.get(key) ?? 0])
}

/** The Strategic Overview aggregates of one tenant: every figure is one grouped SQL query. */
export async function strategicDashboard(db: Db, tenantUid: string, now = new Date()) {
  const since = new Date(now.getTime() - 29 * DAY_MS)
  since.setUTCHours(0, 0, 0, 0)
  const day = sql<string>`to_char(${alerts.elasticAlertCreatedAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const [byRisk, byType, byStatus, openByDay, topPackages, cveCounts, affected, riskiest, recent, exploitData] =
    await Promise.all([
      db
        .select({ key: devices.riskScore, n: count() })
        .from(devices)
        .where(eq(devices.tenantUid, tenantUid))
        .groupBy(devices.riskScore),
      db
        .select({ key: devices.deviceType, n: count() })
        .from(devices)
        .where(eq(devices.tenantUid, tenantUid))
        .groupBy(devices.deviceType),
      db.select({ key: alerts.status, n: count() }).from(alerts).where(eq(alerts.tenantUid, tenantUid)).groupBy(alerts.status),
      db
        .select({ date: day, priority: alerts.priority, count: count() })
        .from(alerts)
        .where(and(eq(alerts.tenantUid, tenantUid), eq(alerts.status, 'OPEN'), gte(alerts.elasticAlertCreatedAt, since)))
        .groupBy(day, alerts.priority, alerts.priorityRank)
        .orderBy(day, desc(alerts.priorityRank)),
      db
        .select({
          name: devicePackages.name,
          device_count: countDistinct(packageFindings.deviceUid),
          cve_count: countDistinct(packageFindings.vulnerabilityUid),
          kev_count: sql<number>`count(distinct ${packageFindings.vulnerabilityUid}) filter (where ${isKev(CVE_ROW_ID)})`.mapWith(
            Number
          ),
          max_score: max(packageFindings.score)
        })
        .from(packageFindings)
        .innerJoin(devicePackages, findingPackage)
        .innerJoin(vulnerabilities, findingVulnerability)
        .where(eq(packageFindings.tenantUid, tenantUid))
        .groupBy(devicePackages.name)
        .orderBy(
          desc(countDistinct(packageFindings.deviceUid)),
          sql`max(${packageFindings.score}) desc nulls last`,
          devicePackages.name
        )
        .limit(10),
      db
        .select({
          total: countDistinct(packageFindings.vulnerabilityUid),
          high_risk:
            sql<number>`count(distinct ${packageFindings.vulnerabilityUid}) filter (where ${packageFindings.score} > ${HIGH_RISK_SCORE})`.mapWith(
              Number
            ),
          kev: sql<number>`count(distinct ${packageFindings.vulnerabilityUid}) filter (where ${isKev(CVE_ROW_ID)})`.mapWith(
            Number
          ),
          demo: sql<number>`count(*) filter (where ${packageFindings.demo})`.mapWith(Number)
        })
        .from(packageFindings)
        .innerJoin(vulnerabilities, findingVulnerability)
        .where(eq(packageFindings.tenantUid, tenantUid)),
      db
        .select({
          n: count(),
          kev: sql<number>`count(*) filter (where ${devices.kevCount} > 0)`.mapWith(Number)
        })
        .from(devices)
        .where(and(eq(devices.tenantUid, tenantUid), gt(devices.cveCount, 0))),
      // Devices carrying known exploited findings first: what to patch first.
      db
        .select({
          uid: devices.uid,
          hostname: devices.hostname,
          risk_score: devices.riskScore,
          high_risk_cve_count: devices.highRiskCveCount,
          kev_count: devices.kevCount
        })
        .from(devices)
        .where(eq(devices.tenantUid, tenantUid))
        .orderBy(
          desc(sql`${devices.kevCount} > 0`),
          desc(devices.riskRank),
          desc(devices.kevCount),
          desc(devices.highRiskCveCount),
          desc(devices.cveCount),
          devices.hostname,
          devices.uid
        )
        .limit(10),
      db
        .select({
          uid: alerts.uid,
          name: alerts.name,
          priority: alerts.priority,
          status: alerts.status,
          device: alerts.deviceUid,
          device_hostname: devices.hostname,
          created: alerts.elasticAlertCreatedAt
        })
        .from(alerts)
        .leftJoin(devices, eq(devices.uid, alerts.deviceUid))
        .where(and(eq(alerts.tenantUid, tenantUid), eq(alerts.status, 'OPEN')))
        .orderBy(desc(alerts.elasticAlertCreatedAt), alerts.uid)
        .limit(10),
      exploitDataState(db)
    ])
  return {
    devices_by_risk: complete(['High', 'Medium', 'Low'] as const, byRisk).map(([risk_score, n]) => ({ risk_score, count: n })),
    devices_by_type: complete(['linux', 'rtos'] as const, byType).map(([device_type, n]) => ({ device_type, count: n })),
    alerts_by_status: complete(['OPEN', 'CLOSED'] as const, byStatus).map(([status, n]) => ({ status, count: n })),
    open_alerts_by_priority: openByDay.map((row) => ({
      ...row,
      priority: row.priority as 'Critical' | 'High' | 'Medium' | 'Low'
    })),
    top_vulnerable_packages: topPackages,
    cve_counts: {
      total: cveCounts[0]?.total ?? 0,
      high_risk: cveCounts[0]?.high_risk ?? 0,
      devices_affected: affected[0]?.n ?? 0,
      kev: cveCounts[0]?.kev ?? 0,
      kev_devices: affected[0]?.kev ?? 0,
      demo: cveCounts[0]?.demo ?? 0,
      kev_loaded: exploitData.kev_loaded
    },
    riskiest_devices: riskiest.map((row) => ({ ...row, risk_score: row.risk_score as 'High' | 'Medium' | 'Low' })),
    recent_alerts: recent.map(({ created, ...row }) => ({
      ...row,
      priority: row.priority as 'Critical' | 'High' | 'Medium' | 'Low',
      status: row.status as 'OPEN' | 'CLOSED',
      elastic_alert_created_at: created.toISOString()
    }))
  }
}
