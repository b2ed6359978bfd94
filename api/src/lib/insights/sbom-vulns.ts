import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { osvRecords, osvRecordVulnerabilities } from '../../db/schema/index.js'
import { affectedLookupOf, feedHitsWith, type AffectedLookup, type FeedHit, type FeedPackage } from '../vulns/feed-match.js'
import type { OsvRecord, OsvRecordText, RecordOrigin } from '../vulns/osv-record.js'
import { componentFeedPackage } from './component-package.js'
import {
  ADDED_AFFECT_PROPERTY,
  CONSOLE_PROPERTY_PREFIX,
  FIXED_VERSION_PROPERTY,
  DEMO_PROPERTY,
  FEED_SOURCE,
  SOURCE_PROPERTY,
  type SbomComponent,
  type SbomDocument,
  type SbomRating,
  type SbomVulnerability
} from './cyclonedx.js'
import type { SbomProperty } from '@console/contracts'
import { json } from '../sql-params.js'
import { cvssMethod, cvssSeverity, unscoreSeverities } from './severity.js'
import { linkedCve, linkRecord } from '../vulns/joins.js'

/**
 * SBOM vulnerability analysis against the console's own OSV feed (what Dependency-Track does
 * with an uploaded BOM): every component whose purl the feed covers (npm, deb, apk, rpm; see
 * feedPackageOf) goes through the same matching core as device packages (feedHits), and each
 * match becomes a CycloneDX vulnerability of the stored SBOM, or extra `affects` of the SBOM's
 * own entry for the same vulnerability. What the console adds carries `console:` properties
 * (cyclonedx.ts), which is also how a re-analysis finds and replaces it.
 */

export interface FeedAnalysis {
  /** Components with a bom-ref and a purl the feed covers: the ones checked. */
  checked: number
  /** Vulnerabilities the console added. */
  vulnerabilities: number
  /** `affects` the console added to vulnerabilities the SBOM listed itself. */
  affects: number
  /** The feed package names of the checked components (what an import's re-analysis looks up); cut after LISTED_PACKAGES_MAX + 1. */
  packages: string[]
  /** The ecosystems of the checked components (coverage, and what a feed sync downloads). */
  ecosystems: string[]
}

/**
 * The most feed package names an SBOM's row lists. Each is a GIN index entry written in the
 * upload's transaction (250,000 cost PGlite 2 s, with every other query waiting); an SBOM naming
 * more is stored without the list, which makes every feed import analyse it again. A list that
 * long overlaps nearly every import anyway.
 */
export const LISTED_PACKAGES_MAX = 20_000

/** Components matched per round of lookups (each round's pairs still go in chunks of FeedSource.chunk). */
const ANALYSIS_BATCH = 20_000

/** The `packages` column of an analysed SBOM: its names, or null when there are too many to index. */
export const listedPackages = (feed: FeedAnalysis | null): string[] | null =>
  feed === null || feed.packages.length > LISTED_PACKAGES_MAX ? null : feed.packages

export interface AnalyseOptions {
  /** A demo SBOM (written by the seed): matched against the demo catalogue too. Uploads never are. */
  demo?: boolean
}

const isMark = (property: { name: string }): boolean => property.name.startsWith(CONSOLE_PROPERTY_PREFIX)
export const isFeedVulnerability = (vulnerability: SbomVulnerability): boolean =>
  vulnerability.properties.some((p) => p.name === SOURCE_PROPERTY && p.value === FEED_SOURCE)

/** Undoes an earlier analysis in place: its vulnerabilities, the affects it added, its marks. */
export function removeFeedAnalysis(document: SbomDocument): void {
  document.vulnerabilities = document.vulnerabilities.filter((vulnerability) => !isFeedVulnerability(vulnerability))
  for (const vulnerability of document.vulnerabilities) {
    // Stored before vulnerabilities had properties: nothing was added to it.
    vulnerability.properties ??= []
    if (!vulnerability.properties.some(isMark)) continue
    unscoreSeverities(vulnerability)
    const added = new Set(vulnerability.properties.filter((p) => p.name === ADDED_AFFECT_PROPERTY).map((p) => p.value))
    vulnerability.affects = vulnerability.affects.filter((affect) => !added.has(affect.ref))
    vulnerability.properties = vulnerability.properties.filter((p) => !isMark(p))
  }
}

