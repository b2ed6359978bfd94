import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import { ecosystemBase } from '../vulns/ecosystems.js'

/**
 * Which osv.dev per-ecosystem zips a sync downloads: the ecosystems of enrolled (non-demo)
 * devices' packages and of uploaded (non-demo) SBOMs, by the name before the first ":"
 * ("Debian:12" → "Debian", "Red Hat:9" → "Red Hat"), plus FEED_ECOSYSTEMS.
 */

/**
 * osv.dev's ecosystems (its ecosystems.txt). A package can report any ecosystem string; only these
 * have a zip to download (an RTOS or unknown platform has none, and asking for it would fail daily).
 */
export const OSV_ECOSYSTEMS = new Set([
  'AlmaLinux',
  'Alpaquita',
  'Alpine',
  'Android',
  'Azure Linux',
  'BellSoft Hardened Containers',
  'Bioconductor',
  'Bitnami',
  'Chainguard',
  'CleanStart',
  'ConanCenter',
  'CRAN',
  'crates.io',
  'Debian',
  'Echo',
  'GHC',
  'GitHub Actions',
  'Go',
  'Hackage',
  'Hex',
  'Julia',
  'Linux',
  'Mageia',
  'Maven',
  'MinimOS',
  'npm',
  'NuGet',
  'openEuler',
  'openSUSE',
  'OSS-Fuzz',
  'Packagist',
  'Photon OS',
  'Pub',
  'PyPI',
  'Red Hat',
  'Rocky Linux',
  'RubyGems',
  'SUSE',
  'SwiftURL',
  'Ubuntu',
  'VSCode',
  'Wolfi'
])

/** The zip an ecosystem string belongs to: "Ubuntu:22.04:LTS" → "Ubuntu", "Alpine:v3.18" → "Alpine". */
export const osvZipName = (ecosystem: string): string => ecosystemBase(ecosystem)

export async function ecosystemsInUse(db: Db, extra: string[] = []): Promise<string[]> {
  const rows = rowsOf<{ ecosystem: string }>(
    await db.execute(sql`
    SELECT DISTINCT p.ecosystem FROM device_packages p
    WHERE p.ecosystem <> '' AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.tenant_uid = p.tenant_uid AND d.uid = p.device_uid AND d.demo)
    UNION
    SELECT DISTINCT e FROM insight_sboms s, unnest(s.ecosystems) AS e WHERE NOT s.demo`)
  )
  const names = new Set(rows.map((row) => osvZipName(row.ecosystem)).filter((name) => OSV_ECOSYSTEMS.has(name)))
  // The operator's list is taken as written (after the same reduction): they know their feeds.
  for (const name of extra) names.add(osvZipName(name))
  return [...names].filter((name) => name !== '').sort()
}
