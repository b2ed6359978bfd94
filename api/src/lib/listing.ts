import { and, asc, Column, desc, gte, ilike, inArray, is, lt, or, sql, type SQL, type Table } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { HttpError } from './http-error.js'
import { isUuid } from './tenant-scope.js'
import { parseTimestamp } from './timestamps.js'

/** A list route's query as sent (strings; contracts' pagingQuery): lib list functions page and order with it. */
export interface ListQuery {
  search?: string | undefined
  ordering?: string | undefined
  limit?: string | undefined
  offset?: string | undefined
}

/** limit/offset as numbers, or 400 naming the allowed range. */
export function paging(
  query: { limit?: string | undefined; offset?: string | undefined },
  defaultLimit: number,
  maxLimit: number
): { limit: number; offset: number } {
  const limit = query.limit === undefined ? defaultLimit : Number(query.limit)
  if (limit < 1 || limit > maxLimit) throw new HttpError(400, `limit must be a whole number from 1 to ${maxLimit}.`)
  return { limit, offset: query.offset === undefined ? 0 : Number(query.offset) }
}

/** How a list's total is kept between calls (the routes pass the DETECT cache); by default not at all. */
export type CountCache = (key: string, count: () => Promise<number>) => Promise<number>
export const uncachedCount: CountCache = async (_key, count) => await count()

/** What a list's total depends on: every query parameter but ordering, limit and offset, in one stable string. */
export function filterKey(query: object): string {
  const entries = Object.entries(query).filter(
    ([name, value]) => value !== undefined && name !== 'ordering' && name !== 'limit' && name !== 'offset'
  )
  return JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : 1)))
}

/** How one public ordering key sorts: one or more expressions, ascending order first. */
export type OrderingSpec = Record<string, Array<AnyPgColumn | SQL>>

/**
 * `ordering=name` / `-name` → ORDER BY expressions, always ending with unique tie-break columns
 * (ascending) so pages never overlap. Unknown keys → 400 naming the allowed values. `base` is the
 * table the list reads (not a joined one): its NOT NULL columns sort without `nulls last`.
 * `reverse` gives the exact opposite order (see pageWindow).
 */
export function orderBy(
  ordering: string | undefined,
  fallback: string,
  specs: OrderingSpec,
  tieBreak: Array<AnyPgColumn | SQL>,
  base?: Table,
  reverse = false
): SQL[] {
  const requested = ordering === undefined || ordering === '' ? fallback : ordering
  const descending = requested.startsWith('-')
  const key = descending ? requested.slice(1) : requested
  const columns = Object.hasOwn(specs, key) ? specs[key] : undefined
  if (columns === undefined) {
    const allowed = Object.keys(specs)
      .flatMap((name) => [name, `-${name}`])
      .join(', ')
    throw new HttpError(400, `Invalid ordering "${requested}". Allowed values: ${allowed}.`)
  }
  const direction = descending !== reverse ? desc : asc
  const nullsLast = reverse ? sql`nulls first` : sql`nulls last`
  // NULLs (a device never connected, a package without CVE) always sort last. A NOT NULL column of
  // the base table has none, and there `desc nulls last` would stop PostgreSQL from reading its
  // index backwards (every matching row sorted for one page: ~0.5 s at a million alerts).
  const neverNull = (column: AnyPgColumn | SQL) =>
    base !== undefined && is(column, Column) && column.notNull && column.table === base
  return [
    ...columns.map((column) => (neverNull(column) ? direction(column) : sql`${direction(column)} ${nullsLast}`)),
    ...tieBreak.map((column) => (reverse ? desc(column) : asc(column)))
  ]
}

/**
 * Which rows to read for the page at `offset` of `total`: past the middle, the same rows counted
 * from the other end (`reverse`: read them with orderBy(..., reverse) and reverse them after), so
 * the last page of a million alerts skips as few rows as the first instead of all but 25. The
 * total is the list's count; were it stale (another process wrote within the cache TTL) the page
 * moves by as many rows, as any offset paging does when rows arrive between two pages.
 */
export function pageWindow(total: number, limit: number, offset: number): { limit: number; offset: number; reverse: boolean } {
  const after = total - offset - limit
  if (after >= offset) return { limit, offset, reverse: false }
  return { limit: Math.min(limit, total - offset), offset: Math.max(0, after), reverse: true }
}

/**
 * The rows of the page at `paged` of a list of `total`: none past the end; otherwise `read` fetches
 * them for the window pageWindow() picks (from the other end past the middle, when `reverse` asks
 * for the opposite order) and they come back in the list's order.
 */
export async function pageRows<R>(
  total: number,
  paged: { limit: number; offset: number },
  read: (window: { limit: number; offset: number; reverse: boolean }) => Promise<R[]>
): Promise<R[]> {
  if (paged.offset >= total) return []
  const window = pageWindow(total, paged.limit, paged.offset)
  const rows = await read(window)
  if (window.reverse) rows.reverse()
  return rows
}

/** `%term%` for ILIKE with the LIKE wildcards in the term escaped. */
export const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString())

// Filters of the list routes (and of their CSV exports): what a query parameter may hold, or 400.

/** `a,b` → the distinct values, each one of `allowed` (else 400 naming them); undefined when absent or empty. */
export function oneOf<T extends string>(value: string | undefined, name: string, allowed: readonly T[]): T[] | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const values = [...new Set(value.split(',').map((part) => part.trim()))]
  for (const item of values) {
    if (!(allowed as readonly string[]).includes(item)) {
      throw new HttpError(400, `Invalid ${name} "${item}". Allowed values: ${allowed.join(', ')}.`)
    }
  }
  return values as T[]
}

/** An ISO 8601 date-time (a missing offset reads as UTC), or 400. */
export function instant(value: string | undefined, name: string): Date | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const date = parseTimestamp(value)
  if (date === undefined) throw new HttpError(400, `${name} must be an ISO 8601 date-time, e.g. 2026-11-01T00:00:00Z.`)
  return date
}

/** A uid filter (a device...), or 400; lower-cased like the stored uids. */
export function uidFilter(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value.trim() === '') return undefined
  if (!isUuid(value.trim())) throw new HttpError(400, `${name} must be a uid.`)
  return value.trim().toLowerCase()
}

/** `'true'` / `'false'` (the schema allows nothing else) as a boolean. */
export const yesNo = (value: 'true' | 'false' | undefined): boolean | undefined =>
  value === undefined ? undefined : value === 'true'

/** `?search=`: any of the columns contains the term (case-insensitive, no wildcards); undefined when none is asked. */
export function searchAny(search: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  const term = search?.trim() ?? ''
  if (term === '') return undefined
  const pattern = likePattern(term)
  return or(...columns.map((column) => ilike(column, pattern)))
}

/** A multi-choice filter (oneOf's answer): the column is one of the values; undefined when none is asked. */
export const anyOf = <T extends string>(column: AnyPgColumn, values: readonly T[] | undefined): SQL | undefined =>
  values === undefined ? undefined : inArray(column, values)

/** A time filter (instant's answers): from `after` (inclusive) to `before` (exclusive), either end open. */
export const within = (column: AnyPgColumn, after: Date | undefined, before: Date | undefined): SQL | undefined =>
  and(after === undefined ? undefined : gte(column, after), before === undefined ? undefined : lt(column, before))
