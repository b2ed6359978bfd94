import { severityScore } from './cvss.js'
import { ecosystemKey, feedPackageName } from './ecosystems.js'

/**
 * OSV records (https://ossf.github.io/osv-schema/) as the console stores them: the text, the CVSS
 * score of its vector, the affected packages it can match, and the CVE rows it speaks for.
 */

export interface OsvRange {
  type: 'ECOSYSTEM' | 'SEMVER'
  events: Array<Record<string, string>>
}

export interface AffectedEntry {
  /** ecosystemKey() of the OSV ecosystem. */
  ecosystem: string
  /** feedPackageName() of the record's name. */
  packageName: string
  ranges: OsvRange[]
  versions: string[]
}

/** 2: the record is that CVE's own; 1: via aliases/upstream; 0: listed as related by an advisory. */
export type Relation = 0 | 1 | 2

/** A record's text and score: what every reader of the stored records (a CVE's row, an SBOM's findings) shows. */
export interface OsvRecordText {
  id: string
  summary: string
  details: string
  score: number | null
  vector: string | null
  /** `aliases` and `upstream` as published. */
  aliases: string[]
}

/** Where a stored record came from: its feed, and whether it is the demo catalogue's (docs/adr/0003). */
export interface RecordOrigin {
  source: string
  demo: boolean
}

export interface OsvRecord extends OsvRecordText {
  /** `references[]` with an http(s) URL, in order, each URL once. */
  links: Array<{ type: string; url: string }>
  /** CWE numbers of `database_specific.cwe_ids` ("CWE-1321" → 1321). */
  cwes: number[]
  publishedAt: Date | null
  modifiedAt: Date | null
  withdrawnAt: Date | null
  affected: AffectedEntry[]
  cves: Array<{ cveId: string; relation: Relation }>
}

export class OsvFormatError extends Error {
  override name = 'OsvFormatError'
}

export const CVE_ID = /^CVE-\d{4}-\d{4,}$/
/** CVE-2024-1, DEBIAN-CVE-2024-1, UBUNTU-CVE-2024-1, ALPINE-CVE-2024-1: one CVE's own record. */
const OWN_CVE = /^(?:[A-Z]+-)?(CVE-\d{4}-\d{4,})$/
const RANGE_TYPES = new Set(['ECOSYSTEM', 'SEMVER'])
const EVENT_KINDS = ['introduced', 'fixed', 'last_affected', 'limit']
const MAX_ID = 200

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
/** PostgreSQL text cannot hold NUL characters: they are dropped rather than failing a batch. */
const text = (value: unknown): string => (typeof value === 'string' ? value.replaceAll('\u0000', '').trim() : '')
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(text).filter((item) => item !== '') : [])
/** Longer names cannot be indexed (and are no package names): such an entry is dropped. */
const MAX_NAME = 500
const date = (value: unknown): Date | null => {
  if (typeof value !== 'string') return null
  const parsed = new Date(value)
  return Number.isNaN(parsed.getTime()) ? null : parsed
}

/**
 * Which CVE rows a record speaks for: itself when its id is a CVE's own; the CVE ids among its
 * `aliases` and `upstream`; failing both, the CVE ids its `related` lists (older Debian
 * advisories and USNs name their CVEs only there); failing everything, its own id.
 */
export function cvesOf(id: string, aliases: string[], related: string[]): Array<{ cveId: string; relation: Relation }> {
  const found = new Map<string, Relation>()
  const own = OWN_CVE.exec(id)?.[1]
  if (own !== undefined) found.set(own, 2)
  for (const alias of aliases) if (CVE_ID.test(alias) && !found.has(alias)) found.set(alias, 1)
  if (found.size === 0) for (const other of related) if (CVE_ID.test(other)) found.set(other, 0)
  if (found.size === 0) found.set(id, 2)
  return [...found].map(([cveId, relation]) => ({ cveId, relation }))
}

