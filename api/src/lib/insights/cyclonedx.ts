import type {
  Sbom,
  SbomComponent,
  SbomDependency,
  SbomLicense,
  SbomProperty,
  SbomRating,
  SbomRootComponent,
  SbomSource,
  SbomTool,
  SbomVulnerability as StoredVulnerability,
  SbomVulnerabilityAnalysis
} from '@console/contracts'
import { ANALYSIS_JUSTIFICATIONS, ANALYSIS_RESPONSES, ANALYSIS_STATES } from '@console/contracts'
import { ownBomRef } from './bom-link.js'
import {
  asObject,
  fail,
  isObject,
  joinPath,
  optArray,
  optNumber,
  optObject,
  optObjects,
  optString,
  reqString,
  storable,
  stringList,
  type JsonObject
} from './document.js'
import { CYCLONEDX_SEVERITIES } from './severity.js'

/**
 * CycloneDX JSON (specVersion 1.2 to 1.7) → the SBOM the console shows (docs/insights-api.md).
 * Only the fields the contract lists are kept, every listed key is always present (null or []
 * when the BOM lacks it), and nothing is invented. Checks follow the CycloneDX schema where the
 * console depends on a value (a component's name and type, a rating's severity, a ref) and are
 * lenient elsewhere: real generators leave out severities, descriptions, components...
 */

export type { SbomComponent, SbomDependency, SbomRating }

export const SUPPORTED_SPEC_VERSIONS = ['1.2', '1.3', '1.4', '1.5', '1.6', '1.7'] as const

/**
 * The console marks what its own analysis added to an SBOM with properties in this namespace;
 * an uploaded SBOM's properties in it are dropped, so a mark always means the console wrote it.
 */
export const CONSOLE_PROPERTY_PREFIX = 'console:'
/** On a vulnerability the console added: where it came from (value FEED_SOURCE). */
export const SOURCE_PROPERTY = 'console:source'
export const FEED_SOURCE = 'osv-feed'
/** On a vulnerability the console added from the demo catalogue only (a demo SBOM): value "true". */
export const DEMO_PROPERTY = 'console:demo'
/** On a vulnerability the SBOM listed: one per `affects[].ref` the console added to it. */
export const ADDED_AFFECT_PROPERTY = 'console:added-affect'
/** On a vulnerability the feed matched: one per version its records name as the fix of a matched component. */
export const FIXED_VERSION_PROPERTY = 'console:fixed-version'

/**
 * What normaliseSbom() writes: the contract's SBOM with every vulnerability's `properties` present
 * (only documents stored before the feed analysis existed lack them).
 */
export type SbomVulnerability = StoredVulnerability & { properties: SbomProperty[]; analysis: SbomVulnerabilityAnalysis | null }
export type SbomDocument = Omit<Sbom, 'vulnerabilities'> & { vulnerabilities: SbomVulnerability[] }

/** Nesting deeper than this is not a real BOM (and would exhaust the stack). */
const MAX_NESTING = 64

function licenses(parent: JsonObject, base: string): SbomLicense[] {
  return optObjects(parent, 'licenses', base, (entry, path) => {
    if (typeof entry.expression === 'string') return { expression: storable(entry.expression, `${path}.expression`) }
    const license = optObject(entry, 'license', path)
    if (license === null) return fail(path, 'must have a license or an expression')
    const lpath = joinPath(path, 'license')
    const id = optString(license, 'id', lpath)
    const name = optString(license, 'name', lpath)
    if (id === null && name === null) fail(lpath, 'must have an id or a name')
    return { license: { id, name, url: optString(license, 'url', lpath) } }
  })
}

function properties(parent: JsonObject, base: string): SbomComponent['properties'] {
  return optObjects(parent, 'properties', base, (property, path) => ({
    name: reqString(property, 'name', path),
    value: optString(property, 'value', path)
  }))
}

function component(value: unknown, path: string): SbomComponent {
  const item = asObject(value, path)
  return {
    'bom-ref': optString(item, 'bom-ref', path),
    name: reqString(item, 'name', path),
    type: reqString(item, 'type', path),
    version: optString(item, 'version', path),
    group: optString(item, 'group', path),
    description: optString(item, 'description', path),
    purl: optString(item, 'purl', path),
    licenses: licenses(item, path),
    properties: properties(item, path)
  }
}

/**
 * Depth-first, parents before their children: the document order a reader expects. With
 * `release`, each entry of the parsed input is dropped once read, so a big BOM's parsed form is
 * freed while its normalised form grows instead of both being held whole.
 */
function flattenComponents(list: unknown[], base: string, out: SbomComponent[], depth: number, release: boolean): void {
  if (depth > MAX_NESTING) fail(base, `nests components more than ${MAX_NESTING} levels deep`)
  for (let index = 0; index < list.length; index++) {
    const item = list[index]
    if (release) list[index] = null
    flattenEntry(item, `${base}[${index}]`, out, depth, release)
  }
}

