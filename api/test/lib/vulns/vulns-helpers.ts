import type { Db } from '../../../src/db/client.js'
import { devicePackages, devices } from '../../../src/db/schema/index.js'
import { seed } from '../../../src/lib/seed.js'
import { openTestDatabase, usingPostgres, type TestDatabase } from '../../helpers.js'

export interface VulnsDb extends TestDatabase {
  db: Db
  tenant: string
  otherTenant: string
}

/** A fresh database (PGlite, or PostgreSQL with DATABASE_URL) with the two demo tenants, no DETECT or INSIGHTS data and an empty feed. */
export async function openVulnsDb(): Promise<VulnsDb> {
  const test = await openTestDatabase()
  const seeded = await seed(test.database.db, {
    demoPassword: 'demo-password',
    otherPassword: 'other-password',
    honeynet: false,
    detect: false,
    insights: false
  })
  return {
    ...test,
    db: test.database.db,
    tenant: seeded.demo.tenantUid,
    otherTenant: seeded.other.tenantUid,
    // On PostgreSQL the helper's cleanup closes the database and drops it; PGlite just closes.
    cleanup: async () => (usingPostgres() ? await test.cleanup() : await test.database.close())
  }
}

export interface PackageSpec {
  name: string
  version: string
  ecosystem: string
  source?: string
}

/** A device with the given packages; returns its uid. */
export async function addDevice(db: Db, tenantUid: string, hostname: string, packages: PackageSpec[]): Promise<string> {
  const [device] = await db.insert(devices).values({ tenantUid, hostname, deviceType: 'linux' }).returning({ uid: devices.uid })
  if (packages.length > 0) {
    await db.insert(devicePackages).values(
      packages.map((pkg) => ({
        tenantUid,
        deviceUid: device!.uid,
        name: pkg.name,
        version: pkg.version,
        ecosystem: pkg.ecosystem,
        sourceName: pkg.source ?? ''
      }))
    )
  }
  return device!.uid
}
