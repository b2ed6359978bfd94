import { ecosystemComparator } from './ecosystems.js'
import type { OsvRange } from './osv-record.js'
import { compareSemver, type Compare } from './versions/index.js'

/**
 * Whether a version lies in an OSV range, as the OSV schema's evaluation describes it: walk the
 * events in version order; an `introduced` at or below the version opens the range, a `fixed` at
 * or below (or a `last_affected` strictly below) closes it. `introduced: "0"` is the start of
 * time; a `limit` at or below the version excludes it whatever the other events say.
 */
export function inRange (version: string, events: Array<Record<string, string>>, compare: Compare): boolean {
  // Most distro and npm ranges are just "introduced 0, fixed X": one comparison.
  if (events.length === 2 && events[0]!.introduced === '0' && typeof events[1]!.fixed === 'string') {
    return compare(version, events[1]!.fixed) < 0
  }
  const parsed = events.map((event) => {
    const [kind, value] = Object.entries(event)[0]!
    return { kind, value }
  })
  const atOrBelow = (value: string): boolean => value === '0' || compare(value, version) <= 0
  for (const limit of parsed.filter((event) => event.kind === 'limit')) {
    if (limit.value !== '*' && atOrBelow(limit.value)) return false
  }
  const KIND_ORDER = ['introduced', 'last_affected', 'fixed']
  const sorted = parsed.filter((event) => event.kind !== 'limit').sort((a, b) => {
    if (a.value === '0' && a.kind === 'introduced') return -1
    if (b.value === '0' && b.kind === 'introduced') return 1
    return compare(a.value, b.value) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind)
  })
  let affected = false
  for (const event of sorted) {
    if (event.kind === 'introduced' && atOrBelow(event.value)) affected = true
    else if (event.kind === 'fixed' && atOrBelow(event.value)) affected = false
    else if (event.kind === 'last_affected' && compare(event.value, version) < 0) affected = false
  }
  return affected
}

export interface AffectedSpec { ecosystem: string, ranges: unknown[], versions: string[] }

/**
 * Whether a package version is affected by one OSV `affected[]` entry: listed in `versions`, or in
 * an ECOSYSTEM range (the ecosystem's own ordering) or a SEMVER range. A range whose ordering is
 * unknown here (e.g. PyPI) or whose versions cannot be parsed is skipped: the explicit `versions`
 * list still applies.
 */
export function isAffected (version: string, entry: AffectedSpec, ecosystemCompare = ecosystemComparator(entry.ecosystem)): boolean {
  if (entry.versions.includes(version)) return true
  for (const range of entry.ranges as OsvRange[]) {
    const compare = range.type === 'SEMVER' ? compareSemver : ecosystemCompare
    if (compare === undefined) continue
    try {
      if (inRange(version, range.events, compare)) return true
    } catch {
      // An unparsable version (not SemVer) in this range: it cannot say "affected".
    }
  }
  return false
}