function flattenEntry(item: unknown, path: string, out: SbomComponent[], depth: number, release: boolean): void {
  out.push(component(item, path))
  const children = optArray(item as JsonObject, 'components', path)
  if (children.length > 0) flattenComponents(children, joinPath(path, 'components'), out, depth + 1, release)
}

/** Entry `index` of a BOM's top-level `components` (its children after it) onto `out`, as normaliseSbom reads it. */
export function normaliseComponentEntry(item: unknown, index: number, out: SbomComponent[]): void {
  flattenEntry(item, `components[${index}]`, out, 0, true)
}

/** Entry `index` of a BOM's `dependencies` (the graph: `ref` → `dependsOn`), as normaliseSbom reads it. */
export function normaliseDependencyEntry(item: unknown, index: number): SbomDependency {
  const path = `dependencies[${index}]`
  const entry = asObject(item, path)
  return { ref: reqString(entry, 'ref', path), dependsOn: stringList(entry, 'dependsOn', path) }
}

/** Entry `index` of a BOM's `vulnerabilities`, as normaliseSbom would read it. */
export function normaliseVulnerabilityEntry(item: unknown, index: number): SbomVulnerability {
  return vulnerability(item, `vulnerabilities[${index}]`)
}

function rootComponent(metadata: JsonObject): SbomRootComponent | null {
  if (metadata.component === undefined || metadata.component === null) return null
  const { name, version, type, group, purl, 'bom-ref': bomRef } = component(metadata.component, 'metadata.component')
  return { name, version, type, group, purl, 'bom-ref': bomRef }
}

/** 1.2-1.4 `tools: [{vendor, name, version}]`; 1.5+ `tools: {components: [...], services: [...]}`. */
function tools(metadata: JsonObject): SbomTool[] {
  const value = metadata.tools
  if (value === undefined || value === null) return []
  const tool = (item: unknown, path: string): SbomTool => {
    const entry = asObject(item, path)
    const manufacturer = optObject(entry, 'manufacturer', path) ?? optObject(entry, 'supplier', path)
    return {
      name: optString(entry, 'name', path),
      version: optString(entry, 'version', path),
      vendor:
        optString(entry, 'vendor', path) ??
        (manufacturer === null ? null : optString(manufacturer, 'name', `${path}.manufacturer`)),
      group: optString(entry, 'group', path)
    }
  }
  if (Array.isArray(value)) return value.map((item, index) => tool(item, `metadata.tools[${index}]`))
  if (!isObject(value)) return fail('metadata.tools', 'must be an array (CycloneDX 1.2-1.4) or an object with components (1.5+)')
  return optArray(value, 'components', 'metadata.tools').map((item, index) => tool(item, `metadata.tools.components[${index}]`))
}

function source(parent: JsonObject, path: string): SbomSource | null {
  const value = optObject(parent, 'source', path)
  if (value === null) return null
  const spath = joinPath(path, 'source')
  return { name: optString(value, 'name', spath), url: optString(value, 'url', spath) }
}

const SEVERITIES = new Set<string>(CYCLONEDX_SEVERITIES)

// CycloneDX 1.4+ `vulnerabilities[].analysis` values: one list, in @console/contracts (the triage route validates with it too).
export { ANALYSIS_JUSTIFICATIONS, ANALYSIS_RESPONSES, ANALYSIS_STATES }

/** An optional string that must be one of `allowed` (the console counts and filters by it). */
function oneOfString(parent: JsonObject, key: string, path: string, allowed: readonly string[]): string | null {
  const value = optString(parent, key, path)
  if (value !== null && !allowed.includes(value))
    fail(joinPath(path, key), `must be one of ${allowed.join(', ')} (got "${value.slice(0, 40)}")`)
  return value
}

function analysis(parent: JsonObject, path: string): SbomVulnerabilityAnalysis | null {
  const item = optObject(parent, 'analysis', path)
  if (item === null) return null
  const apath = joinPath(path, 'analysis')
  return {
    state: oneOfString(item, 'state', apath, ANALYSIS_STATES),
    justification: oneOfString(item, 'justification', apath, ANALYSIS_JUSTIFICATIONS),
    response: optArray(item, 'response', apath).map((value, index) => {
      const rpath = `${joinPath(apath, 'response')}[${index}]`
      if (typeof value !== 'string' || !(ANALYSIS_RESPONSES as readonly string[]).includes(value))
        fail(rpath, `must be one of ${ANALYSIS_RESPONSES.join(', ')}`)
      return value
    }),
    detail: optString(item, 'detail', apath)
  }
}

