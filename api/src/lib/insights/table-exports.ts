import type {
  Prioritisation,
  RuleExportQuery,
  RuleStatus,
  SbomComponent,
  SbomComponentExportQuery,
  SbomVulnerabilityExportQuery
} from '@console/contracts'
import type { Db } from '../../db/client.js'
import { inSlices, type CsvTable } from '../csv.js'
import { HttpError } from '../http-error.js'
import { oneOf } from '../listing.js'
import { ADDED_AFFECT_PROPERTY, DEMO_PROPERTY, FEED_SOURCE, SOURCE_PROPERTY, type SbomVulnerability } from './cyclonedx.js'
import { getAudit, sbomOf } from './reports.js'
import { exploitDataOf } from './sbom-feed.js'
import { decidingGroup, reportOverlay, type AnalysisGroup } from './triage-overlay.js'
import { headlineRating, SEVERITY_ORDER, severityRank } from './severity.js'

/**
 * CSV exports of a report's tables: the Compliance Rules, the SBOM's Components and its
 * Vulnerabilities, with the filters and sorts the tables offer, in the order the page shows them.
 * The rows come from the stored document (already held whole to answer the page's own call); the
 * orderings are those of the INSIGHTS remote (remote-insights/src/components/sbom/sbomData.ts,
 * system-review/ruleData.ts), written again here because the API imports no frontend code.
 */

const RULE_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const
const RULE_STATUSES = ['PASS', 'FAIL', 'SKIPPED'] as const satisfies readonly RuleStatus[]

/** The Compliance Rules table: in result order, filtered by profile, severity, status and text (title, id, message). */
export async function ruleExport(db: Db, tenantUid: string, uid: string, query: RuleExportQuery): Promise<CsvTable> {
  const severities = oneOf(query.severity, 'severity', RULE_SEVERITIES)
  const statuses = oneOf(query.status, 'status', RULE_STATUSES)
  const audit = await getAudit(db, tenantUid, uid)
  if (audit === null) throw new HttpError(404, 'No audit data available.')
  const byId = new Map(audit.rules.rules.map((rule) => [rule.id, rule]))
  const needle = query.search?.trim().toLowerCase() ?? ''
  const rows = audit.results
    .map((result) => {
      const rule = byId.get(result.id)
      return {
        id: result.id,
        title: rule?.title || result.id,
        severity: String(rule?.severity ?? '').toLowerCase(),
        status: result.status,
        message: result.message,
        profiles: rule?.profiles ?? []
      }
    })
    .filter(
      (row) =>
        (query.profile === undefined || query.profile === '' || row.profiles.includes(query.profile)) &&
        (severities === undefined || (severities as string[]).includes(row.severity)) &&
        (statuses === undefined || statuses.includes(row.status)) &&
        (needle === '' ||
          row.title.toLowerCase().includes(needle) ||
          row.id.toLowerCase().includes(needle) ||
          row.message.toLowerCase().includes(needle))
    )
  return {
    name: 'compliance-rules',
    header: ['id', 'title', 'severity', 'status', 'message', 'profiles'],
    batches: inSlices(rows, (row) => [row.id, row.title, row.severity, row.status, row.message, row.profiles.join('; ')])
  }
}

/** Case-insensitive text with numbers by value ("1.10" after "1.9"): the tables' sort key. */
export const naturalKey = (value: string | null | undefined): string =>
  (value ?? '').toLowerCase().replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(12, '0'))

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
const typeOf = (component: Pick<SbomComponent, 'type'>): string => component.type || 'unknown'

/** `ordering` as (field, sign), or 400 naming the allowed values. */
function sortOf<F extends string>(
  ordering: string | undefined,
  fallback: string,
  fields: readonly F[]
): { field: F; sign: 1 | -1 } {
  const requested = ordering === undefined || ordering === '' ? fallback : ordering
  const field = (requested.startsWith('-') ? requested.slice(1) : requested) as F
  if (!fields.includes(field)) {
    const allowed = fields.flatMap((name) => [name, `-${name}`]).join(', ')
    throw new HttpError(400, `Invalid ordering "${requested}". Allowed values: ${allowed}.`)
  }
  return { field, sign: requested.startsWith('-') ? -1 : 1 }
}

