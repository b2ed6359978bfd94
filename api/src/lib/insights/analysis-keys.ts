import type { AnalysisComponent, SbomRootComponent, SbomVulnerabilityAnalysis } from '@console/contracts'
import type { SbomComponent, SbomDocument } from './cyclonedx.js'

/**
 * How the console names an analysis (component key, vulnerability) and when one counts as open:
 * below triage (which stores), the overlay (which reads) and the scan history (which counts).
 */

/** The component's identity an analysis is kept under: its purl, else `name:` group/name@version. */
export function componentKeyOf(component: AnalysisComponent): string | null {
  if (component.purl) return component.purl
  if (!component.name) return null
  return `name:${component.group ? `${component.group}/` : ''}${component.name}@${component.version ?? ''}`
}

export const consoleAnalysisKey = (key: string, vulnerabilityId: string): string => `${vulnerabilityId}\n${key}`

const CLOSED = new Set(['not_affected', 'false_positive', 'resolved', 'resolved_with_pedigree'])
/** Open (no analysis, in_triage, exploitable) before closed: a vulnerability is open while any component is. */
export const isOpen = (analysis: SbomVulnerabilityAnalysis | null): boolean => isOpenState(analysis?.state ?? null)
export const isOpenState = (state: string | null): boolean => !CLOSED.has(state ?? '')

type Identity = Pick<SbomComponent | SbomRootComponent, 'purl' | 'group' | 'name' | 'version'>

/** The console's component key of a bom-ref (the root's or a component's; a purl ref is its own key). */
export function refKeysOf(document: SbomDocument): (ref: string) => string | null {
  const byRef = new Map<string, Identity>()
  const root = document.metadata.component
  for (const component of root === null ? document.components : [root, ...document.components]) {
    const ref = component['bom-ref']
    if (ref !== null && !byRef.has(ref)) byRef.set(ref, component)
  }
  return (ref) => {
    const component = byRef.get(ref)
    return component === undefined ? (ref.startsWith('pkg:') ? ref : null) : componentKeyOf(component)
  }
}