function rating(value: unknown, path: string): SbomRating {
  const item = asObject(value, path)
  let severity = optString(item, 'severity', path)
  if (severity !== null) {
    severity = severity.toLowerCase()
    if (!SEVERITIES.has(severity))
      fail(`${path}.severity`, `must be one of ${CYCLONEDX_SEVERITIES.join(', ')} (got "${String(item.severity).slice(0, 40)}")`)
  }
  return {
    severity,
    method: optString(item, 'method', path),
    score: optNumber(item, 'score', path),
    vector: optString(item, 'vector', path),
    source: source(item, path)
  }
}

function vulnerability(value: unknown, path: string): SbomVulnerability {
  const item = asObject(value, path)
  return {
    id: optString(item, 'id', path),
    'bom-ref': optString(item, 'bom-ref', path),
    source: source(item, path) ?? { name: null, url: null },
    ratings: optArray(item, 'ratings', path).map((entry, index) => rating(entry, `${path}.ratings[${index}]`)),
    affects: optObjects(item, 'affects', path, (affect, apath) => ({ ref: reqString(affect, 'ref', apath) })),
    description: optString(item, 'description', path),
    detail: optString(item, 'detail', path),
    recommendation: optString(item, 'recommendation', path),
    advisories: optObjects(item, 'advisories', path, (advisory, apath) => ({
      title: optString(advisory, 'title', apath),
      url: reqString(advisory, 'url', apath)
    })),
    published: optString(item, 'published', path),
    updated: optString(item, 'updated', path),
    cwes: optArray(item, 'cwes', path).map((cwe, index) => {
      if (!Number.isInteger(cwe)) fail(`${path}.cwes[${index}]`, 'must be a whole number')
      return cwe as number
    }),
    analysis: analysis(item, path),
    properties: properties(item, path).filter((property) => !property.name.startsWith(CONSOLE_PROPERTY_PREFIX))
  }
}

export interface NormaliseOptions {
  /** Empty the parsed input's component and vulnerability lists while reading them (the caller drops the input). */
  release?: boolean
  /**
   * The BOM's lists already normalised entry by entry (sbom-stream.ts); the value then lacks the
   * keys. Apart from them, normaliseSbom reads only bomFormat, specVersion, serialNumber and metadata.
   */
  normalised?: Pick<SbomDocument, 'components' | 'vulnerabilities'> & { dependencies: SbomDependency[] }
}

/** Checks a parsed CycloneDX JSON BOM and returns its normalised form; throws DocumentError. */
export function normaliseSbom(
  value: unknown,
  { release = false, normalised: done }: NormaliseOptions = {}
): SbomDocument & { dependencies: SbomDependency[] } {
  if (!isObject(value)) return fail('the document', 'must be a JSON object (a CycloneDX BOM)')
  if (value.bomFormat !== 'CycloneDX') fail('bomFormat', 'must be "CycloneDX"')
  const specVersion = value.specVersion
  if (specVersion === undefined || specVersion === null) fail('specVersion', 'is missing')
  if (typeof specVersion !== 'string') fail('specVersion', 'must be a string such as "1.6"')
  if (!(SUPPORTED_SPEC_VERSIONS as readonly string[]).includes(specVersion)) {
    fail(
      `specVersion ${specVersion.slice(0, 20)}`,
      `is not supported (${SUPPORTED_SPEC_VERSIONS[0]} to ${SUPPORTED_SPEC_VERSIONS.at(-1)})`
    )
  }
  const metadata = optObject(value, 'metadata', '') ?? {}
  const components: SbomComponent[] = done?.components ?? []
  flattenComponents(optArray(value, 'components', ''), 'components', components, 0, release)
  // Checked in this order, so a BOM with several faults is always refused for the same one.
  const head = {
    spec_version: specVersion,
    serial_number: optString(value, 'serialNumber', ''),
    metadata: {
      timestamp: optString(metadata, 'timestamp', 'metadata'),
      component: rootComponent(metadata),
      tools: { components: tools(metadata) }
    }
  }
  const vulnerabilities = optArray(value, 'vulnerabilities', '')
  const normalised: SbomVulnerability[] = done?.vulnerabilities ?? []
  for (let index = 0; index < vulnerabilities.length; index++) {
    normalised.push(vulnerability(vulnerabilities[index], `vulnerabilities[${index}]`))
    if (release) vulnerabilities[index] = null
  }
  const dependencies = done?.dependencies ?? optArray(value, 'dependencies', '').map(normaliseDependencyEntry)
  // A BOM-Link into this very BOM names one of its components: kept as that bom-ref, so every
  // reader (the page, triage keys, the summary, exports) resolves it like a plain one.
  if (head.serial_number !== null)
    for (const entry of normalised) for (const affect of entry.affects) affect.ref = ownBomRef(affect.ref, head.serial_number)
  return {
    ...head,
    components,
    vulnerabilities: normalised,
    dependencies
  }
}
