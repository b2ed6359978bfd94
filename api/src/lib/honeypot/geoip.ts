import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { ipKey, isSpecialPurpose, RangeTableBuilder, wordsOfDecimal, type RangeTable } from './ip-ranges.js'

export type GeoLookup = (ip: string) => { asn?: string; country?: string } | undefined

/** "US" → "United States": Node ships full ICU, so no country table is needed. */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })

const countryNames = new Map<string, string | undefined>()

export function countryName(code: string): string | undefined {
  let name = countryNames.get(code)
  if (name !== undefined || countryNames.has(code)) return name
  if (/^[A-Za-z]{2}$/.test(code) && code.toUpperCase() !== 'ZZ') {
    try {
      name = regionNames.of(code.toUpperCase())
    } catch {
      name = undefined
    }
  }
  // Bounded: two-letter codes only ever reach ICU; anything else is cached as unknown once per value.
  if (countryNames.size < 2000) countryNames.set(code, name)
  return name
}

/** The console's ASN label, as formatAsn writes the sensors' enrichment: "AS13335 Cloudflare, Inc.". */
const asnLabel = (number: string, name: string | undefined): string | undefined =>
  /^\d+$/.test(number) && Number(number) !== 0 ? `AS${number}${name ? ` ${name}` : ''}` : undefined

/** Addresses remembered per lookup function: a session's events (and a busy attacker's sessions) share one. */
const REMEMBERED = 10_000

function lookupIn(asns: RangeTable | undefined, countries: RangeTable | undefined): GeoLookup {
  const remembered = new Map<string, ReturnType<GeoLookup>>()
  const search: GeoLookup = (ip) => {
    const key = ipKey(ip)
    if (key === undefined || isSpecialPurpose(key)) return undefined
    const asn = asns?.lookup(key)
    const country = countries?.lookup(key)
    if (asn === undefined && country === undefined) return undefined
    return { ...(asn === undefined ? {} : { asn }), ...(country === undefined ? {} : { country }) }
  }
  return (ip) => {
    if (remembered.has(ip)) return remembered.get(ip)
    const found = search(ip)
    if (remembered.size >= REMEMBERED) remembered.clear()
    remembered.set(ip, found)
    return found
  }
}

/**
 * A local table in the iptoasn.com format (`ip2asn-v4.tsv`, `ip2asn-v6.tsv` or `ip2asn-combined.tsv`,
 * optionally gzipped): `range_start  range_end  AS_number  country_code  AS_description`, sorted by
 * start. Loaded once into typed arrays and searched by bisection. Ranges the table marks as not
 * routed (AS 0, country None) answer nothing.
 */
export function loadGeoTable(file: string): GeoLookup {
  const compressed = fs.readFileSync(file)
  const raw = file.endsWith('.gz') ? gunzipSync(compressed) : compressed
  const asns = new RangeTableBuilder()
  const countries = new RangeTableBuilder()
  for (const line of raw.toString('utf8').split('\n')) {
    const [start, end, asn, code, description] = line.split('\t')
    if (start === undefined || end === undefined || asn === undefined) continue
    const from = ipKey(start)
    const to = ipKey(end)
    if (from === undefined || to === undefined) continue
    const label = asnLabel(asn, description?.trim())
    if (label !== undefined) asns.add(from, to, label)
    const country = code === undefined ? undefined : countryName(code.trim())
    if (country !== undefined) countries.add(from, to, country)
  }
  return lookupIn(asns.build(), countries.build())
}

/** `a,b,c,rest`: the first fields never hold a comma; the last may be quoted ("Cloudflare, Inc."). */
function csvFields(line: string, count: number): string[] | undefined {
  const fields: string[] = []
  let start = 0
  for (let i = 0; i < count - 1; i++) {
    const comma = line.indexOf(',', start)
    if (comma < 0) return undefined
    fields.push(line.slice(start, comma))
    start = comma + 1
  }
  let last = line.slice(start).replace(/\r$/, '')
  if (last.startsWith('"') && last.endsWith('"') && last.length >= 2) last = last.slice(1, -1).replace(/""/g, '"')
  fields.push(last)
  return fields
}

/** Reads one ip-location-db CSV (numeric IPv4 or textual IPv6 ranges) into a builder. */
function readCsv(file: string, columns: number, add: (fields: string[]) => void): void {
  const text = fs.readFileSync(file, 'utf8')
  let start = 0
  while (start < text.length) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    const fields = csvFields(text.slice(start, end), columns)
    if (fields !== undefined) add(fields)
    start = end + 1
  }
}

export interface PackagedTables {
  asns: RangeTable
  countries: RangeTable
  versions: { asn: string; country: string }
}

const require = createRequire(import.meta.url)
const packageDir = (name: string): string => path.dirname(require.resolve(`${name}/package.json`))
const packageVersion = (dir: string): string =>
  (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version

/**
 * The IP database the API ships with: `@ip-location-db/asn` (RouteViews, the five RIRs and DB-IP,
 * CC BY 4.0) for the ASN and its organisation, `@ip-location-db/geo-whois-asn-country` (GeoFeed,
 * WHOIS and RIR data, NRO CC BY 4.0) for the country; IPv4 and IPv6. Refreshing the data is
 * updating those packages. Synchronous: ip-database.ts runs it in a worker thread.
 */
export function loadPackagedTables(): PackagedTables {
  const asnDir = packageDir('@ip-location-db/asn')
  const countryDir = packageDir('@ip-location-db/geo-whois-asn-country')
  const asns = new RangeTableBuilder()
  const countries = new RangeTableBuilder()
  readCsv(path.join(asnDir, 'asn-ipv4-num.csv'), 4, ([start, end, asn, name]) => {
    const label = asnLabel(asn!, name?.trim())
    if (label !== undefined) asns.addV4(Number(start), Number(end), label)
  })
  readCsv(path.join(asnDir, 'asn-ipv6-num.csv'), 4, ([start, end, asn, name]) => {
    const label = asnLabel(asn!, name?.trim())
    if (label !== undefined) asns.addV6(wordsOfDecimal(start!), wordsOfDecimal(end!), label)
  })
  readCsv(path.join(countryDir, 'geo-whois-asn-country-ipv4-num.csv'), 3, ([start, end, code]) => {
    const country = countryName(code!)
    if (country !== undefined) countries.addV4(Number(start), Number(end), country)
  })
  readCsv(path.join(countryDir, 'geo-whois-asn-country-ipv6-num.csv'), 3, ([start, end, code]) => {
    const country = countryName(code!)
    if (country !== undefined) countries.addV6(wordsOfDecimal(start!), wordsOfDecimal(end!), country)
  })
  return {
    asns: asns.build(),
    countries: countries.build(),
    versions: { asn: packageVersion(asnDir), country: packageVersion(countryDir) }
  }
}

/** A lookup over loaded tables. */
export const tablesLookup = (tables: Pick<PackagedTables, 'asns' | 'countries'>): GeoLookup =>
  lookupIn(tables.asns, tables.countries)
