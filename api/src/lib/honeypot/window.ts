import type { HoneypotRange } from '@console/contracts'

export const HOUR_MS = 60 * 60 * 1000
export const DAY_MS = 24 * HOUR_MS

/** The time ranges the Threat Landscape offers, by their URL value. */
export const RANGE_MS: Record<HoneypotRange, number> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '14d': 14 * DAY_MS,
  '30d': 30 * DAY_MS
}

export const hourOf = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS
/** Midnight UTC of the day of `ms`. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS
const ceilTo = (ms: number, unit: number): number => Math.ceil(ms / unit) * unit

/**
 * Where a window's counts are read: raw rows (a partial hour at an edge), hourly rollup buckets or
 * daily rollup buckets, each over [from, to) — `to` null means "and everything after" (a window
 * that ends now; events up to an hour ahead of the clock are accepted and counted there).
 */
export interface WindowPiece {
  source: 'raw' | 'hour' | 'day'
  from: number
  to: number | null
  /** -1: counts to take away (the hours of a whole day before the window, see fromWholeDay; the raw rows of an hour before it, fromNearerHour). */
  sign?: -1
}

/**
 * The same window with its leading hourly buckets swapped for the window's whole first day minus
 * the hours of that day before the window, when that reads fewer hourly buckets (a window starting
 * at 03:20 reads 3 hourly buckets and one more day instead of 20 hourly buckets). Exact as long as
 * those hours are still stored: the caller passes the oldest hourly bucket kept (`hourlyFrom`), and
 * gets the pieces unchanged when it is later than the day's start.
 */
export function fromWholeDay(pieces: WindowPiece[], hourlyFrom: number | undefined): WindowPiece[] {
  const at = pieces.findIndex((piece) => piece.source === 'hour')
  const hours = pieces[at]
  const days = pieces[at + 1]
  if (hours === undefined || days?.source !== 'day' || hours.to !== days.from || hourlyFrom === undefined) return pieces
  const dayStart = dayOf(hours.from)
  if (hours.from - dayStart >= hours.to - hours.from || hourlyFrom > dayStart) return pieces
  const before: WindowPiece[] = hours.from > dayStart ? [{ source: 'hour', from: dayStart, to: hours.from, sign: -1 }] : []
  return [...pieces.slice(0, at), ...before, { ...days, from: dayStart }, ...pieces.slice(at + 2)]
}

/**
 * The same window with its old edge (raw rows from `from` up to the first whole hour) read as that
 * whole hour's bucket minus the raw rows of the hour before `from`, when that part is the shorter:
 * at most half an hour of raw rows instead of up to a whole hour (at 50M events over 14 days an
 * hour holds ~150,000 events). Exact as long as the hour is stored both ways: its hourly bucket
 * (`hourlyFrom`, the oldest kept, at or before it) and its raw rows before `from` (`rawBefore`: raw
 * rows older than the hour remain, so no prune has cut into it; ingest refuses events older than
 * the retention, so none can have come back after one).
 */
export function fromNearerHour(pieces: WindowPiece[], hourlyFrom: number | undefined, rawBefore: boolean): WindowPiece[] {
  const [edge, next] = pieces
  if (edge?.source !== 'raw' || edge.to === null || edge.to % HOUR_MS !== 0) return pieces
  const hour = edge.to - HOUR_MS
  if (edge.from - hour >= edge.to - edge.from || hourlyFrom === undefined || hourlyFrom > hour || !rawBefore) return pieces
  const before: WindowPiece = { source: 'raw', from: hour, to: edge.from, sign: -1 }
  if (next?.source === 'hour' && next.sign === undefined && next.from === edge.to) {
    return [before, { ...next, from: hour }, ...pieces.slice(2)]
  }
  return [before, { source: 'hour', from: hour, to: edge.to }, ...pieces.slice(1)]
}

/**
 * Splits [from, to) into the fewest rows to read, exact to the millisecond: raw rows before the
 * first whole hour (and after the last one when the window is closed), hourly buckets up to the
 * first whole UTC day and after the last one, daily buckets between. A 30-day window reads at most
 * two partial hours of raw rows, 46 hourly buckets and 30 daily buckets per value. `days: false`
 * reads hourly buckets only (an hourly series).
 */
export function windowPieces(from: number, to: number | null, options: { days?: boolean } = {}): WindowPiece[] {
  if (to !== null && to <= from) return []
  const firstHour = ceilTo(from, HOUR_MS)
  const lastHour = to === null ? null : hourOf(to)
  if (lastHour !== null && firstHour >= lastHour) return [{ source: 'raw', from, to }]
  const pieces: WindowPiece[] = []
  if (from < firstHour) pieces.push({ source: 'raw', from, to: firstHour })
  if (options.days === false) {
    pieces.push({ source: 'hour', from: firstHour, to: lastHour })
    if (to !== null && lastHour! < to) pieces.push({ source: 'raw', from: lastHour!, to })
    return pieces
  }
  const firstDay = ceilTo(firstHour, DAY_MS)
  const lastDay = lastHour === null ? null : dayOf(lastHour)
  if (lastDay !== null && firstDay >= lastDay) {
    pieces.push({ source: 'hour', from: firstHour, to: lastHour })
  } else {
    if (firstHour < firstDay) pieces.push({ source: 'hour', from: firstHour, to: firstDay })
    pieces.push({ source: 'day', from: firstDay, to: lastDay })
    if (lastDay !== null && lastDay < lastHour!) pieces.push({ source: 'hour', from: lastDay, to: lastHour })
  }
  if (to !== null && lastHour! < to) pieces.push({ source: 'raw', from: lastHour!, to })
  return pieces
}