function affectedEntries(value: unknown): AffectedEntry[] {
  if (!Array.isArray(value)) return []
  const entries: AffectedEntry[] = []
  for (const item of value) {
    if (!isObject(item) || !isObject(item.package)) continue
    const ecosystem = text(item.package.ecosystem)
    const packageName = text(item.package.name)
    if (ecosystem === '' || packageName === '' || ecosystem.length > MAX_NAME || packageName.length > MAX_NAME) continue
    // A range with an event it cannot read is dropped whole: without its "fixed", it would say "every version".
    const ranges: OsvRange[] = (Array.isArray(item.ranges) ? item.ranges : [])
      .filter(
        (range): range is OsvRange =>
          isObject(range) &&
          RANGE_TYPES.has(range.type as string) &&
          Array.isArray(range.events) &&
          range.events.length > 0 &&
          range.events.every(
            (event: unknown) =>
              isObject(event) &&
              Object.keys(event).length === 1 &&
              EVENT_KINDS.includes(Object.keys(event)[0]!) &&
              typeof Object.values(event)[0] === 'string' &&
              !(Object.values(event)[0] as string).includes('\u0000')
          )
      )
      .map((range) => ({ type: range.type, events: range.events }))
    const versions = strings(item.versions)
    // Only GIT ranges (commit hashes) and no versions: nothing a package version can match.
    if (ranges.length === 0 && versions.length === 0) continue
    const key = ecosystemKey(ecosystem)
    entries.push({ ecosystem: key, packageName: feedPackageName(key, packageName), ranges, versions })
  }
  return entries
}

/** Web links only: a reference is shown as a link, and nothing but http(s) belongs in one. */
function links(value: unknown): OsvRecord['links'] {
  if (!Array.isArray(value)) return []
  const seen = new Set<string>()
  const out: OsvRecord['links'] = []
  for (const item of value) {
    if (!isObject(item)) continue
    const url = text(item.url)
    if (!/^https?:\/\/[^\s]+$/i.test(url) || url.length > 2000 || seen.has(url)) continue
    seen.add(url)
    out.push({ type: text(item.type), url })
  }
  return out
}

function cwes(databaseSpecific: unknown): number[] {
  if (!isObject(databaseSpecific) || !Array.isArray(databaseSpecific.cwe_ids)) return []
  const numbers = databaseSpecific.cwe_ids
    .map((id) => /^CWE-(\d{1,7})$/.exec(text(id))?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
  return [...new Set(numbers)]
}

/** One OSV object → OsvRecord; throws OsvFormatError when it is not an OSV record. */
export function parseOsvRecord(value: unknown): OsvRecord {
  if (!isObject(value)) throw new OsvFormatError('not a JSON object')
  const id = text(value.id)
  if (id === '') throw new OsvFormatError('no "id"')
  if (id.length > MAX_ID || /\s/.test(id)) throw new OsvFormatError(`"id" is not an OSV id: ${id.slice(0, 60)}`)
  if (value.affected !== undefined && value.affected !== null && !Array.isArray(value.affected)) {
    throw new OsvFormatError(`${id}: "affected" is not a list`)
  }
  const aliases = [...new Set([...strings(value.aliases), ...strings(value.upstream)])].filter((alias) => alias !== id)
  const severity = severityScore(value.severity)
  return {
    id,
    summary: text(value.summary),
    details: text(value.details),
    score: severity?.score ?? null,
    vector: severity?.vector ?? null,
    aliases,
    links: links(value.references),
    cwes: cwes(value.database_specific),
    publishedAt: date(value.published),
    modifiedAt: date(value.modified),
    withdrawnAt: date(value.withdrawn),
    affected: affectedEntries(value.affected),
    cves: cvesOf(id, aliases, strings(value.related))
  }
}

/**
 * The OSV objects of one JSON document: a single record, a list of records, or the osv.dev API
 * shape {"vulns": [...]}. Bad records inside a list come back as errors beside the good ones.
 */
export function parseOsvDocument(json: string): Array<OsvRecord | OsvFormatError> {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch (error) {
    throw new OsvFormatError(`not JSON: ${(error as Error).message}`)
  }
  const items = Array.isArray(parsed)
    ? parsed
    : isObject(parsed) && Array.isArray(parsed.vulns) && parsed.id === undefined
      ? parsed.vulns
      : [parsed]
  if (isObject(parsed) && parsed.id === undefined && !Array.isArray(parsed.vulns)) {
    throw new OsvFormatError('neither an OSV record (no "id") nor {"vulns": [...]}')
  }
  return items.map((item, index) => {
    try {
      return parseOsvRecord(item)
    } catch (error) {
      return new OsvFormatError(items.length > 1 ? `record ${index + 1}: ${(error as Error).message}` : (error as Error).message)
    }
  })
}
