import type { CredentialAction, CredentialKind } from '@console/contracts'
import { desc, eq } from 'drizzle-orm'
import type { PgColumn, PgTable, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type { Db } from '../../db/client.js'
import type { Actor } from '../actor.js'
import type { CsvTable } from '../csv.js'
import { exportRows, textSelection, type ExportColumns } from '../sql-cursor.js'
import { found, owned, uidOr404 } from '../tenant-scope.js'
import { recordCredentialEvents } from './credential-trail.js'

// What provision tokens and API keys do alike: a tenant's named credentials, newest first.

/** A credential table (provision_tokens, api_keys). */
type CredentialTable = PgTable & { tenantUid: PgColumn; uid: PgColumn; name: PgColumn; createdAt: PgColumn }

/**
 * A PATCH of the tenant's credential `uid` (404 when it has none): sets `changes`, records the
 * `events` that the change from `before` to `after` makes, and answers the row as `columns`
 * selects it (which holds uid and name); no change answers the row as it is.
 */
export async function updateCredential<T extends CredentialTable, S extends SelectedFields>(
  db: Db,
  table: T,
  kind: CredentialKind,
  tenantUid: string,
  uid: string,
  changes: PgUpdateSetSource<T>,
  columns: S,
  events: (before: SelectResultFields<S>, after: SelectResultFields<S>) => Array<{ action: CredentialAction; detail?: string }>,
  actor: Actor
): Promise<SelectResultFields<S>> {
  type Row = SelectResultFields<S>
  const where = owned(table, tenantUid, eq(table.uid, uidOr404(uid)))
  // drizzle cannot type a select from a generic table: the rows are what `columns` selects.
  const select = (tx: Db) =>
    tx
      .select(columns)
      .from(table as PgTable)
      .where(where)
  if (Object.keys(changes).length === 0) return found(((await select(db)) as Row[])[0])
  return await db.transaction(async (tx) => {
    const before = found(((await select(tx).for('update')) as Row[])[0])
    const after = found(((await tx.update(table).set(changes).where(where).returning(columns)) as Row[])[0])
    const row = after as { uid: string; name: string }
    await recordCredentialEvents(tx, tenantUid, { kind, uid: row.uid, name: row.name }, events(before, after), actor)
    return after
  })
}

/** Deletes the tenant's credential `uid` (404 when it has none) and records the deletion in the trail. */
export async function deleteCredential(
  db: Db,
  table: CredentialTable,
  kind: CredentialKind,
  tenantUid: string,
  uid: string,
  actor: Actor
): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(table)
      .where(owned(table, tenantUid, eq(table.uid, uidOr404(uid))))
      .returning({ uid: table.uid, name: table.name })
    const row = found(deleted[0]) as { uid: string; name: string }
    await recordCredentialEvents(tx, tenantUid, { kind, uid: row.uid, name: row.name }, [{ action: 'deleted' }], actor)
  })
}

/** The CSV export `name` of the tenant's credentials as `columns`, newest first. */
export function credentialExport(
  db: Db,
  table: CredentialTable,
  tenantUid: string,
  name: string,
  columns: ExportColumns
): CsvTable {
  const select = db
    .select(textSelection(columns))
    .from(table)
    .where(owned(table, tenantUid))
    .orderBy(desc(table.createdAt), desc(table.uid))
  const header = Object.keys(columns)
  return { name, header, batches: exportRows(db, select, header) }
}