export const osvUrl = (osvId: string): string => `https://osv.dev/vulnerability/${encodeURIComponent(osvId)}`

export interface RecordRow extends OsvRecordText, RecordOrigin, Pick<OsvRecord, 'links' | 'cwes' | 'publishedAt' | 'modifiedAt'> {
  vulnerabilityId: string
  relation: number
}

/** The records that matched, once per vulnerability id (CVE row) each speaks for. */
export async function recordsOf(db: Db, osvIds: string[]): Promise<RecordRow[]> {
  const cve = linkedCve(db)
  const rows = await db
    .select({
      vulnerabilityId: cve.cveId,
      relation: osvRecordVulnerabilities.relation,
      id: osvRecords.id,
      summary: osvRecords.summary,
      details: osvRecords.details,
      score: osvRecords.score,
      vector: osvRecords.vector,
      aliases: osvRecords.aliases,
      links: osvRecords.links,
      cwes: osvRecords.cwes,
      source: osvRecords.source,
      demo: osvRecords.demo,
      publishedAt: osvRecords.publishedAt,
      modifiedAt: osvRecords.modifiedAt
    })
    .from(osvRecordVulnerabilities)
    .innerJoin(osvRecords, linkRecord)
    .innerJoinLateral(cve, sql`true`)
    .where(sql`${osvRecordVulnerabilities.osvId} = ANY(ARRAY(SELECT jsonb_array_elements_text(${json(osvIds)})))`)
  return rows.map((row) => ({ ...row, score: row.score === null ? null : Number(row.score) }))
}

const time = (date: Date | null): number => date?.getTime() ?? 0
const fromSeed = (row: RecordRow): number => (row.demo ? 1 : 0)

/** The most direct record first (its own CVE record, then aliases), real feeds before the demo catalogue, newest, by id. */
const byDirectness = (a: RecordRow, b: RecordRow): number =>
  b.relation - a.relation ||
  fromSeed(a) - fromSeed(b) ||
  time(b.modifiedAt) - time(a.modifiedAt) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

interface Affected {
  component: SbomComponent
  version: string
  fixed: string | null
}

const componentName = (component: SbomComponent): string =>
  component.group === null ? component.name : `${component.group}/${component.name}`

/** "Upgrade lodash to 4.17.21." per package; the affected versions are named when they need different fixes. */
function recommendation(affected: Affected[]): string | null {
  const fixes = new Map<string, Map<string, Set<string>>>()
  for (const item of affected) {
    if (item.fixed === null) continue
    const name = componentName(item.component)
    const byFix = fixes.get(name) ?? new Map<string, Set<string>>()
    byFix.set(item.fixed, (byFix.get(item.fixed) ?? new Set()).add(item.version))
    fixes.set(name, byFix)
  }
  const sentences = [...fixes].flatMap(([name, byFix]) =>
    byFix.size === 1
      ? [`Upgrade ${name} to ${[...byFix.keys()][0]!}.`]
      : [...byFix].map(([fixed, versions]) => `Upgrade ${name} ${[...versions].join(', ')} to ${fixed}.`)
  )
  return sentences.length === 0 ? null : sentences.join(' ')
}

/** One mark per fixed version the feed names for the matched components (the Fixed Version column). */
const fixedVersionMarks = (affected: Iterable<Affected>): SbomProperty[] =>
  [...new Set([...affected].flatMap((item) => (item.fixed === null ? [] : [item.fixed])))].map((value) => ({
    name: FIXED_VERSION_PROPERTY,
    value
  }))

