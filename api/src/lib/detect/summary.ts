import { and, count, desc, eq, inArray, lt, sql, sum } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  alertRollups,
  devicePackages,
  devices,
  packageFindings,
  packageEcosystemRollups,
  summaries,
  vulnerabilities,
  type SummaryCounts,
  type WorstFinding
} from '../../db/schema/index.js'
import { HIGH_RISK_SCORE } from '../vulns/risk.js'
import { plural } from '../plural.js'
import { coverageOf } from '../vulns/coverage.js'
import { ecosystemKey } from '../vulns/ecosystems.js'
import { CVE_ROW_ID, isKev } from '../vulns/exploits.js'
import { findingPackage, findingVulnerability } from '../vulns/joins.js'
import { cveCounts, uidList, worstCandidates } from '../vulns/finding-rollups.js'

/** How many summaries a tenant keeps; older ones are history nobody reads. */
const KEEP = 20

/** What the findings could not cover: ecosystems with no advisories loaded, packages never matched. */
export interface SummaryGaps {
  ecosystems: string[]
  unmatchedPackages: number
}

/**
 * The executive summary: plain sentences built only from the counts and the worst findings. It
 * never calls an unchecked fleet clean: the ecosystems without advisories are named.
 */
export function summaryText(
  counts: SummaryCounts,
  worst: WorstFinding[],
  highRiskDevices: number,
  criticalOpen: number,
  gaps: SummaryGaps = { ecosystems: [], unmatchedPackages: 0 }
): string {
  if (counts.devices === 0) {
    return 'No devices are enrolled yet. Create a provision token and install an agent to start monitoring.'
  }
  const kev = counts.kev_cves ?? 0
  const complete = gaps.ecosystems.length === 0
  const sentences = [
    `${plural(counts.devices, 'device')} ${counts.devices === 1 ? 'is' : 'are'} monitored (${counts.linux} Linux, ${counts.rtos} RTOS), with ${plural(counts.packages, 'package')} inventoried.`,
    counts.cves === 0
      ? complete
        ? 'No known vulnerabilities were found in their packages.'
        : 'No vulnerabilities were found in the packages the loaded advisories cover.'
      : `${plural(counts.cves, 'distinct CVE')} affect these packages, ${counts.high_risk_cves} of them high risk (CVSS above ${HIGH_RISK_SCORE})` +
        `${kev > 0 ? ` and ${kev} known to be exploited (CISA KEV)` : ''}; ${plural(highRiskDevices, 'device is', 'devices are')} rated High risk.`
  ]
  if (!complete) {
    sentences.push(`No advisories are loaded for ${gaps.ecosystems.join(', ')}: findings there are incomplete.`)
  }
  if (gaps.unmatchedPackages > 0) {
    sentences.push(
      `${plural(gaps.unmatchedPackages, 'package is', 'packages are')} not checked: no vulnerability feed covers their platform.`
    )
  }
  if ((counts.demo_findings ?? 0) > 0) {
    sentences.push('Findings on the simulated demo devices come from the demo catalogue (demo data, not real advisories).')
  }
  const top = worst[0]
  if (top !== undefined) {
    sentences.push(
      `The most severe finding is ${top.cve_id}${top.score === null ? '' : ` (CVSS ${top.score.toFixed(1)})`} in ${top.package} on ${top.hostname}.`
    )
  }
  sentences.push(
    counts.open_alerts === 0
      ? `There are no open alerts (${counts.closed_alerts} closed).`
      : `${plural(counts.open_alerts, 'alert is', 'alerts are')} open${criticalOpen > 0 ? `, ${criticalOpen} of them Critical` : ''}, and ${counts.closed_alerts} closed.`
  )
  if (kev > 0) {
    sentences.push(
      'Patch the known exploited vulnerabilities first, then the other high-risk packages, and triage the open Critical alerts.'
    )
  } else if (counts.high_risk_cves > 0 || criticalOpen > 0) {
    sentences.push('Patch the high-risk packages first and triage the open Critical alerts.')
  }
  return sentences.join(' ')
}

