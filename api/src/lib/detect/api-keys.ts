import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { apiKeys } from '../../db/schema/index.js'
import type { Actor } from '../actor.js'
import type { CsvTable } from '../csv.js'
import { isoText } from '../sql-cursor.js'
import { owned } from '../tenant-scope.js'
import { hashToken, randomToken, safeEqual } from '../tokens.js'
import { recordCredentialEvents, updateEvents, type CredentialChange } from './credential-trail.js'
import { credentialExport, deleteCredential, updateCredential } from './credentials.js'

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

/** How the audit trail names a key that acted. */
export const apiKeyLabel = (key: { name: string; prefix: string }): string => `API key ${key.name} (${key.prefix})`

/** The tenant of a valid, not revoked key; null for anything else (same cost either way). */
export async function resolveApiKey(
  db: Db,
  key: string
): Promise<{ uid: string; tenantUid: string; name: string; prefix: string } | null> {
  const match = KEY_SHAPE.exec(key)
  if (match === null) return null
  const [, prefix, secret] = match as unknown as [string, string, string]
  const [row] = await db
    .select({ uid: apiKeys.uid, tenantUid: apiKeys.tenantUid, name: apiKeys.name, secretHash: apiKeys.secretHash })
    .from(apiKeys)
    .where(and(eq(apiKeys.prefix, prefix), eq(apiKeys.revoked, false)))
  const presented = hashToken(secret)
  if (row === undefined || !safeEqual(presented, row.secretHash)) return null
  return { uid: row.uid, tenantUid: row.tenantUid, name: row.name, prefix }
}

// The API Keys page (`/api/v1/tenants/{tenant}/api-keys/`): the tenant's keys, in the wire shape.

const COLUMNS = {
  uid: apiKeys.uid,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  revoked: apiKeys.revoked,
  created: apiKeys.createdAt
}
const trailOf = (row: { uid: string; name: string }): CredentialChange => ({ kind: 'api-key', uid: row.uid, name: row.name })

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

/** A new key, recorded in the trail; the full key (`prefix.secret`) is in this answer only, the store keeps its hash. */
export async function createApiKey(db: Db, tenantUid: string, name: string, actor: Actor) {
  const key = newApiKey()
  return await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        tenantUid,
        name: name.trim(),
        prefix: key.prefix,
        secretHash: key.secretHash,
        createdByUid: actor.kind === 'user' ? actor.uid : null
      })
      .returning(COLUMNS)
    await recordCredentialEvents(tx, tenantUid, trailOf(row!), [{ action: 'created' }], actor)
    return { ...present(row!), key: key.key }
  })
}

/** Renames and/or revokes (or unrevokes) a key, recording what changed; no change answers the key as it is. */
export async function updateApiKey(
  db: Db,
  tenantUid: string,
  uid: string,
  { name, revoked }: { name?: string | undefined; revoked?: boolean | undefined },
  actor: Actor
) {
  const changes = { ...(name === undefined ? {} : { name: name.trim() }), ...(revoked === undefined ? {} : { revoked }) }
  // A revoked key is a disabled one (spec §4: enabled is the inverse of revoked).
  const events = (before: { name: string; revoked: boolean }, after: { name: string; revoked: boolean }) =>
    updateEvents({ name: before.name, enabled: !before.revoked }, { name: after.name, enabled: !after.revoked })
  return present(await updateCredential(db, apiKeys, 'api-key', tenantUid, uid, changes, COLUMNS, events, actor))
}

export async function deleteApiKey(db: Db, tenantUid: string, uid: string, actor: Actor): Promise<void> {
  await deleteCredential(db, apiKeys, 'api-key', tenantUid, uid, actor)
}

/** The CSV export of the list, newest first (never a secret: only its hash is stored). */
export function apiKeyExport(db: Db, tenantUid: string): CsvTable {
  return credentialExport(db, apiKeys, tenantUid, 'api-keys', {
    uid: apiKeys.uid,
    name: apiKeys.name,
    prefix: apiKeys.prefix,
    revoked: apiKeys.revoked,
    created: isoText(apiKeys.createdAt)
  })
}