/** The tables' search: a value containing the text, any case (empty matches everything). */
const needleOf = (search: string | undefined): string => search?.trim().toLowerCase() ?? ''
const containing = (needle: string, ...values: Array<string | null | undefined>): boolean =>
  values.some((value) => value?.toLowerCase().includes(needle))

const licenseText = (component: SbomComponent): string =>
  component.licenses
    .map((entry) => ('expression' in entry ? entry.expression : (entry.license.id ?? entry.license.name ?? entry.license.url)))
    .filter((name): name is string => Boolean(name))
    .join(', ')

const COMPONENT_FIELDS = ['name', 'type', 'version'] as const

/** The Components table: of one type (or all), sorted by name, type or version; missing values last either way. */
export async function sbomComponentExport(
  db: Db,
  tenantUid: string,
  uid: string,
  query: SbomComponentExportQuery
): Promise<CsvTable> {
  const { field, sign } = sortOf(query.ordering, 'name', COMPONENT_FIELDS)
  const document = await sbomOf(db, tenantUid, uid)
  const needle = needleOf(query.search)
  const keyed = document.components
    .filter((component) => query.type === undefined || query.type === '' || typeOf(component) === query.type)
    .filter((c) => needle === '' || containing(needle, c.name, c.group, c.purl))
    .map((component) => ({ component, key: naturalKey(field === 'type' ? typeOf(component) : component[field]) }))
  keyed.sort((a, b) => (!a.key !== !b.key ? (a.key ? -1 : 1) : sign * compareText(a.key, b.key)))
  return {
    name: 'sbom-components',
    header: ['name', 'type', 'version', 'group', 'licenses', 'purl', 'bom_ref'],
    batches: inSlices(keyed, ({ component: c }) => [c.name, typeOf(c), c.version, c.group, licenseText(c), c.purl, c['bom-ref']])
  }
}

const hasProperty = (vulnerability: SbomVulnerability, name: string, value: string): boolean =>
  (vulnerability.properties ?? []).some((p) => p.name === name && p.value === value)
/** How the Source of what the console added from its feed reads on the page. */
const CONSOLE_FEED_SOURCE = 'OSV (console feed)'

/** Who the analysis in a row comes from: the console user (or key), a VEX upload, or the SBOM file. */
function analysisBy(group: AnalysisGroup): string | null {
  if (group.origin === null) return null
  if (group.origin === 'file') return 'SBOM file'
  const by = `${group.entry!.updated_by.label} at ${group.entry!.updated_at}`
  return group.origin === 'vex' ? `VEX upload by ${by}` : `console: ${by}`
}

const VULNERABILITY_FIELDS = ['id', 'severity', 'kev', 'epss'] as const
/** The Filter by Analysis values: what an analysis closes, and open (anything else, or none). */
const VEX_STATUSES = ['open', 'not_affected', 'false_positive', 'resolved'] as const
const vexStatusOf = (state: string | null | undefined): (typeof VEX_STATUSES)[number] =>
  state === 'not_affected' || state === 'false_positive'
    ? state
    : state === 'resolved' || state === 'resolved_with_pedigree'
      ? 'resolved'
      : 'open'

/**
 * The Vulnerabilities table: those affecting a component of one type (or all), sorted by id,
 * severity (ties by id), KEV (ties by severity, highest first, then id) or EPSS (unknown last).
 */
