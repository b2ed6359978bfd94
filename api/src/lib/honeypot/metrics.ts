import type { HoneypotMetrics, HoneypotRange } from '@console/contracts'
import type { Db } from '../../db/client.js'
import { countOf, topValues } from './counts.js'
import { DAY_MS, RANGE_MS } from './window.js'

/** Spec §9: the total covers the last 24 hours, the top lists the last 14 days (unless a range is chosen). */
export const TOTAL_WINDOW_MS = DAY_MS
export const TOP_WINDOW_MS = 14 * DAY_MS
export const TOP_LIMIT = 10

/**
 * The spec's metrics. Exact to the millisecond at a bounded cost however many events exist: whole
 * hours and days from the rollups, raw rows only for the partial hour at the window's old edge.
 * With a range, the total and the lists all cover it.
 */
export async function honeypotMetrics(db: Db, now: number = Date.now(), range?: HoneypotRange): Promise<HoneypotMetrics> {
  const totalFrom = now - (range === undefined ? TOTAL_WINDOW_MS : RANGE_MS[range])
  const from = now - (range === undefined ? TOP_WINDOW_MS : RANGE_MS[range])
  const top = async (kind: 'asn' | 'country' | 'command' | 'hash') => await topValues(db, kind, from, null, { limit: TOP_LIMIT })
  // Independent reads: on PostgreSQL each takes a connection of its own, so the answer waits for
  // the slowest, not for their sum (on PGlite's one connection they run one after another).
  const [total, asns, countries, commands, hashes] = await Promise.all([
    countOf(db, 'sessions', totalFrom, null),
    top('asn'),
    top('country'),
    top('command'),
    top('hash')
  ])
  return {
    total_attacks: total,
    top_asns: asns.map(({ value, count }) => ({ asn: value, count })),
    top_countries: countries.map(({ value, count }) => ({ country: value, count })),
    top_commands: commands.map(({ value, count }) => ({ command: value, count })),
    top_hashes: hashes.map(({ value, count }) => ({ hash: value, count }))
  }
}
