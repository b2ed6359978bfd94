import { randomUUID } from 'node:crypto'
import type { SbomLicense, SbomProperty, SbomRating, SbomRootComponent, SbomVulnerabilityAnalysis } from '@console/contracts'
import type { Db } from '../../db/client.js'
import type { SbomComponent, SbomDocument, SbomVulnerability } from './cyclonedx.js'
import { sbomOf } from './reports.js'
import { reportOverlay, type AnalysisGroup, type Overlay } from './triage-overlay.js'

/**
 * A report's SBOM as CycloneDX 1.6 JSON: the stored components, the vulnerabilities the file
 * listed and those the console found in its feed, each with the analysis that holds (VEX in
 * `vulnerabilities[].analysis`). A vulnerability whose components were analysed differently is
 * written once per analysis (same id, its components in `affects`), as VEX documents do.
 * Who set a console analysis, and the file's own one it replaced, go in `console:` properties.
 */

type Json = Record<string, unknown>

/** Keys whose value is null, undefined or an empty list are left out (CycloneDX has no nulls). */
function compact(object: Json): Json {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)
    )
  )
}

const RATING_METHODS = new Set(['CVSSv2', 'CVSSv3', 'CVSSv31', 'CVSSv4', 'OWASP', 'SSVC', 'other'])

const license = (entry: SbomLicense): Json =>
  'expression' in entry
    ? { expression: entry.expression }
    : {
        license: compact({
          ...(entry.license.id === null ? { name: entry.license.name ?? entry.license.url } : { id: entry.license.id }),
          url: entry.license.url
        })
      }

const properties = (list: SbomProperty[] | undefined): Json[] =>
  (list ?? []).map((p) => compact({ name: p.name, value: p.value }))

const rootComponent = (c: SbomRootComponent): Json =>
  compact({ type: c.type, 'bom-ref': c['bom-ref'], group: c.group, name: c.name, version: c.version, purl: c.purl })

const component = (c: SbomComponent): Json =>
  compact({
    type: c.type,
    'bom-ref': c['bom-ref'],
    group: c.group,
    name: c.name,
    version: c.version,
    description: c.description,
    purl: c.purl,
    licenses: c.licenses.map(license),
    properties: properties(c.properties)
  })

const rating = (r: SbomRating): Json =>
  compact({
    source: r.source === null ? null : compact({ name: r.source.name, url: r.source.url }),
    score: r.score,
    severity: r.severity,
    method: r.method === null ? null : RATING_METHODS.has(r.method) ? r.method : 'other',
    vector: r.vector
  })

const analysis = (a: SbomVulnerabilityAnalysis, lastUpdated: string | null): Json =>
  compact({ state: a.state, justification: a.justification, response: a.response, detail: a.detail, lastUpdated })

/** Where the analysis of a group comes from, as `console:` properties. */
function analysisProperties(group: AnalysisGroup): Json[] {
  if (group.origin === null) return []
  const marks: Json[] = [{ name: 'console:analysis-source', value: group.origin }]
  if (group.entry !== null) marks.push({ name: 'console:analysis-by', value: group.entry.updated_by.label })
  if (group.file?.state) marks.push({ name: 'console:file-analysis-state', value: group.file.state })
  return marks
}

function vulnerabilities(v: SbomVulnerability, overlay: Overlay): Json[] {
  const groups = overlay.groups(v)
  return groups.map((group, index) =>
    compact({
      // bom-refs are unique in a BOM: a split vulnerability's parts get their own.
      'bom-ref': v['bom-ref'] === null ? null : groups.length === 1 ? v['bom-ref'] : `${v['bom-ref']}#${index + 1}`,
      id: v.id,
      source: compact({ name: v.source.name, url: v.source.url }),
      ratings: v.ratings.map(rating),
      cwes: v.cwes,
      description: v.description,
      detail: v.detail,
      recommendation: v.recommendation,
      advisories: v.advisories.map((a) => compact({ title: a.title, url: a.url })),
      published: v.published,
      updated: v.updated,
      analysis: group.analysis === null ? null : analysis(group.analysis, group.entry?.updated_at ?? null),
      affects: (group.refs.length === 0 ? v.affects.map((a) => a.ref) : group.refs).map((ref) => ({ ref })),
      properties: [...properties(v.properties), ...analysisProperties(group)]
    })
  )
}

export function cycloneDxOf(document: SbomDocument, overlay: Overlay, now = new Date()): Json {
  const root = document.metadata.component
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: compact({
      timestamp: now.toISOString(),
      tools: {
        components: [
          { type: 'application', name: 'console', description: "the console's export: its findings and analyses" },
          ...document.metadata.tools.components.map((t) =>
            compact({ type: 'application', group: t.group, name: t.name ?? 'unknown', version: t.version })
          )
        ]
      },
      component: root === null ? null : rootComponent(root),
      properties: [{ name: 'console:source-spec-version', value: document.spec_version }]
    }),
    components: document.components.map(component),
    vulnerabilities: document.vulnerabilities.flatMap((v) => vulnerabilities(v, overlay)),
    dependencies: document.dependencies ?? []
  }
}

/** GET …/sbom/export.cdx.json: the JSON text (404 without an SBOM). */
export async function sbomCycloneDxExport(db: Db, tenantUid: string, uid: string): Promise<string> {
  const document = await sbomOf(db, tenantUid, uid)
  return JSON.stringify(cycloneDxOf(document, await reportOverlay(db, tenantUid, uid, document)))
}
