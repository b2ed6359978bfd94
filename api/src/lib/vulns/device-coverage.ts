import type { Coverage } from '@console/contracts'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { deviceEcosystemRollups } from '../../db/schema/index.js'
import { owned } from '../tenant-scope.js'
import { coverageOf } from './coverage.js'
import { ecosystemKey } from './ecosystems.js'

/**
 * What a device's findings can be trusted for: per ecosystem of its packages, the advisories the
 * feed holds (0 = its findings are incomplete), and how many packages sit in no ecosystem the
 * console can match (RTOS firmware, an OS with no OSV feed) and so were never checked.
 */
export async function deviceCoverage(
  db: Db,
  tenantUid: string,
  deviceUid: string,
  demo: boolean
): Promise<{ coverage: Coverage[]; unmatched: number }> {
  // The device's packages per ecosystem as the package trigger keeps them (migration 0026): a few
  // rows, where grouping its ~2,000 package rows read as many table pages per device detail.
  const groups = await db
    .select({ ecosystem: deviceEcosystemRollups.ecosystem, n: deviceEcosystemRollups.packages })
    .from(deviceEcosystemRollups)
    .where(owned(deviceEcosystemRollups, tenantUid, eq(deviceEcosystemRollups.deviceUid, deviceUid)))
  let unmatched = 0
  const packages = new Map<string, number>()
  for (const group of groups) {
    const key = ecosystemKey(group.ecosystem)
    if (key === '') unmatched += group.n
    else packages.set(key, (packages.get(key) ?? 0) + group.n)
  }
  const loaded = await coverageOf(db, packages.keys())
  const coverage = [...packages]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ecosystem, n]) => {
      const found = loaded.get(ecosystem)
      return {
        ecosystem,
        packages: n,
        advisories: found?.advisories ?? 0,
        // The demo catalogue covers demo devices only: a real device is never told it is covered by it.
        demo_advisories: demo ? (found?.demoAdvisories ?? 0) : 0
      }
    })
  return { coverage, unmatched }
}
