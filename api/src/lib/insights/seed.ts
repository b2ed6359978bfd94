import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { count } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { insightReports } from '../../db/schema/index.js'
import { owned } from '../detect/scope.js'
import { createReport, type AssessmentType, type ReportContext } from './reports.js'
import { prepareScan, storeScan } from './scan.js'
import { demoAudit } from './seed-data/audit.js'

/**
 * Demo insight reports, uploaded through the same checks and storage as `POST .../cli/scan`.
 * The SBOMs are the real ones in the repository's `fixtures/sbom/`, read at seed time from the
 * repository root (found relative to this file, in src/ or dist/). A deployment without that
 * folder still gets the reports: a missing file only leaves that report's SBOM out.
 */
export const SBOM_FIXTURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'fixtures', 'sbom')

interface SeedReport {
  name: string
  type: AssessmentType
  daysAgo: number
  context?: Partial<ReportContext>
  sbom?: string
  audit?: boolean
}

export const DEMO_REPORTS: SeedReport[] = [
  {
    name: 'Storefront web server (Juice Shop 14.1.1)',
    type: 'system',
    daysAgo: 12,
    context: {
      make: 'OWASP',
      model: 'Juice Shop 14.1.1 on Debian 12',
      internet_facing: true,
      ota_capable: false,
      encryption_at_rest: false,
      encryption_in_transit: true,
      industry: 'Retail / e-commerce',
      purpose: 'Public online shop: product catalogue, customer accounts, basket and checkout, served by Node.js behind nginx.',
      environment: 'Cloud VM in a public subnet (eu-central-1), reachable from the internet on 443; administered over SSH from the office VPN.',
      sold_in: 'EU, UK'
    },
    sbom: 'juice-shop-11.1.2.cdx-1.4.json',
    audit: true
  },
  {
    name: 'Inventory sync service (npm)',
    type: 'application',
    daysAgo: 5,
    context: { make: 'Acme Logistics', model: 'inventory-sync 3.2', industry: 'Logistics', encryption_in_transit: true },
    sbom: 'trivy-npm.cdx-1.7.json'
  },
  {
    name: 'Factory HMI panel',
    type: 'system',
    daysAgo: 1
  }
]

export const OTHER_REPORTS: SeedReport[] = [
  {
    name: 'Isolation tenant customer portal (Laravel)',
    type: 'application',
    daysAgo: 3,
    context: { make: 'Isolation Corp', model: 'portal 7.12', industry: 'Finance' },
    sbom: 'laravel-7.12.0.cdx-1.4.json'
  }
]

function readFixture (file: string): Uint8Array | undefined {
  try {
    return fs.readFileSync(path.join(SBOM_FIXTURES_DIR, file))
  } catch {
    return undefined
  }
}

/**
 * Seeds the reports of a tenant that has none yet; returns how many it created. `ensureFeed`
 * loads the demo vulnerability feed first (once), so the SBOMs are analysed against it.
 */
export async function seedInsightReports (db: Db, tenantUid: string, reports: SeedReport[],
  { now = new Date(), ensureFeed }: { now?: Date, ensureFeed?: () => Promise<void> } = {}): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(insightReports).where(owned(insightReports, tenantUid))
  if ((existing?.n ?? 0) > 0) return 0
  await ensureFeed?.()
  for (const item of reports) {
    const report = await createReport(db, tenantUid, {
      name: item.name,
      assessmentType: item.type,
      createdAt: new Date(now.getTime() - item.daysAgo * 24 * 60 * 60 * 1000),
      ...(item.context === undefined ? {} : { context: item.context })
    })
    const sbom = item.sbom === undefined ? undefined : readFixture(item.sbom)
    const audit = item.audit === true ? Buffer.from(JSON.stringify(demoAudit())) : undefined
    if (sbom === undefined && audit === undefined) continue
    await storeScan(db, tenantUid, report.uid, await prepareScan({ ...(sbom === undefined ? {} : { sbom }), ...(audit === undefined ? {} : { audit }) }, db, { demo: true }))
  }
  return reports.length
}
