import fs from 'node:fs'
import { gunzipSync } from 'node:zlib'

export type GeoLookup = (ip: string) => { asn?: string; country?: string } | undefined

/** "US" → "United States": Node ships full ICU, so no country table is needed. */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })

export function countryName(code: string): string | undefined {
  if (!/^[A-Za-z]{2}$/.test(code) || code.toUpperCase() === 'ZZ') return undefined
  try {
    return regionNames.of(code.toUpperCase())
  } catch {
    return undefined
  }
}

function ipv4(ip: string): number | undefined {
  const parts = ip.split('.')
  if (parts.length !== 4) return undefined
  let value = 0
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined
    value = value * 256 + Number(part)
  }
  return value
}

/**
 * A local IPv4 → ASN/country table in the iptoasn.com format (`ip2asn-v4.tsv`, optionally
 * gzipped): `range_start  range_end  AS_number  country_code  AS_description`, sorted by start.
 * Loaded once into typed arrays and searched by bisection. IPv6 addresses stay unknown.
 */
export function loadGeoTable(file: string): GeoLookup {
  const compressed = fs.readFileSync(file)
  const raw = file.endsWith('.gz') ? gunzipSync(compressed) : compressed
  const lines = raw.toString('utf8').split('\n')
  const starts: number[] = []
  const ends: number[] = []
  const asns: Array<string | undefined> = []
  const countries: Array<string | undefined> = []
  for (const line of lines) {
    const [start, end, asn, code, description] = line.split('\t')
    const from = start === undefined ? undefined : ipv4(start)
    const to = end === undefined ? undefined : ipv4(end)
    if (from === undefined || to === undefined || asn === undefined) continue
    starts.push(from)
    ends.push(to)
    asns.push(asn !== '0' && /^\d+$/.test(asn) ? `AS${asn}${description ? ` ${description.trim()}` : ''}` : undefined)
    countries.push(code === undefined ? undefined : countryName(code.trim()))
  }
  const startArray = Float64Array.from(starts)
  return (ip) => {
    const value = ipv4(ip)
    if (value === undefined) return undefined
    let low = 0
    let high = startArray.length - 1
    let found = -1
    while (low <= high) {
      const mid = (low + high) >> 1
      if (startArray[mid]! <= value) {
        found = mid
        low = mid + 1
      } else {
        high = mid - 1
      }
    }
    if (found < 0 || ends[found]! < value) return undefined
    const asn = asns[found]
    const country = countries[found]
    return { ...(asn === undefined ? {} : { asn }), ...(country === undefined ? {} : { country }) }
  }
}
