import type { HoneypotOrigins, HoneypotRange, HoneypotShare, HoneypotTopLists, HoneypotTrend } from '@console/contracts'
import type { Db } from '../../db/client.js'
import { UNKNOWN } from './cowrie.js'
import { countOf, sessionsPerBucket, topValues } from './counts.js'
import { DAY_MS, dayOf, HOUR_MS, hourOf, RANGE_MS } from './window.js'

/** The Threat Landscape's time range when none is chosen: that of the spec's top lists. */
export const DEFAULT_RANGE: HoneypotRange = '14d'
export const TOP_LIMIT = 10

export interface RangeWindow {
  range: HoneypotRange
  from: number
  now: number
}

export const rangeWindow = (range: HoneypotRange = DEFAULT_RANGE, now: number = Date.now()): RangeWindow => ({
  range,
  from: now - RANGE_MS[range],
  now
})

export const windowFields = ({ range, from, now }: RangeWindow) => ({
  range,
  from: new Date(from).toISOString(),
  to: new Date(now).toISOString()
})

/**
 * Attacks per hour (24h, 7d) or per UTC day (14d, 30d), beside the same buckets one window length
 * earlier. The points add up to `total`; events stamped up to an hour ahead (sensor clock skew)
 * count in the last point, as they count in the totals.
 */
export async function honeypotTrend(db: Db, window: RangeWindow, retentionDays: number): Promise<HoneypotTrend> {
  const { from, now } = window
  const length = RANGE_MS[window.range]
  const bucket = length <= 7 * DAY_MS ? 'hour' : 'day'
  const size = bucket === 'hour' ? HOUR_MS : DAY_MS
  const floor = bucket === 'hour' ? hourOf : dayOf
  const first = floor(from)
  const points = Array.from({ length: (floor(now) - first) / size + 1 }, (_, i) => ({
    start: new Date(first + i * size).toISOString(),
    count: 0,
    previous: 0
  }))
  const place = (ms: number) => Math.min(points.length - 1, Math.max(0, Math.floor((ms - first) / size)))
  for (const row of await sessionsPerBucket(db, from, null, bucket)) points[place(row.bucket)]!.count += row.count
  for (const row of await sessionsPerBucket(db, from - length, from, bucket)) {
    points[place(row.bucket + length)]!.previous += row.count
  }
  return {
    ...windowFields(window),
    bucket,
    total: points.reduce((sum, point) => sum + point.count, 0),
    previous_total: points.reduce((sum, point) => sum + point.previous, 0),
    previous_complete: from - length >= now - retentionDays * DAY_MS,
    points
  }
}

/** Top 10 known values, the rest as `other`, `unknown` apart: shares of every attack in the window. */
async function share(db: Db, kind: 'country' | 'asn', window: RangeWindow, total: number): Promise<HoneypotShare> {
  const [rows, unknown] = await Promise.all([
    topValues(db, kind, window.from, null, { limit: TOP_LIMIT, exclude: UNKNOWN }),
    countOf(db, kind, window.from, null, UNKNOWN)
  ])
  const ranked = rows.reduce((sum, row) => sum + row.count, 0)
  return { total, rows, other: total - ranked - unknown, unknown }
}

export async function honeypotOrigins(db: Db, window: RangeWindow): Promise<HoneypotOrigins> {
  // Independent reads in parallel, as in metrics.ts.
  const total = await countOf(db, 'sessions', window.from, null)
  const [countries, asns] = await Promise.all([share(db, 'country', window, total), share(db, 'asn', window, total)])
  return { ...windowFields(window), countries, asns }
}

export async function honeypotTopLists(db: Db, window: RangeWindow): Promise<HoneypotTopLists> {
  const top = async (kind: 'src_ip' | 'username' | 'password' | 'url') =>
    // A session without src_ip reads "unknown": not an address to rank.
    await topValues(db, kind, window.from, null, { limit: TOP_LIMIT, ...(kind === 'src_ip' ? { exclude: UNKNOWN } : {}) })
  const [sourceIps, usernames, passwords, urls] = await Promise.all([top('src_ip'), top('username'), top('password'), top('url')])
  return { ...windowFields(window), source_ips: sourceIps, usernames, passwords, urls }
}
