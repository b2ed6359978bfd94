import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AssessmentType, ReportContext } from '@console/contracts'
import { count } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { insightReports } from '../../db/schema/index.js'
import { owned } from '../tenant-scope.js'
import { createReport } from './reports.js'
import { prepareScan, storedScan, storeScan } from './scan.js'
import { demoAudit } from './seed-data/audit.js'
import { lockfileSbom } from './seed-data/lockfile-sbom.js'
import { scanTree } from './seed-data/scanned-sbom.js'
import { alpineGatewayTree, debianServerTree } from './seed-data/system-trees.js'

/**
 * Demo insight reports, uploaded through the same checks and storage as `POST .../cli/scan`.
 * Their SBOMs come from our own code, never from someone else's files: the console's own npm
 * dependency tree (the repository's pnpm-lock.yaml, read at seed time) and console-scan's output
 * on small fixture trees of the demo platforms (seed-data/system-trees.ts). They are stored as
 * demo SBOMs, so the demo catalogue applies to them (and its findings say so). A deployment
 * without the repository (no lockfile) or without a POSIX shell still gets every report: a
 * missing SBOM only leaves that report's SBOM out.
 */

/** The repository root (src/ and dist/ sit at the same depth below api/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')
export const LOCKFILE = path.join(REPO_ROOT, 'pnpm-lock.yaml')

interface SeedReport {
  name: string
  type: AssessmentType
  daysAgo: number
  context?: Partial<ReportContext>
  /** Makes the SBOM's bytes (undefined: none to store). */
  sbom?: () => Promise<Uint8Array | undefined>
  audit?: boolean
}

export const DEMO_REPORTS: SeedReport[] = [
  {
    name: 'Storefront web server (Debian 12)',
    type: 'system',
    daysAgo: 12,
    context: {
      make: 'In-house build',
      model: 'Debian 12 (bookworm) web server image',
      internet_facing: true,
      ota_capable: false,
      encryption_at_rest: false,
      encryption_in_transit: true,
      industry: 'Retail / e-commerce',
      purpose: 'Public online shop: product catalogue, customer accounts, basket and checkout.',
      environment:
        'Cloud VM in a public subnet (eu-central-1), reachable from the internet on 443; administered over SSH from the office VPN.',
      sold_in: 'EU, UK'
    },
    sbom: async () => await scanTree(debianServerTree()),
    audit: true
  },
  {
    name: 'Security console (npm dependencies)',
    type: 'application',
    daysAgo: 5,
    context: {
      make: 'Security console',
      model: 'security-console (this repository)',
      industry: 'Software',
      encryption_in_transit: true
    },
    sbom: async () => lockfileSbom(LOCKFILE)
  },
  {
    name: 'Factory HMI panel',
    type: 'system',
    daysAgo: 1
  }
]

export const OTHER_REPORTS: SeedReport[] = [
  {
    name: 'Isolation tenant edge gateway (Alpine 3.18)',
    type: 'system',
    daysAgo: 3,
    context: { make: 'Isolation Corp', model: 'edge-gw (Alpine Linux 3.18)', industry: 'Finance' },
    sbom: async () => await scanTree(alpineGatewayTree())
  }
]

/**
 * Seeds the reports of a tenant that has none yet; returns how many it created. `ensureFeed`
 * loads the demo vulnerability feed first (once), so the SBOMs are analysed against it.
 */
export async function seedInsightReports(
  db: Db,
  tenantUid: string,
  reports: SeedReport[],
  { now = new Date(), ensureFeed }: { now?: Date; ensureFeed?: () => Promise<void> } = {}
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(insightReports).where(owned(insightReports, tenantUid))
  if ((existing?.n ?? 0) > 0) return 0
  await ensureFeed?.()
  // Made side by side (two are console-scan runs in child processes), stored in order.
  const sboms = reports.map(async (item) => await item.sbom?.())
  for (const [index, item] of reports.entries()) {
    const report = await createReport(db, tenantUid, {
      name: item.name,
      assessmentType: item.type,
      createdAt: new Date(now.getTime() - item.daysAgo * 24 * 60 * 60 * 1000),
      ...(item.context === undefined ? {} : { context: item.context })
    })
    const sbom = await sboms[index]
    const audit = item.audit === true ? Buffer.from(JSON.stringify(demoAudit())) : undefined
    if (sbom === undefined && audit === undefined) continue
    await storeScan(
      db,
      tenantUid,
      report.uid,
      storedScan(
        await prepareScan({ ...(sbom === undefined ? {} : { sbom }), ...(audit === undefined ? {} : { audit }) }, db, {
          demo: true
        })
      )
    )
  }
  return reports.length
}