/** A vulnerability as the console adds it, from the records that speak for it (most direct first). */
function feedVulnerability(id: string, records: RecordRow[], affected: Map<string, Affected>): SbomVulnerability {
  const primary = records[0]!
  const url = primary.demo ? null : osvUrl(primary.id)
  const described = records.find((row) => row.summary !== '')
  const detailed = records.find((row) => row.details !== '')
  const scored = records.find((row) => row.vector !== null && row.score !== null) ?? records.find((row) => row.score !== null)
  const ratings: SbomRating[] =
    scored === undefined
      ? []
      : [
          {
            severity: cvssSeverity(scored.score!),
            method: cvssMethod(scored.vector),
            score: scored.score,
            vector: scored.vector,
            source: { name: 'OSV', url: scored.demo ? null : osvUrl(scored.id) }
          }
        ]
  const advisories = new Map<string, { title: string | null; url: string }>()
  for (const row of records)
    for (const link of row.links) if (!advisories.has(link.url)) advisories.set(link.url, { title: null, url: link.url })
  const published = records.map((row) => time(row.publishedAt)).filter((t) => t > 0)
  const updated = records.map((row) => time(row.modifiedAt)).filter((t) => t > 0)
  return {
    id,
    'bom-ref': null,
    source: { name: 'OSV', url },
    ratings,
    affects: [...affected.keys()].map((ref) => ({ ref })),
    description: described?.summary ?? null,
    detail: detailed?.details ?? null,
    recommendation: recommendation([...affected.values()]),
    advisories: [...advisories.values()],
    published: published.length === 0 ? null : new Date(Math.min(...published)).toISOString(),
    updated: updated.length === 0 ? null : new Date(Math.max(...updated)).toISOString(),
    cwes: [...new Set(records.flatMap((row) => row.cwes))].sort((a, b) => a - b),
    // The feed says what is vulnerable, never whether this product is affected.
    analysis: null,
    properties: [
      { name: SOURCE_PROPERTY, value: FEED_SOURCE },
      ...fixedVersionMarks(affected.values()),
      // Only the demo catalogue says so: the console labels it "Demo data".
      ...(records.every((row) => row.demo) ? [{ name: DEMO_PROPERTY, value: 'true' }] : [])
    ]
  }
}

/**
 * Analyses a normalised SBOM against the feed, in place: an earlier analysis is removed first,
 * then every match is added (new vulnerabilities after the SBOM's own, by id) or merged into the
 * SBOM's own entry of the same vulnerability (same id, or an id or alias of a matching record):
 * that entry keeps all of its data and gains only the affected components it did not list.
 * Components without a bom-ref cannot be referenced by `affects` and are not checked.
 */
export async function analyseSbom(db: Db, document: SbomDocument, options: AnalyseOptions = {}): Promise<FeedAnalysis> {
  return await analyseSbomWith(
    { affected: affectedLookupOf(db), records: async (ids) => await recordsOf(db, ids) },
    document,
    options
  )
}

/**
 * What the analysis reads from the database. A worker thread has no database: its source asks the
 * main thread, in chunks of `chunk` ids or pairs, so no single query holds the server up for long.
 */
export interface FeedSource {
  affected: AffectedLookup
  records: (osvIds: string[]) => Promise<RecordRow[]>
  chunk?: number
}

