/**
 * An independent model of the honeynet aggregates, computed straight from Cowrie JSON lines with
 * none of the API's code: what the routes answer must equal what this counts.
 */

type Line = Record<string, unknown>

export interface ModelEvent {
  eventid: string
  sessionKey: string
  ms: number
  srcIp: string
  input?: string
  shasum?: string
  url?: string
  username?: string
  password?: string
}

export interface ModelSession {
  key: string
  ms: number
  srcIp: string
  asn: string
  country: string
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** ISO 8601 with any number of fraction digits, to the millisecond (as the API keeps it). */
const millis = (timestamp: string): number => Date.parse(timestamp.replace(/(\.\d{3})\d+/, '$1'))

function asnOf(line: Line): string {
  const geo = (line.geoip ?? {}) as Line
  const number = geo.asn ?? line.asn
  const org = geo.as_org ?? line.as_org ?? line.asn_org
  if (number === undefined) return typeof org === 'string' ? org : 'unknown'
  const digits = String(number).replace(/^AS/i, '')
  return typeof org === 'string' ? `AS${digits} ${org}` : `AS${digits}`
}

const countryOf = (line: Line): string =>
  str(((line.geoip ?? {}) as Line).country_name) ?? str(line.country_name) ?? str(line.country) ?? 'unknown'

export class Model {
  readonly events: ModelEvent[] = []
  readonly sessions = new Map<string, ModelSession>()

  constructor(lines: string[]) {
    for (const text of lines) {
      const line = JSON.parse(text) as Line
      const sessionKey = `${str(line.sensor) ?? 'test-sensor'}/${str(line.session)}`
      const ms = millis(str(line.timestamp)!)
      const srcIp = str(line.src_ip) ?? 'unknown'
      this.events.push({
        eventid: str(line.eventid)!,
        sessionKey,
        ms,
        srcIp,
        ...(str(line.input) === undefined ? {} : { input: str(line.input)! }),
        ...(str(line.shasum) === undefined ? {} : { shasum: str(line.shasum)!.toLowerCase() }),
        ...(str(line.url) === undefined ? {} : { url: str(line.url)! }),
        ...(str(line.username) === undefined ? {} : { username: str(line.username)! }),
        ...(str(line.password) === undefined ? {} : { password: str(line.password)! })
      })
      const session = this.sessions.get(sessionKey)
      if (session === undefined || ms < session.ms) {
        this.sessions.set(sessionKey, { key: sessionKey, ms, srcIp, asn: asnOf(line), country: countryOf(line) })
      }
    }
  }

  sessionsIn(from: number, to = Infinity): ModelSession[] {
    return [...this.sessions.values()].filter((session) => session.ms >= from && session.ms < to)
  }

  eventsIn(from: number, to = Infinity): ModelEvent[] {
    return this.events.filter((event) => event.ms >= from && event.ms < to)
  }
}

/** Counts by value, most first, ties in byte order (the API's `COLLATE "C"`). */
export function ranked(values: string[], limit = 10): Array<{ value: string; count: number }> {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || Buffer.compare(Buffer.from(a.value), Buffer.from(b.value)))
    .slice(0, limit)
}
