import { and, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type { Db } from '../db/client.js'
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

/** A tenant-owned table whose rows the API names by `uid`. */
type OwnedTable = PgTable & { tenantUid: PgColumn; uid: PgColumn }

/**
 * A PATCH of the tenant's row `uid`: sets `changes` and answers the row as `columns` selects it;
 * no change answers the row as it is. 404 when the tenant has no such row.
 */
export async function updateOwned<T extends OwnedTable, S extends SelectedFields>(
  db: Db,
  table: T,
  tenantUid: string,
  uid: string,
  changes: PgUpdateSetSource<T>,
  columns: S
): Promise<SelectResultFields<S>> {
  const where = owned(table, tenantUid, eq(table.uid, uidOr404(uid)))
  // drizzle cannot type a select from a generic table: the rows are what `columns` selects.
  const rows = (
    Object.keys(changes).length === 0
      ? await db
          .select(columns)
          .from(table as PgTable)
          .where(where)
      : await db.update(table).set(changes).where(where).returning(columns)
  ) as Array<SelectResultFields<S>>
  return found(rows[0])
}

/** A DELETE of the tenant's row `uid`; 404 when the tenant has no such row. */
export async function deleteOwned(db: Db, table: OwnedTable, tenantUid: string, uid: string): Promise<void> {
  const deleted = await db
    .delete(table)
    .where(owned(table, tenantUid, eq(table.uid, uidOr404(uid))))
    .returning({ uid: table.uid })
  found(deleted[0])
}
