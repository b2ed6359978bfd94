import { createHash, randomUUID } from 'node:crypto'
import type { Db } from '../../db/client.js'
import { ipKey, isSpecialPurpose } from './ip-ranges.js'
import type { RangeWindow } from './landscape.js'
import { exportValues } from './value-counts.js'

/** The most indicators of each type one export carries (the most seen first). */
export const EXPORT_MAX_PER_TYPE = 20_000

/** `honeynet-indicators-7d-20261126T0415Z.csv`: what and when, safe as a file name. */
export const exportFileName = (window: RangeWindow, extension: string): string =>
  `honeynet-indicators-${window.range}-${new Date(window.now).toISOString().replace(/[-:]/g, '').slice(0, 13)}Z.${extension}`

export type IndicatorType = 'ipv4-addr' | 'ipv6-addr' | 'file-sha256' | 'url'

export interface Indicator {
  type: IndicatorType
  value: string
  /** Attacks (sessions) from an address, occurrences of a file, downloads of a URL, in the window. */
  sightings: number
}

/**
 * What a SOC can block from the window: the source addresses (public ones: a private address in a
 * honeypot's log is the honeypot's own network), the SHA-256 of files fetched or pushed, the URLs
 * downloaded. Most seen first.
 */
export async function honeypotIndicators(db: Db, window: RangeWindow): Promise<Indicator[]> {
  // At once: on PostgreSQL the small hash and URL lists are read while the addresses are summed.
  const [addresses, hashes, urls] = await Promise.all(
    (['src_ip', 'hash', 'url'] as const).map(
      async (kind) => await exportValues(db, kind, window.from, EXPORT_MAX_PER_TYPE, window.now)
    )
  )
  const out: Indicator[] = []
  for (const { value, count } of addresses) {
    const key = ipKey(value)
    if (key === undefined || isSpecialPurpose(key)) continue
    out.push({ type: key.v === 4 ? 'ipv4-addr' : 'ipv6-addr', value: value.trim(), sightings: count })
  }
  for (const { value, count } of hashes) out.push({ type: 'file-sha256', value, sightings: count })
  for (const { value, count } of urls) out.push({ type: 'url', value, sightings: count })
  return out
}

/**
 * One CSV field. Quoted when it holds a comma, quote or line break; a value a spreadsheet would
 * run as a formula (= + - @, tab, carriage return first) gets a leading apostrophe (OWASP CSV
 * injection): attacker URLs are attacker text.
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function indicatorsCsv(indicators: Indicator[]): string {
  const lines = ['type,value,sightings']
  for (const indicator of indicators) lines.push(`${indicator.type},${csvField(indicator.value)},${indicator.sightings}`)
  return `${lines.join('\r\n')}\r\n`
}

/** STIX 2.1 §2.9: SCO ids are UUIDv5 in this namespace over their ID-contributing properties. */
const SCO_NAMESPACE = '00abedb4-aa42-466c-9c01-fed23315a9b7'

const SCO_NAMESPACE_BYTES = Buffer.from(SCO_NAMESPACE.replace(/-/g, ''), 'hex')