/** analyseSbom with any source of feed data. */
export async function analyseSbomWith(
  source: FeedSource,
  document: SbomDocument,
  options: AnalyseOptions = {}
): Promise<FeedAnalysis> {
  removeFeedAnalysis(document)
  type Query = FeedPackage & { ref: string; component: SbomComponent }
  const names = new Set<string>()
  const ecosystems = new Set<string>()
  let checked = 0
  const chunk = source.chunk ?? Infinity
  // Matched a batch of components at a time, keeping only the components with hits (in document
  // order): a 900,000-component SBOM never holds all its lookups at once. Each component's hits
  // depend on itself alone, so batching changes nothing in the result.
  const hits = new Map<Query, FeedHit[]>()
  const components = document.components
  for (let from = 0; from < components.length; from += ANALYSIS_BATCH) {
    const queries: Query[] = []
    for (const component of components.slice(from, from + ANALYSIS_BATCH)) {
      const ref = component['bom-ref']
      if (ref === null || component.purl === null) continue
      const pkg = componentFeedPackage(component)
      if (pkg === null) continue
      // Past the limit the list is not stored (listedPackages): only that it is too long matters.
      if (names.size <= LISTED_PACKAGES_MAX) names.add(pkg.name)
      ecosystems.add(pkg.ecosystem)
      queries.push({ ...pkg, ref, component })
    }
    checked += queries.length
    const found = await feedHitsWith(source.affected, queries, { demo: options.demo === true }, chunk)
    for (const pkg of queries) {
      const list = found.get(pkg)
      if (list !== undefined) hits.set(pkg, list)
    }
  }
  const analysis: FeedAnalysis = {
    checked,
    vulnerabilities: 0,
    affects: 0,
    packages: [...names].sort(),
    ecosystems: [...ecosystems].sort()
  }
  if (hits.size === 0) return analysis

  const osvIds = [...new Set([...hits.values()].flatMap((list) => list.map((hit) => hit.osvId)))]
  const recordsById = new Map<string, RecordRow[]>()
  for (let from = 0; from < osvIds.length; from += chunk) {
    for (const row of await source.records(osvIds.slice(from, from + chunk)))
      recordsById.set(row.id, [...(recordsById.get(row.id) ?? []), row])
  }

  /** vulnerability id → the records speaking for it, and the affected components by ref. */
  const found = new Map<string, { records: RecordRow[]; affected: Map<string, Affected> }>()
  // Components in document order, so the affects (and everything after) come out the same every time.
  for (const [pkg, list] of hits) {
    for (const hit of [...list].sort((a: FeedHit, b: FeedHit) => (a.osvId < b.osvId ? -1 : 1))) {
      for (const row of recordsById.get(hit.osvId) ?? []) {
        const entry = found.get(row.vulnerabilityId) ?? { records: [] as RecordRow[], affected: new Map<string, Affected>() }
        if (!entry.records.some((r) => r.id === row.id)) entry.records.push(row)
        const seen = entry.affected.get(pkg.ref)
        if (seen === undefined) entry.affected.set(pkg.ref, { component: pkg.component, version: pkg.version, fixed: hit.fixed })
        else seen.fixed ??= hit.fixed
        found.set(row.vulnerabilityId, entry)
      }
    }
  }

  const own = new Map<string, SbomVulnerability>()
  for (const vulnerability of document.vulnerabilities) {
    if (vulnerability.id !== null && !own.has(vulnerability.id)) own.set(vulnerability.id, vulnerability)
  }
  const added: SbomVulnerability[] = []
  for (const [id, { records, affected }] of found) {
    records.sort(byDirectness)
    const listed = [id, ...records.flatMap((row) => [row.id, ...row.aliases])]
      .map((name) => own.get(name))
      .find((v) => v !== undefined)
    if (listed === undefined) {
      added.push(feedVulnerability(id, records, affected))
      continue
    }
    const refs = new Set(listed.affects.map((affect) => affect.ref))
    for (const ref of affected.keys()) {
      if (refs.has(ref)) continue
      refs.add(ref)
      listed.affects.push({ ref })
      listed.properties.push({ name: ADDED_AFFECT_PROPERTY, value: ref })
      analysis.affects++
    }
    // The SBOM's own entry keeps its data; the feed's fix for the components it matched is a mark beside it.
    listed.properties.push(...fixedVersionMarks(affected.values()))
  }
  added.sort((a, b) => (a.id! < b.id! ? -1 : a.id! > b.id! ? 1 : 0))
  document.vulnerabilities.push(...added)
  analysis.vulnerabilities = added.length
  return analysis
}
