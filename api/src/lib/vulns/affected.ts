import { ecosystemComparator } from './ecosystems.js'
import type { OsvRange } from './osv-record.js'
import { compareSemver, type Compare } from './versions/index.js'

/** A version found affected: the version that fixes it, when the range that holds it has one. */
export interface AffectedHit {
  fixed: string | null
}

/**
 * Whether a version lies in an OSV range, as the OSV schema's evaluation describes it: walk the
 * events in version order; an `introduced` at or below the version opens the range, a `fixed` at
 * or below (or a `last_affected` strictly below) closes it. `introduced: "0"` is the start of
 * time; a `limit` at or below the version excludes it whatever the other events say. When the
 * version is affected, the first closing event above it says what fixes it: a `fixed` (its
 * value) or a `last_affected` (no fix known); null when it is not affected.
 */
export function affectingRange(version: string, events: Array<Record<string, string>>, compare: Compare): AffectedHit | null {
  // Most distro and npm ranges are just "introduced 0, fixed X": one comparison.
  if (events.length === 2 && events[0]!.introduced === '0' && typeof events[1]!.fixed === 'string') {
    return compare(version, events[1]!.fixed) < 0 ? { fixed: events[1]!.fixed } : null
  }
  const parsed = events.map((event) => {
    const [kind, value] = Object.entries(event)[0]!
    return { kind, value }
  })
  const atOrBelow = (value: string): boolean => value === '0' || compare(value, version) <= 0
  for (const limit of parsed.filter((event) => event.kind === 'limit')) {
    if (limit.value !== '*' && atOrBelow(limit.value)) return null
  }
  const KIND_ORDER = ['introduced', 'last_affected', 'fixed']
  const sorted = parsed
    .filter((event) => event.kind !== 'limit')
    .sort((a, b) => {
      if (a.value === '0' && a.kind === 'introduced') return -1
      if (b.value === '0' && b.kind === 'introduced') return 1
      return compare(a.value, b.value) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind)
    })
  let affected = false
  // Events above the version come last in `sorted` and cannot change `affected` any more.
  let closing: { kind: string; value: string } | undefined
  for (const event of sorted) {
    if (event.kind === 'introduced') {
      if (atOrBelow(event.value)) affected = true
    } else if (event.kind === 'fixed') {
      if (atOrBelow(event.value)) affected = false
      else if (affected) closing ??= event
    } else if (event.kind === 'last_affected') {
      if (compare(event.value, version) < 0) affected = false
      else if (affected) closing ??= event
    }
  }
  if (!affected) return null
  return { fixed: closing?.kind === 'fixed' ? closing.value : null }
}

export function inRange(version: string, events: Array<Record<string, string>>, compare: Compare): boolean {
  return affectingRange(version, events, compare) !== null
}

export interface AffectedSpec {
  ecosystem: string
  ranges: unknown[]
  versions: string[]
}

/**
 * Whether a package version is affected by one OSV `affected[]` entry, and by what fix: in an
 * ECOSYSTEM range (the ecosystem's own ordering) or a SEMVER range, or listed in `versions`. A
 * range whose ordering is unknown here (e.g. Hex) or whose versions cannot be parsed is
 * skipped: the explicit `versions` list still applies. The fix is the first affecting range's
 * that has one (null for a version only listed, or a range closed by `last_affected`).
 */
export function affectedBy(
  version: string,
  entry: AffectedSpec,
  ecosystemCompare = ecosystemComparator(entry.ecosystem)
): AffectedHit | null {
  let hit: AffectedHit | null = null
  for (const range of entry.ranges as OsvRange[]) {
    const compare = range.type === 'SEMVER' ? compareSemver : ecosystemCompare
    if (compare === undefined) continue
    try {
      const found = affectingRange(version, range.events, compare)
      if (found?.fixed != null) return found
      hit ??= found
    } catch {
      // An unparsable version (not SemVer) in this range: it cannot say "affected".
    }
  }
  return hit ?? (isListed(version, entry.versions, ecosystemCompare) ? { fixed: null } : null)
}

/**
 * Whether `versions` lists the version: as written, or equal under the ecosystem's ordering
 * ("v0.17.0" for a listed "0.17.0" in Go, "2.0.0" for "2.0" in PyPI). A listed version the
 * ordering cannot read is only matched as written.
 */
function isListed(version: string, versions: string[], compare: Compare | undefined): boolean {
  if (versions.includes(version)) return true
  if (compare === undefined || versions.length === 0) return false
  return versions.some((listed) => {
    try {
      return compare(listed, version) === 0
    } catch {
      return false
    }
  })
}

/** affectedBy() without the fix: what device matching needs. */
export function isAffected(
  version: string,
  entry: AffectedSpec,
  ecosystemCompare = ecosystemComparator(entry.ecosystem)
): boolean {
  return affectedBy(version, entry, ecosystemCompare) !== null
}
