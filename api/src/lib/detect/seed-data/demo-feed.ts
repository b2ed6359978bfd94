import { ecosystemComparator } from '../../vulns/ecosystems.js'
import type { AffectedEntry, OsvRecord } from '../../vulns/osv-record.js'
import { HIGH_RISK_SCORE } from '../../vulns/risk.js'
import { CVES, type CveSeed } from './cves.js'
import { FAMILIES, type Family } from '../../seed-data/platforms.js'

/**
 * The demo catalogue as OSV records ("DEMO-<CVE id>"), so the demo's findings come out of the
 * same matcher as real ones. Each (platform family, source package) with demo CVEs gets a patch
 * ladder: the family's shipped version, then its next security updates in the distribution's
 * own convention; update k fixes the k-th CVE (the worst first). A seeded device sits somewhere
 * on each ladder, and the matcher finds the CVEs above it.
 */

/**
 * The next security update of a version: the last number goes up (1:9.2p1-2+deb12u2 →
 * +deb12u3, 1.2.4-r2 → -r3, 3.0.2-0ubuntu1.15 → 1.16, 10.4.1 → 10.4.2); on RPM releases the
 * number before ".elN" (8.7p1-38.el9 → 8.7p1-39.el9).
 */
export function nextUpdate(version: string): string {
  const rpm = /^(.*?)(\d+)(\.el\d+(?:_\d+)?)$/.exec(version)
  if (rpm !== null) return `${rpm[1]}${Number(rpm[2]) + 1}${rpm[3]}`
  const last = /^(.*?)(\d+)(\D*)$/.exec(version)
  if (last === null) return `${version}.1`
  return `${last[1]}${Number(last[2]) + 1}${last[3]}`
}

export interface Ladder {
  /** versions[0] is what the family ships; versions[k] fixes cves[k - 1]. */
  versions: string[]
  cves: CveSeed[]
}

const ladderKey = (family: Family, source: string): string => `${family.key}|${source}`

/** The CVEs of a (family, source), worst first: the ones a fleet patches first. */
function ladders(): Map<string, Ladder> {
  const out = new Map<string, Ladder>()
  for (const family of FAMILIES) {
    for (const [source, shipped] of Object.entries(family.sources)) {
      const cves = CVES.filter(
        (cve) => cve.sources.includes(source) && (cve.families === undefined || cve.families.includes(family.key))
      ).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
      if (cves.length === 0) continue
      const versions = [shipped]
      while (versions.length <= cves.length) versions.push(nextUpdate(versions.at(-1)!))
      out.set(ladderKey(family, source), { versions, cves })
    }
  }
  return out
}

export const LADDERS = ladders()

export const ladderOf = (family: Family, source: string): Ladder | undefined => LADDERS.get(ladderKey(family, source))

/** How far up a ladder a device is: each update is installed unless the device's exposure stops it (high-risk fixes more eagerly). */
export function patchLevel(ladder: Ladder, exposure: number, next: () => number): number {
  let level = 0
  while (level < ladder.cves.length && next() >= exposure * (ladder.cves[level]!.score > HIGH_RISK_SCORE ? 0.3 : 1)) level++
  return level
}

/** One demo record per demo CVE: ECOSYSTEM ranges where the ecosystem has an ordering, exact versions elsewhere. */
export function demoRecords(): OsvRecord[] {
  const affectedOf = new Map<string, AffectedEntry[]>()
  for (const family of FAMILIES) {
    for (const source of Object.keys(family.sources)) {
      const ladder = ladderOf(family, source)
      if (ladder === undefined) continue
      ladder.cves.forEach((cve, index) => {
        const fixed = ladder.versions[index + 1]!
        const entry: AffectedEntry =
          ecosystemComparator(family.ecosystem) === undefined
            ? { ecosystem: family.ecosystem, packageName: source, ranges: [], versions: ladder.versions.slice(0, index + 1) }
            : {
                ecosystem: family.ecosystem,
                packageName: source,
                ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed }] }],
                versions: []
              }
        affectedOf.set(cve.id, [...(affectedOf.get(cve.id) ?? []), entry])
      })
    }
  }
  return CVES.map((cve) => ({
    id: `DEMO-${cve.id}`,
    summary: cve.description.split(/(?<=\.)\s/)[0] ?? cve.description,
    details: cve.description,
    score: cve.score,
    vector: null,
    aliases: [],
    links: [],
    cwes: [],
    publishedAt: null,
    modifiedAt: null,
    withdrawnAt: null,
    affected: affectedOf.get(cve.id) ?? [],
    cves: [{ cveId: cve.id, relation: 2 }]
  }))
}
