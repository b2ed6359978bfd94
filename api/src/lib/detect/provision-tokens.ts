import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { provisionTokens } from '../../db/schema/index.js'
import { found, owned, uidOr404 } from '../tenant-scope.js'
import { randomToken } from '../tokens.js'

/**
 * Provision tokens (`/api/v1/tenants/{tenant}/provision-tokens/`): the enrolment secrets an agent
 * presents to register a device in the tenant (enrolment.ts checks them). Answers in the wire shape.
 */

/** 192 random bits, url-safe, with a readable prefix. */
export const newProvisionToken = (): string => `pt_${randomToken(24)}`

const COLUMNS = {
  uid: provisionTokens.uid,
  name: provisionTokens.name,
  enabled: provisionTokens.enabled,
  created_by: provisionTokens.createdByEmail,
  created_at: provisionTokens.createdAt,
  token: provisionTokens.token
}
const present = (row: { uid: string; name: string; enabled: boolean; created_by: string; created_at: Date; token: string }) => ({
  ...row,
  created_at: row.created_at.toISOString()
})

/** The tenant's tokens, newest first. */
export async function listProvisionTokens(db: Db, tenantUid: string) {
  const rows = await db
    .select(COLUMNS)
    .from(provisionTokens)
    .where(owned(provisionTokens, tenantUid))
    .orderBy(desc(provisionTokens.createdAt), desc(provisionTokens.uid))
  return { results: rows.map(present) }
}

/** A new enabled token; `createdBy` is the signed-in user who made it (none from an API key). */
export async function createProvisionToken(
  db: Db,
  tenantUid: string,
  name: string,
  createdBy: { uid: string; email: string } | null
) {
  const [row] = await db
    .insert(provisionTokens)
    .values({
      tenantUid,
      name: name.trim(),
      token: newProvisionToken(),
      createdByUid: createdBy?.uid ?? null,
      createdByEmail: createdBy?.email ?? ''
    })
    .returning(COLUMNS)
  return present(row!)
}

/** Renames and/or enables (or disables) a token; no change answers the token as it is. */
export async function updateProvisionToken(
  db: Db,
  tenantUid: string,
  uid: string,
  { name, enabled }: { name?: string | undefined; enabled?: boolean | undefined }
) {
  const changes = { ...(name === undefined ? {} : { name: name.trim() }), ...(enabled === undefined ? {} : { enabled }) }
  const where = owned(provisionTokens, tenantUid, eq(provisionTokens.uid, uidOr404(uid)))
  const [row] =
    Object.keys(changes).length === 0
      ? await db.select(COLUMNS).from(provisionTokens).where(where)
      : await db.update(provisionTokens).set(changes).where(where).returning(COLUMNS)
  return present(found(row))
}

export async function deleteProvisionToken(db: Db, tenantUid: string, uid: string): Promise<void> {
  const deleted = await db
    .delete(provisionTokens)
    .where(owned(provisionTokens, tenantUid, eq(provisionTokens.uid, uidOr404(uid))))
    .returning({ uid: provisionTokens.uid })
  found(deleted[0])
}