function uuidV5(name: string, namespace: Buffer = SCO_NAMESPACE_BYTES): string {
  const hash = createHash('sha1').update(namespace).update(name, 'utf8').digest()
  hash[6] = (hash[6]! & 0x0f) | 0x50
  hash[8] = (hash[8]! & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** A STIX pattern string literal: backslash and quote escaped (STIX 2.1 patterning §9.2). */
const literal = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/** A JSON string literal. */
const json = (value: string): string => JSON.stringify(value)

/** What an indicator's bundle entry holds that depends on its value alone, as JSON text. */
interface ValueTexts {
  /** The observable object (deterministic id). */
  object: string
  /** The indicator's name and pattern, as JSON strings. */
  name: string
  pattern: string
}

function valueTexts(indicator: Indicator): ValueTexts {
  const name = json(`${NAMED[indicator.type]} ${indicator.value}`)
  if (indicator.type === 'file-sha256') {
    const hashes = `{"SHA-256":${json(indicator.value)}}`
    return {
      object: `{"type":"file","spec_version":"2.1","id":"file--${uuidV5(`{"hashes":${hashes}}`)}","hashes":${hashes}}`,
      name,
      pattern: json(`[file:hashes.'SHA-256' = ${literal(indicator.value)}]`)
    }
  }
  const type = indicator.type
  const value = json(indicator.value)
  return {
    object: `{"type":"${type}","spec_version":"2.1","id":"${type}--${uuidV5(`{"value":${value}}`)}","value":${value}}`,
    name,
    pattern: json(`[${type}:value = ${literal(indicator.value)}]`)
  }
}

/**
 * Value texts already written (a SHA-1 and three JSON encodings each were most of an export's
 * cost, and the same addresses come back export after export). Deterministic, so a remembered text
 * is the text; the map is emptied when it reaches the bound instead of growing with every address
 * ever exported (~300 bytes an entry).
 */
const VALUE_TEXTS_MAX = 30_000
const remembered = new Map<string, ValueTexts>()

function textsOf(indicator: Indicator): ValueTexts {
  const key = `${indicator.type} ${indicator.value}`
  let texts = remembered.get(key)
  if (texts === undefined) {
    if (remembered.size >= VALUE_TEXTS_MAX) remembered.clear()
    texts = valueTexts(indicator)
    remembered.set(key, texts)
  }
  return texts
}

const DESCRIBED: Record<IndicatorType, (n: number) => string> = {
  'ipv4-addr': (n) => `Source of ${n} attack${n === 1 ? '' : 's'} on the honeynet`,
  'ipv6-addr': (n) => `Source of ${n} attack${n === 1 ? '' : 's'} on the honeynet`,
  'file-sha256': (n) => `File dropped or fetched ${n} time${n === 1 ? '' : 's'} in honeynet sessions`,
  url: (n) => `Downloaded ${n} time${n === 1 ? '' : 's'} by attackers in honeynet sessions`
}

const NAMED: Record<IndicatorType, string> = {
  'ipv4-addr': 'Address',
  'ipv6-addr': 'Address',
  'file-sha256': 'SHA-256',
  url: 'URL'
}

/**
 * A STIX 2.1 bundle of the indicators as JSON text: the console's identity, then per indicator its
 * observable (deterministic id) and an Indicator with a STIX pattern, valid from the window's
 * start. Written as text, not built as objects and stringified: an export carries thousands of
 * indicators, and the parts every one shares are written once.
 */
export function indicatorsStixJson(indicators: Indicator[], window: RangeWindow): string {
  const now = new Date(window.now).toISOString()
  const identityId = `identity--${uuidV5('security-console-honeynet')}`
  const identity = JSON.stringify({
    type: 'identity',
    spec_version: '2.1',
    id: identityId,
    created: '2026-01-01T00:00:00.000Z',
    modified: '2026-01-01T00:00:00.000Z',
    name: 'Security console honeynet',
    identity_class: 'system'
  })
  const head = `","created_by_ref":"${identityId}","created":"${now}","modified":"${now}","name":`
  const tail = `,"indicator_types":["malicious-activity"],"pattern":`
  const end = `,"pattern_type":"stix","pattern_version":"2.1","valid_from":"${new Date(window.from).toISOString()}","labels":["honeynet"]}`
  const parts = [`{"type":"bundle","id":"bundle--${randomUUID()}","objects":[`, identity]
  for (const indicator of indicators) {
    const { object, name, pattern } = textsOf(indicator)
    // The description is ASCII but for the range, which is one of ours: no escaping needed.
    const description = `"${DESCRIBED[indicator.type](indicator.sightings)}, last ${window.range}."`
    parts.push(
      `,${object},{"type":"indicator","spec_version":"2.1","id":"indicator--${randomUUID()}${head}${name},"description":${description}${tail}${pattern}${end}`
    )
  }
  parts.push(']}')
  return parts.join('')
}