export async function sbomVulnerabilityExport(
  db: Db,
  tenantUid: string,
  uid: string,
  query: SbomVulnerabilityExportQuery
): Promise<CsvTable> {
  const { field, sign } = sortOf(query.ordering, '-severity', VULNERABILITY_FIELDS)
  const vex = oneOf(query.vex, 'vex', VEX_STATUSES)
  const needle = needleOf(query.search)
  const document = await sbomOf(db, tenantUid, uid)
  const exploits = await exploitDataOf(db, document)
  const overlay = await reportOverlay(db, tenantUid, uid, document)
  const byRef = new Map<string, Pick<SbomComponent, 'name' | 'group' | 'version' | 'type' | 'purl'>>()
  // The root (metadata.component) too: a VEX's affects often name it.
  const root = document.metadata.component
  for (const component of root === null ? document.components : [root, ...document.components]) {
    const ref = component['bom-ref']
    if (ref !== null && !byRef.has(ref)) byRef.set(ref, component)
  }
  const label = (ref: string): string => {
    const c = byRef.get(ref)
    if (c === undefined) return ref
    const name = c.group ? `${c.group}/${c.name}` : c.name
    return c.version ? `${name}@${c.version}` : name
  }
  const rows = document.vulnerabilities
    .filter(
      (v) =>
        query.type === undefined ||
        query.type === '' ||
        v.affects.some(({ ref }) => {
          const component = byRef.get(ref)
          return component !== undefined && typeOf(component) === query.type
        })
    )
    .map((v) => {
      const headline = headlineRating(v.ratings)
      const rank = severityRank(headline?.severity ?? null)
      const exploit: Prioritisation | undefined = v.id !== null && Object.hasOwn(exploits, v.id) ? exploits[v.id] : undefined
      const added = new Set((v.properties ?? []).filter((p) => p.name === ADDED_AFFECT_PROPERTY).map((p) => p.value))
      return {
        v,
        rank,
        headline,
        key: naturalKey(v.id),
        kev: exploit?.kev ? 1 : 0,
        epss: exploit?.epss ?? null,
        percentile: exploit?.epss_percentile ?? null,
        source: hasProperty(v, SOURCE_PROPERTY, FEED_SOURCE) ? CONSOLE_FEED_SOURCE : v.source.name,
        triage: decidingGroup(overlay.groups(v)),
        affected: v.affects.map(({ ref }) => `${label(ref)}${added.has(ref) ? ' (added by the console)' : ''}`)
      }
    })
    .filter(
      (row) =>
        (vex === undefined || vex.includes(vexStatusOf(row.triage.analysis?.state))) &&
        (needle === '' ||
          containing(needle, row.v.id) ||
          row.v.affects.some(({ ref }) => containing(needle, label(ref), byRef.get(ref)?.purl, byRef.get(ref)?.name)))
    )
  type Row = (typeof rows)[number]
  const compare: Record<(typeof VULNERABILITY_FIELDS)[number], (a: Row, b: Row) => number> = {
    id: (a, b) => sign * compareText(a.key, b.key),
    severity: (a, b) => sign * (a.rank - b.rank) || compareText(a.key, b.key),
    kev: (a, b) => sign * (a.kev - b.kev) || b.rank - a.rank || compareText(a.key, b.key),
    epss: (a, b) =>
      (a.epss === null) !== (b.epss === null)
        ? a.epss === null
          ? 1
          : -1
        : sign * ((a.epss ?? 0) - (b.epss ?? 0)) || compareText(a.key, b.key)
  }
  rows.sort(compare[field])
  return {
    name: 'sbom-vulnerabilities',
    // Beside the table's columns: the analysis that holds (the console's over the file's; for a
    // vulnerability of several components, an open one's first) and who set it.
    header: [
      'id',
      'severity',
      'score',
      'vector',
      'source',
      'affected_components',
      'kev',
      'epss',
      'epss_percentile',
      'demo',
      'analysis_state',
      'analysis_justification',
      'analysis_response',
      'analysis_detail',
      'analysis_by',
      'file_analysis_state'
    ],
    batches: inSlices(rows, (row) => [
      row.v.id,
      SEVERITY_ORDER[row.rank],
      row.headline?.score ?? null,
      row.headline?.vector ?? null,
      row.source,
      row.affected.join('; '),
      row.kev === 1,
      row.epss,
      row.percentile,
      hasProperty(row.v, DEMO_PROPERTY, 'true'),
      row.triage.analysis?.state ?? null,
      row.triage.analysis?.justification ?? null,
      row.triage.analysis?.response.join('; ') ?? null,
      row.triage.analysis?.detail ?? null,
      analysisBy(row.triage),
      (row.triage.origin === 'file' ? row.triage.analysis : row.triage.file)?.state ?? null
    ])
  }
}
