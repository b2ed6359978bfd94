import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import { json } from '../sql-params.js'

/**
 * Coverage: how many advisories the feed holds per matching ecosystem ("Debian:12", "npm"), so a
 * device or SBOM whose ecosystem has none says "findings are incomplete" instead of a clean zero.
 * The counts live in feed_ecosystems, rewritten after every import and sync.
 */

export interface EcosystemCoverage {
  ecosystem: string
  /** Real advisories (OSV records) with an affected entry in this ecosystem. */
  advisories: number
  /** Demo catalogue records in it (they cover demo devices and demo SBOMs only). */
  demoAdvisories: number
}

/** Recounts feed_ecosystems from the affected rows (one grouped query; after imports and syncs). */
export async function refreshFeedEcosystems(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM feed_ecosystems`)
    await tx.execute(sql`
      INSERT INTO feed_ecosystems (ecosystem, records, demo_records, updated_at)
      SELECT ecosystem, count(DISTINCT osv_id) FILTER (WHERE NOT demo), count(DISTINCT osv_id) FILTER (WHERE demo), now()
      FROM vulnerability_affected GROUP BY ecosystem`)
  })
}

/** The advisories loaded for each of these ecosystem keys (0 when none: the gap to report). */
export async function coverageOf(db: Db, ecosystems: Iterable<string>): Promise<Map<string, EcosystemCoverage>> {
  const keys = [...new Set(ecosystems)].filter((key) => key !== '')
  const out = new Map<string, EcosystemCoverage>(
    keys.map((ecosystem) => [ecosystem, { ecosystem, advisories: 0, demoAdvisories: 0 }])
  )
  if (keys.length === 0) return out
  const rows = rowsOf<{ ecosystem: string; records: number; demo_records: number }>(
    await db.execute(sql`
    SELECT ecosystem, records, demo_records FROM feed_ecosystems WHERE ecosystem = ANY(ARRAY(SELECT jsonb_array_elements_text(${json(keys)})))`)
  )
  for (const row of rows)
    out.set(row.ecosystem, {
      ecosystem: row.ecosystem,
      advisories: Number(row.records),
      demoAdvisories: Number(row.demo_records)
    })
  return out
}

/** Every ecosystem with advisories loaded, for Settings › Vulnerability feed. */
export async function allCoverage(db: Db): Promise<EcosystemCoverage[]> {
  const rows = rowsOf<{ ecosystem: string; records: number; demo_records: number }>(
    await db.execute(sql`
    SELECT ecosystem, records, demo_records FROM feed_ecosystems ORDER BY ecosystem`)
  )
  return rows.map((row) => ({
    ecosystem: row.ecosystem,
    advisories: Number(row.records),
    demoAdvisories: Number(row.demo_records)
  }))
}
