import { LICENSE_SETS_MAX, type SbomLicense } from '@console/contracts'
import type { SbomStats } from '../../db/schema/index.js'

type LicenseSets = NonNullable<SbomStats['licenses']>

/** A license as the policy reads it: the url is not a license. */
const bare = (entry: SbomLicense): SbomLicense =>
  'expression' in entry
    ? { expression: entry.expression }
    : { license: { id: entry.license.id, name: entry.license.name, url: null } }

/**
 * The components grouped by the licenses they state, most common first: a few dozen sets for
 * thousands of components, so the Overview counts denied licenses without reading the SBOM. Past
 * LICENSE_SETS_MAX distinct sets the rest are not counted (`complete: false` says so).
 */
export function licenseSetsOf(components: ReadonlyArray<{ licenses: SbomLicense[] }>): LicenseSets {
  const sets = new Map<string, { licenses: SbomLicense[]; components: number }>()
  let complete = true
  for (const component of components) {
    const licenses = component.licenses.map(bare)
    const key = JSON.stringify(licenses)
    const set = sets.get(key)
    if (set !== undefined) set.components++
    else if (sets.size < LICENSE_SETS_MAX) sets.set(key, { licenses, components: 1 })
    else complete = false
  }
  return { sets: [...sets.values()].sort((a, b) => b.components - a.components), complete }
}