/** Computes and stores a new summary of the tenant's data; a handful of aggregate queries, none over every finding or package. */
export async function regenerateSummary(db: Db, tenantUid: string): Promise<typeof summaries.$inferSelect> {
  const [deviceRows, findingRows, alertRows, worstRows, ecosystemRows] = await Promise.all([
    db
      .select({
        n: count(),
        linux: sql<number>`count(*) filter (where ${devices.deviceType} = 'linux')`.mapWith(Number),
        packages: sum(devices.packageCount).mapWith(Number),
        high: sql<number>`count(*) filter (where ${devices.riskScore} = 'High')`.mapWith(Number)
      })
      .from(devices)
      .where(eq(devices.tenantUid, tenantUid)),
    cveCounts(db, tenantUid),
    alertCounts(db, tenantUid),
    worstFindings(db, tenantUid),
    ecosystemsOf(db, tenantUid)
  ])
  const d = deviceRows[0]
  const f = findingRows
  const a = alertRows
  const total = d?.n ?? 0
  const counts: SummaryCounts = {
    devices: total,
    linux: d?.linux ?? 0,
    rtos: total - (d?.linux ?? 0),
    packages: d?.packages ?? 0,
    cves: f.total,
    high_risk_cves: f.high_risk,
    kev_cves: f.kev,
    demo_findings: f.demo,
    open_alerts: a?.open ?? 0,
    closed_alerts: a?.closed ?? 0
  }
  const text = summaryText(counts, worstRows, d?.high ?? 0, a?.critical ?? 0, await summaryGaps(db, ecosystemRows))
  const [row] = await db.insert(summaries).values({ tenantUid, text, counts, worstFindings: worstRows }).returning()
  await pruneSummaries(db, tenantUid)
  return row!
}

/** Open, closed and open Critical alerts, from their rollup (not a count of every alert). */
async function alertCounts(db: Db, tenantUid: string): Promise<{ open: number; closed: number; critical: number }> {
  const rows = await db
    .select({ status: alertRollups.status, priority: alertRollups.priority, n: alertRollups.alerts })
    .from(alertRollups)
    .where(eq(alertRollups.tenantUid, tenantUid))
  const total = (keep: (row: (typeof rows)[number]) => boolean) => rows.filter(keep).reduce((n, row) => n + row.n, 0)
  return {
    open: total((row) => row.status === 'OPEN'),
    closed: total((row) => row.status === 'CLOSED'),
    critical: total((row) => row.status === 'OPEN' && row.priority === 'Critical')
  }
}

/** How many findings the summary names. */
const WORST = 5

/**
 * The worst findings (KEV first, then score, then hostname, CVE and package): sorted in full
 * among the findings of the few CVE rows the rollups say can hold them (worstCandidates()).
 */
async function worstFindings(db: Db, tenantUid: string): Promise<WorstFinding[]> {
  const candidates = await worstCandidates(db, tenantUid, WORST)
  if (candidates.length === 0) return []
  return await db
    .select({
      device_uid: devices.uid,
      hostname: devices.hostname,
      cve_id: vulnerabilities.cveId,
      score: packageFindings.score,
      package: devicePackages.name
    })
    .from(packageFindings)
    .innerJoin(devices, eq(devices.uid, packageFindings.deviceUid))
    .innerJoin(devicePackages, findingPackage)
    .innerJoin(vulnerabilities, findingVulnerability)
    .where(and(eq(packageFindings.tenantUid, tenantUid), sql`${packageFindings.vulnerabilityUid} = ANY(${uidList(candidates)})`))
    .orderBy(
      sql`${isKev(CVE_ROW_ID)} desc`,
      sql`${packageFindings.score} desc nulls last`,
      devices.hostname,
      vulnerabilities.cveId,
      devicePackages.name
    )
    .limit(WORST)
}

/**
 * The ecosystems of the tenant's packages (from their rollup) and whether a demo device has each
 * (the demo devices' own packages), with how many packages have none.
 */
async function ecosystemsOf(
  db: Db,
  tenantUid: string
): Promise<{ rows: Array<{ ecosystem: string; demo: boolean }>; unmatched: number }> {
  const [all, demo] = await Promise.all([
    db
      .select({ ecosystem: packageEcosystemRollups.ecosystem, n: packageEcosystemRollups.packages })
      .from(packageEcosystemRollups)
      .where(eq(packageEcosystemRollups.tenantUid, tenantUid)),
    db
      .selectDistinct({ ecosystem: devicePackages.ecosystem })
      .from(devicePackages)
      .innerJoin(devices, eq(devices.uid, devicePackages.deviceUid))
      .where(and(eq(devicePackages.tenantUid, tenantUid), eq(devices.tenantUid, tenantUid), eq(devices.demo, true)))
  ])
  return {
    rows: [...all.map((row) => ({ ecosystem: row.ecosystem, demo: false })), ...demo.map((row) => ({ ...row, demo: true }))],
    unmatched: all.filter((row) => row.ecosystem === '').reduce((n, row) => n + row.n, 0)
  }
}

