import type { ConsoleAnalysis, SbomVulnerabilityAnalysis } from '@console/contracts'
import type { Db } from '../../db/client.js'
import { consoleAnalysisKey, isOpen, refKeysOf } from './analysis-keys.js'
import type { SbomDocument, SbomVulnerability } from './cyclonedx.js'
import { listAnalyses } from './triage.js'

/**
 * The console's analyses laid over a stored SBOM: for each vulnerability, its affected components
 * grouped by the analysis that holds for them (the console's wins over the file's). The export and
 * the CSV read this; the page does the same over the API's answers (remote-insights sbomData.ts).
 */

export type AnalysisOrigin = 'console' | 'vex' | 'file'

export interface AnalysisGroup {
  refs: string[]
  analysis: SbomVulnerabilityAnalysis | null
  /** null: no analysis at all. */
  origin: AnalysisOrigin | null
  /** The console's entry behind it (origin console or vex). */
  entry: ConsoleAnalysis | null
  /** The file's own analysis when the console's replaced it (both are shown). */
  file: SbomVulnerabilityAnalysis | null
}

export interface Overlay {
  groups: (vulnerability: SbomVulnerability) => AnalysisGroup[]
}

/** An overlay of `entries` on `document` (bom-refs resolved through the root and the components). */
export function overlayOf(document: SbomDocument, entries: ConsoleAnalysis[]): Overlay {
  const byKey = new Map(entries.map((entry) => [consoleAnalysisKey(entry.component_key, entry.vulnerability_id), entry]))
  const keyOf = refKeysOf(document)
  return {
    groups: (vulnerability) => {
      const file = vulnerability.analysis ?? null
      const groups = new Map<string, AnalysisGroup>()
      for (const ref of new Set(vulnerability.affects.map((affect) => affect.ref))) {
        const key = keyOf(ref)
        const entry = key === null || vulnerability.id === null ? undefined : byKey.get(consoleAnalysisKey(key, vulnerability.id))
        const group: AnalysisGroup =
          entry === undefined
            ? { refs: [], analysis: file, origin: file === null ? null : 'file', entry: null, file: null }
            : {
                refs: [],
                analysis: {
                  state: entry.state,
                  justification: entry.justification,
                  response: entry.response,
                  detail: entry.detail === '' ? null : entry.detail
                },
                origin: entry.source,
                entry,
                file
              }
        const id = JSON.stringify([group.origin, group.analysis, group.entry?.updated_at ?? null])
        const seen = groups.get(id) ?? group
        seen.refs.push(ref)
        groups.set(id, seen)
      }
      if (groups.size === 0) return [{ refs: [], analysis: file, origin: file === null ? null : 'file', entry: null, file: null }]
      return [...groups.values()]
    }
  }
}

/** The overlay of the report's stored analyses. */
export async function reportOverlay(db: Db, tenantUid: string, uid: string, document: SbomDocument): Promise<Overlay> {
  return overlayOf(document, (await listAnalyses(db, tenantUid, uid)).results)
}

/** The group that decides a whole vulnerability's status: the first open one, else the first. */
export const decidingGroup = (groups: AnalysisGroup[]): AnalysisGroup => groups.find((g) => isOpen(g.analysis)) ?? groups[0]!
