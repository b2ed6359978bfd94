import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { bumpAllTenantData } from './data-version.js'
import { SENSORS } from './honeypot/generator.js'
import { rebuildHoneypotDerived } from './honeypot/rebuild.js'
import { changedRows, rowsOf } from './sql-rows.js'
import { refreshFeedEcosystems } from './vulns/coverage.js'
import { deriveVulnerabilities } from './vulns/feed-store.js'
import { removeOrphanVulnerabilities } from './vulns/match.js'
import { json } from './sql-params.js'

/**
 * `remove-demo`: what the demo seed wrote, and nothing else — the demo tenants (with everything
 * in them), the demo catalogue (DEMO-… records; CVE rows a real record also names are re-derived
 * from the real records alone) and the generated honeynet history (its sensors' events and
 * sessions; every count derived from them is rebuilt from what stays). For a production database that
 * started with the demo.
 */

export interface RemoveDemoResult {
  tenants: string[]
  records: number
  cveRows: number
  honeynetSessions: number
}

export async function removeDemo(db: Db): Promise<RemoveDemoResult> {
  const result = await db.transaction(async (tx) => {
    const tenants = rowsOf<{ name: string }>(await tx.execute(sql`DELETE FROM tenants WHERE demo RETURNING name`))
      .map((row) => row.name)
      .sort()

    const linked = rowsOf<{ uid: string }>(
      await tx.execute(sql`
      SELECT DISTINCT l.vulnerability_uid AS uid FROM osv_record_vulnerabilities l JOIN osv_records r ON r.id = l.osv_id WHERE r.demo`)
    ).map((row) => row.uid)
    const records = rowsOf<{ id: string }>(await tx.execute(sql`DELETE FROM osv_records WHERE demo RETURNING id`)).length
    // CVE rows a real record names keep their row, described by it alone; the others go.
    const orphans = await deriveVulnerabilities(tx, new Set(linked))
    const cveRows = await removeOrphanVulnerabilities(tx, orphans)

    const sensors = json(SENSORS)
    const honeynetSessions = await changedRows(
      tx,
      sql`DELETE FROM honeypot_sessions WHERE sensor = ANY(ARRAY(SELECT jsonb_array_elements_text(${sensors})))`
    )
    if (honeynetSessions > 0) {
      await tx.execute(sql`DELETE FROM honeypot_events WHERE sensor = ANY(ARRAY(SELECT jsonb_array_elements_text(${sensors})))`)
      await rebuildHoneypotDerived(tx)
    }
    return { tenants, records, cveRows, honeynetSessions }
  })
  await refreshFeedEcosystems(db)
  bumpAllTenantData()
  return result
}
