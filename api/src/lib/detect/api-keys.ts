import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { apiKeys } from '../../db/schema/index.js'
import { found, owned, uidOr404 } from '../tenant-scope.js'
import { hashToken, randomToken, safeEqual } from '../tokens.js'

/**
 * Tenant API keys look like `ck_4f9a1c2b7d3e.<43 url-safe chars>`: the prefix (unique, shown in
 * lists) finds the row, the secret (256 bits) is only ever stored as its SHA-256.
 */
export function newApiKey(): { prefix: string; secret: string; key: string; secretHash: string } {
  const prefix = `ck_${randomToken(9).replace(/[-_]/g, 'x').slice(0, 12).toLowerCase()}`
  const secret = randomToken(32)
  return { prefix, secret, key: `${prefix}.${secret}`, secretHash: hashToken(secret) }
}

const KEY_SHAPE = /^(ck_[a-z0-9]{12})\.([A-Za-z0-9_-]{20,100})$/

/** The tenant of a valid, not revoked key; null for anything else (same cost either way). */
export async function resolveApiKey(db: Db, key: string): Promise<{ uid: string; tenantUid: string } | null> {
  const match = KEY_SHAPE.exec(key)
  if (match === null) return null
  const [, prefix, secret] = match as unknown as [string, string, string]
  const [row] = await db
    .select({ uid: apiKeys.uid, tenantUid: apiKeys.tenantUid, secretHash: apiKeys.secretHash })
    .from(apiKeys)
    .where(and(eq(apiKeys.prefix, prefix), eq(apiKeys.revoked, false)))
  const presented = hashToken(secret)
  if (row === undefined || !safeEqual(presented, row.secretHash)) return null
  return { uid: row.uid, tenantUid: row.tenantUid }
}

// The API Keys page (`/api/v1/tenants/{tenant}/api-keys/`): the tenant's keys, in the wire shape.

const COLUMNS = {
  uid: apiKeys.uid,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  revoked: apiKeys.revoked,
  created: apiKeys.createdAt
}
const present = (row: { uid: string; name: string; prefix: string; revoked: boolean; created: Date }) => ({
  ...row,
  created: row.created.toISOString()
})

/** The tenant's keys, newest first (never their secrets). */
export async function listApiKeys(db: Db, tenantUid: string) {
  const rows = await db
    .select(COLUMNS)
    .from(apiKeys)
    .where(owned(apiKeys, tenantUid))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.uid))
  return { results: rows.map(present) }
}

/** A new key; the full key (`prefix.secret`) is in this answer only, the store keeps its hash. */
export async function createApiKey(db: Db, tenantUid: string, name: string, createdByUid: string | null) {
  const key = newApiKey()
  const [row] = await db
    .insert(apiKeys)
    .values({
      tenantUid,
      name: name.trim(),
      prefix: key.prefix,
      secretHash: key.secretHash,
      createdByUid
    })
    .returning(COLUMNS)
  return { ...present(row!), key: key.key }
}

/** Renames and/or revokes (or unrevokes) a key; no change answers the key as it is. */
export async function updateApiKey(
  db: Db,
  tenantUid: string,
  uid: string,
  { name, revoked }: { name?: string | undefined; revoked?: boolean | undefined }
) {
  const changes = { ...(name === undefined ? {} : { name: name.trim() }), ...(revoked === undefined ? {} : { revoked }) }
  const where = owned(apiKeys, tenantUid, eq(apiKeys.uid, uidOr404(uid)))
  const [row] =
    Object.keys(changes).length === 0
      ? await db.select(COLUMNS).from(apiKeys).where(where)
      : await db.update(apiKeys).set(changes).where(where).returning(COLUMNS)
  return present(found(row))
}

export async function deleteApiKey(db: Db, tenantUid: string, uid: string): Promise<void> {
  const deleted = await db
    .delete(apiKeys)
    .where(owned(apiKeys, tenantUid, eq(apiKeys.uid, uidOr404(uid))))
    .returning({ uid: apiKeys.uid })
  found(deleted[0])
}
