import { and, eq, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { HttpError, NOT_FOUND } from './http-error.js'

/**
 * Tenant scoping for every area's queries (DETECT, INSIGHTS, vulnerabilities). Every tenant-owned
 * table has a tenant_uid column; queries build their WHERE with `owned(table, tenantUid, ...)` so
 * the tenant filter cannot be forgotten. The tenant comes from `request.tenantUid` (set by the
 * tenant guard), never the URL.
 */
export function owned(table: { tenantUid: PgColumn }, tenantUid: string, ...conditions: Array<SQL | undefined>): SQL {
  return and(eq(table.tenantUid, tenantUid), ...conditions) as SQL
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A path uid that is not a uuid names nothing: 404 like any unknown id (never a SQL cast error). */
export function uidOr404(uid: string): string {
  if (!UUID.test(uid)) throw new HttpError(404, NOT_FOUND)
  return uid.toLowerCase()
}

export const isUuid = (value: string): boolean => UUID.test(value)

/** The row or 404. */
export function found<T>(row: T | undefined): T {
  if (row === undefined) throw new HttpError(404, NOT_FOUND)
  return row
}
