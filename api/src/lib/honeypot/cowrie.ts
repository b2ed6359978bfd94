import { hash } from 'node:crypto'
import { parseTimestamp } from '../timestamps.js'
import type { GeoLookup } from './geoip.js'

/** A Cowrie event reduced to what the honeynet keeps, ready to store. */
export interface HoneypotEvent {
  /** Digest of the identifying fields: the same event sent twice has the same key. */
  key: string
  ts: Date
  eventid: string
  sessionKey: string
  srcIp: string
  sensor: string
  input: string | null
  shasum: string | null
  url: string | null
  /** Of a login event: the credentials tried (a password may be ''). */
  username: string | null
  password: string | null
  /** The sensor key that sent it; null for the demo history. */
  sensorKeyId: string | null
  asn: string
  country: string
}

export const UNKNOWN = 'unknown'
export const COMMAND_EVENT = 'cowrie.command.input'
export const DOWNLOAD_EVENT = 'cowrie.session.file_download'
/** Login attempts: the top usernames and passwords count both. */
export const LOGIN_EVENTS = new Set(['cowrie.login.failed', 'cowrie.login.success'])
/** Events whose `shasum` is a file the attacker fetched or pushed. */
export const FILE_EVENTS = new Set(['cowrie.session.file_download', 'cowrie.session.file_upload'])

/** Accepted up to this far ahead of the server clock (sensor clock skew). */
const MAX_FUTURE_MS = 60 * 60 * 1000
const MAX_FIELD = 16 * 1024

export class EventError extends Error {
  override name = 'EventError'
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Cowrie writes the SHA-256 of a downloaded or uploaded file (and of the TTY log). */
const SHA256 = /^[0-9a-fA-F]{64}$/

function optionalString(event: Json, name: string): string | null {
  const value = event[name]
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') throw new EventError(`"${name}" must be a string`)
  if (value.length > MAX_FIELD) throw new EventError(`"${name}" is longer than ${MAX_FIELD} characters`)
  return value
}

function requiredString(event: Json, name: string): string {
  const value = optionalString(event, name)
  if (value === null || value.trim() === '') throw new EventError(`"${name}" is required`)
  return value
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : undefined

/** "AS14061 DigitalOcean, LLC" from a number or "AS14061" plus an organisation name. */
export function formatAsn(asn: unknown, org: unknown): string | undefined {
  const raw = text(asn)
  const name = text(org)
  if (raw === undefined) return name
  const number = raw.replace(/^AS/i, '')
  if (!/^\d+$/.test(number) || number === '0') return name
  return name === undefined ? `AS${number}` : `AS${number} ${name}`
}

/**
 * Control characters (C0, DEL, C1), bidirectional overrides and isolates, and the brackets of
 * markup. Country and ASN names are drawn as chart labels, which ApexCharts writes as HTML; no real
 * place or network name holds one of these.
 */
const UNSAFE_NAME = /[\p{Cc}\u202a-\u202e\u2066-\u2069<>]/u
const ENRICHMENT_FIELDS = ['asn', 'as_org', 'asn_org', 'country_name', 'country'] as const

/**
 * The line is refused, not cleaned (ASVS 5.0 1.3.x, 2.2.1): a sensor that sends markup as a
 * country is broken or hostile, and a cleaned name would be a name it never sent.
 */
function checkNames(event: Json, geo: Json): void {
  for (const [source, prefix] of [
    [geo, 'geoip.'],
    [event, '']
  ] as const) {
    for (const field of ENRICHMENT_FIELDS) {
      const value = source[field]
      if (typeof value === 'string' && UNSAFE_NAME.test(value)) {
        throw new EventError(`"${prefix}${field}" must not contain markup (< or >) or control characters`)
      }
    }
  }
}

/**
 * The enrichment a sensor pipeline adds (Cowrie itself has none): T-Pot style `geoip.asn`,
 * `geoip.as_org`, `geoip.country_name`, or the same names at the top level.
 */
function enrichment(event: Json): { asn?: string; country?: string } {
  const geo = isObject(event.geoip) ? event.geoip : {}
  checkNames(event, geo)
  const asn = formatAsn(geo.asn ?? event.asn, geo.as_org ?? event.as_org ?? event.asn_org)
  const country = text(geo.country_name) ?? text(event.country_name) ?? text(event.country)
  return { ...(asn === undefined ? {} : { asn }), ...(country === undefined ? {} : { country }) }
}

/** Whether a line lacks an ASN or a country of its own, so normalizeEvent will look its address up. */
export function needsLookup(value: unknown): boolean {
  if (!isObject(value)) return false
  try {
    const enriched = enrichment(value)
    return enriched.asn === undefined || enriched.country === undefined
  } catch {
    return false // refused by normalizeEvent anyway
  }
}

export function eventKey(parts: Array<string | null>): string {
  // One-shot hash(): the same digest as createHash(), without a Hash object per event.
  const hex = hash('sha256', JSON.stringify(parts), 'hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

export interface NormalizeOptions {
  /** Used when an event names no sensor: the name of the key that sent it. */
  defaultSensor: string
  now: number
  /** Events older than this (the retention) are refused: they would be pruned at once. */
  oldestMs: number
  geo: GeoLookup | null
  /** The id of the sensor key the line came with. */
  sensorKeyId?: string | null
}

/**
 * One parsed JSON line to a stored event, or an EventError saying what is wrong with it. The
 * caller has already refused NUL, unpaired surrogates and duplicate keys anywhere in the line.
 */
export function normalizeEvent(value: unknown, options: NormalizeOptions): HoneypotEvent {
  if (!isObject(value)) throw new EventError('expected one JSON object per line')
  const eventid = requiredString(value, 'eventid')
  const session = requiredString(value, 'session')
  const timestamp = requiredString(value, 'timestamp')
  const ms = parseTimestamp(timestamp)?.getTime()
  if (ms === undefined) throw new EventError('"timestamp" is not an ISO 8601 date-time')
  if (ms > options.now + MAX_FUTURE_MS) throw new EventError('"timestamp" is in the future')
  if (ms < options.oldestMs) throw new EventError('"timestamp" is older than the retention period')
  const srcIp = optionalString(value, 'src_ip') ?? UNKNOWN
  const sensor = optionalString(value, 'sensor') ?? options.defaultSensor
  const input = optionalString(value, 'input')
  const shasum = optionalString(value, 'shasum')?.toLowerCase() ?? null
  // The top hashes list and its links assume a SHA-256: anything else is not a file hash.
  if (shasum !== null && !SHA256.test(shasum)) throw new EventError('"shasum" must be a SHA-256: 64 hexadecimal characters')
  const url = optionalString(value, 'url')
  const username = optionalString(value, 'username')
  const password = optionalString(value, 'password')
  const enriched = enrichment(value)
  const looked = enriched.asn === undefined || enriched.country === undefined ? options.geo?.(srcIp) : undefined
  return {
    key: eventKey([sensor, session, eventid, timestamp, input, shasum, url, username, password]),
    ts: new Date(ms),
    eventid,
    sessionKey: `${sensor}/${session}`,
    srcIp,
    sensor,
    input,
    shasum,
    url,
    username,
    password,
    sensorKeyId: options.sensorKeyId ?? null,
    asn: enriched.asn ?? looked?.asn ?? UNKNOWN,
    country: enriched.country ?? looked?.country ?? UNKNOWN
  }
}