/** The ecosystems of the tenant's packages that no advisory covers, and the packages in none. */
async function summaryGaps(
  db: Db,
  { rows, unmatched: emptyEcosystem }: Awaited<ReturnType<typeof ecosystemsOf>>
): Promise<SummaryGaps> {
  const keys = new Map<string, boolean>()
  let unmatched = false
  for (const row of rows) {
    const key = ecosystemKey(row.ecosystem)
    if (key === '') unmatched = true
    else keys.set(key, (keys.get(key) ?? false) || row.demo)
  }
  const loaded = await coverageOf(db, keys.keys())
  const ecosystems = [...keys]
    .filter(([key, demo]) => {
      const found = loaded.get(key)
      return (found?.advisories ?? 0) === 0 && (!demo || (found?.demoAdvisories ?? 0) === 0)
    })
    .map(([key]) => key)
    .sort()
  // The packages with no ecosystem at all, as counted before (an unknown one names no feed either).
  return { ecosystems, unmatchedPackages: unmatched ? emptyEcosystem : 0 }
}

async function pruneSummaries(db: Db, tenantUid: string): Promise<void> {
  const keep = await db
    .select({ uid: summaries.uid, createdAt: summaries.createdAt })
    .from(summaries)
    .where(eq(summaries.tenantUid, tenantUid))
    .orderBy(desc(summaries.createdAt))
    .limit(KEEP)
  const oldest = keep.at(-1)
  if (keep.length < KEEP || oldest === undefined) return
  const stale = await db
    .select({ uid: summaries.uid })
    .from(summaries)
    .where(and(eq(summaries.tenantUid, tenantUid), lt(summaries.createdAt, oldest.createdAt)))
  if (stale.length > 0)
    await db.delete(summaries).where(
      inArray(
        summaries.uid,
        stale.map((s) => s.uid)
      )
    )
}

const running = new Map<string, { again: boolean }>()
/** During a burst, the trailing regeneration waits this long: a fleet reporting at once must not
 * keep the database busy with summaries (PGlite has one connection). */
const BURST_PAUSE_MS = 2000

/**
 * regenerateSummary for writers that arrive in bursts (agent reports, alert ingest). A lone call
 * has regenerated when it resolves. Calls made while a regeneration of the tenant runs return at
 * once and leave one trailing regeneration (BURST_PAUSE_MS later, repeated while calls keep
 * coming), so a thousand reports cost a handful of regenerations, not a thousand.
 */
export async function regenerateSummarySoon(db: Db, tenantUid: string): Promise<void> {
  const current = running.get(tenantUid)
  if (current !== undefined) {
    current.again = true
    return
  }
  const state = { again: false }
  running.set(tenantUid, state)
  try {
    await regenerateSummary(db, tenantUid)
  } catch (error) {
    running.delete(tenantUid)
    throw error
  }
  const trail = (): void => {
    if (!state.again) {
      running.delete(tenantUid)
      return
    }
    state.again = false
    // Not awaited by any request; after shutdown the database is gone and the attempt just ends.
    setTimeout(() => {
      regenerateSummary(db, tenantUid)
        .catch(() => {})
        .finally(trail)
    }, BURST_PAUSE_MS).unref()
  }
  trail()
}

/** The newest summary, computed now when the tenant has none yet. */
export async function latestSummary(db: Db, tenantUid: string): Promise<typeof summaries.$inferSelect> {
  const [row] = await db
    .select()
    .from(summaries)
    .where(eq(summaries.tenantUid, tenantUid))
    .orderBy(desc(summaries.createdAt), desc(summaries.uid))
    .limit(1)
  return row ?? regenerateSummary(db, tenantUid)
}

/** A summary as the summaries routes answer it. */
export const summaryJson = (row: typeof summaries.$inferSelect) => ({
  uid: row.uid,
  created_at: row.createdAt.toISOString(),
  text: row.text,
  counts: row.counts,
  worst_findings: row.worstFindings
})
