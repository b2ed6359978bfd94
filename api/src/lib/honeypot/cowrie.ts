import { createHash } from 'node:crypto'
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
  asn: string
  country: string
}

export const UNKNOWN = 'unknown'
export const COMMAND_EVENT = 'cowrie.command.input'
/** Events whose `shasum` is a file the attacker fetched or pushed. */
export const FILE_EVENTS = new Set(['cowrie.session.file_download', 'cowrie.session.file_upload'])

/** Accepted up to this far ahead of the server clock (sensor clock skew). */
const MAX_FUTURE_MS = 60 * 60 * 1000
const MAX_FIELD = 16 * 1024

export class EventError extends Error {
  override name = 'EventError'
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** PostgreSQL text cannot hold NUL; attackers do send it. */
const clean = (value: string): string => value.includes('\u0000') ? value.replaceAll('\u0000', '') : value

function optionalString (event: Json, name: string): string | null {
  const value = event[name]
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') throw new EventError(`"${name}" must be a string`)
  if (value.length > MAX_FIELD) throw new EventError(`"${name}" is longer than ${MAX_FIELD} characters`)
  return clean(value)
}

function requiredString (event: Json, name: string): string {
  const value = optionalString(event, name)
  if (value === null || value.trim() === '') throw new EventError(`"${name}" is required`)
  return value
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? clean(value.trim()) : typeof value === 'number' ? String(value) : undefined

/** "AS14061 DigitalOcean, LLC" from a number or "AS14061" plus an organisation name. */
export function formatAsn (asn: unknown, org: unknown): string | undefined {
  const raw = text(asn)
  const name = text(org)
  if (raw === undefined) return name
  const number = raw.replace(/^AS/i, '')
  if (!/^\d+$/.test(number) || number === '0') return name
  return name === undefined ? `AS${number}` : `AS${number} ${name}`
}

/**
 * The enrichment a sensor pipeline adds (Cowrie itself has none): T-Pot style `geoip.asn`,
 * `geoip.as_org`, `geoip.country_name`, or the same names at the top level.
 */
function enrichment (event: Json): { asn?: string, country?: string } {
  const geo = isObject(event.geoip) ? event.geoip : {}
  const asn = formatAsn(geo.asn ?? event.asn, geo.as_org ?? event.as_org ?? event.asn_org)
  const country = text(geo.country_name) ?? text(event.country_name) ?? text(event.country)
  return { ...(asn === undefined ? {} : { asn }), ...(country === undefined ? {} : { country }) }
}

export function eventKey (parts: Array<string | null>): string {
  const hex = createHash('sha256').update(JSON.stringify(parts)).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

export interface NormalizeOptions {
  /** Used when an event names no sensor: the name of the key that sent it. */
  defaultSensor: string
  now: number
  /** Events older than this (the retention) are refused: they would be pruned at once. */
  oldestMs: number
  geo: GeoLookup | null
}

/** One parsed JSON line to a stored event, or an EventError saying what is wrong with it. */
export function normalizeEvent (value: unknown, options: NormalizeOptions): HoneypotEvent {
  if (!isObject(value)) throw new EventError('expected one JSON object per line')
  const eventid = requiredString(value, 'eventid')
  const session = requiredString(value, 'session')
  const timestamp = requiredString(value, 'timestamp')
  const ms = Date.parse(timestamp)
  if (Number.isNaN(ms)) throw new EventError('"timestamp" is not an ISO 8601 date-time')
  if (ms > options.now + MAX_FUTURE_MS) throw new EventError('"timestamp" is in the future')
  if (ms < options.oldestMs) throw new EventError('"timestamp" is older than the retention period')
  const srcIp = optionalString(value, 'src_ip') ?? UNKNOWN
  const sensor = optionalString(value, 'sensor') ?? options.defaultSensor
  const input = optionalString(value, 'input')
  const shasum = optionalString(value, 'shasum')?.toLowerCase() ?? null
  const url = optionalString(value, 'url')
  const enriched = enrichment(value)
  const looked = enriched.asn === undefined || enriched.country === undefined ? options.geo?.(srcIp) : undefined
  return {
    key: eventKey([sensor, session, eventid, timestamp, input, shasum, url, optionalString(value, 'username'), optionalString(value, 'password')]),
    ts: new Date(ms),
    eventid,
    sessionKey: `${sensor}/${session}`,
    srcIp,
    sensor,
    input,
    shasum,
    url,
    asn: enriched.asn ?? looked?.asn ?? UNKNOWN,
    country: enriched.country ?? looked?.country ?? UNKNOWN
  }
}
