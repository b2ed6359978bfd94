/**
 * Timestamps from ingested documents. JavaScript dates reach year ±275760 and `Date.parse` guesses
 * at almost anything ("1" is 2001), but PostgreSQL cannot read `+275760-09-13T00:00:00.000Z`
 * (what toISOString writes past 9999) nor year 0, so such a value was a 500 for a whole batch.
 * Accepted: ISO 8601 / RFC 3339 date-times (a missing offset reads as UTC, as Elasticsearch does)
 * and epoch milliseconds, from 0001-01-01 to 9999-12-31 UTC (ASVS 5.0 2.2.1: pattern and range).
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:[Zz]|([+-])(\d{2}):?(\d{2}))?$/

export const MIN_TIMESTAMP_MS = Date.parse('0001-01-01T00:00:00.000Z')
export const MAX_TIMESTAMP_MS = Date.parse('9999-12-31T23:59:59.999Z')

const inRange = (ms: number): boolean => ms >= MIN_TIMESTAMP_MS && ms <= MAX_TIMESTAMP_MS

function fromText(text: string): number | undefined {
  const m = DATE_TIME.exec(text)
  if (m === null) return undefined
  const [year, month, day, hour, minute, second = 0] = m.slice(1, 7).map((part) => Number(part ?? 0)) as number[]
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3))
  if (month! < 1 || month! > 12 || day! < 1 || hour! > 23 || minute! > 59 || second > 59) return undefined
  const date = new Date(0)
  date.setUTCFullYear(year!, month! - 1, day) // setUTCFullYear, unlike Date.UTC, keeps years 0-99 as written
  if (date.getUTCDate() !== day) return undefined // 31 April, 29 February 2027
  date.setUTCHours(hour!, minute!, second, millis)
  let offset = 0
  if (m[8] !== undefined) {
    const [hours, minutes] = [Number(m[9]), Number(m[10])]
    if (hours > 23 || minutes > 59) return undefined
    offset = (m[8] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000
  }
  return date.getTime() - offset
}

/** The instant a document's field names, or undefined when it is not one PostgreSQL can store. */
export function parseTimestamp(value: unknown): Date | undefined {
  const ms =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? Math.floor(value)
        : undefined
      : typeof value === 'string'
        ? fromText(value.trim())
        : undefined
  return ms !== undefined && inRange(ms) ? new Date(ms) : undefined
}
