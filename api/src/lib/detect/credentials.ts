import type { CredentialKind } from '@console/contracts'
import { desc, eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.js'
import type { Actor } from '../actor.js'
import type { CsvTable } from '../csv.js'
import { exportRows, textSelection, type ExportColumns } from '../sql-cursor.js'
import { found, owned, uidOr404 } from '../tenant-scope.js'
import { recordCredentialEvents } from './credential-trail.js'

// What provision tokens and API keys do alike: a tenant's named credentials, newest first.

/** A credential table (provision_tokens, api_keys). */
type CredentialTable = PgTable & { tenantUid: PgColumn; uid: PgColumn; name: PgColumn; createdAt: PgColumn }

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
