import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { apiKeys } from '../../db/schema/index.js'
import { hashToken, randomToken, safeEqual } from '../tokens.js'

/**
 * Tenant API keys look like `ck_4f9a1c2b7d3e.<43 url-safe chars>`: the prefix (unique, shown in
 * lists) finds the row, the secret (256 bits) is only ever stored as its SHA-256.
 */
export function newApiKey (): { prefix: string, secret: string, key: string, secretHash: string } {
  const prefix = `ck_${randomToken(9).replace(/[-_]/g, 'x').slice(0, 12).toLowerCase()}`
  const secret = randomToken(32)
  return { prefix, secret, key: `${prefix}.${secret}`, secretHash: hashToken(secret) }
}

const KEY_SHAPE = /^(ck_[a-z0-9]{12})\.([A-Za-z0-9_-]{20,100})$/

/** The tenant of a valid, not revoked key; null for anything else (same cost either way). */
export async function resolveApiKey (db: Db, key: string): Promise<{ uid: string, tenantUid: string } | null> {
  const match = KEY_SHAPE.exec(key)
  if (match === null) return null
  const [, prefix, secret] = match as unknown as [string, string, string]
  const [row] = await db.select({ uid: apiKeys.uid, tenantUid: apiKeys.tenantUid, secretHash: apiKeys.secretHash })
    .from(apiKeys).where(and(eq(apiKeys.prefix, prefix), eq(apiKeys.revoked, false)))
  const presented = hashToken(secret)
  if (row === undefined || !safeEqual(presented, row.secretHash)) return null
  return { uid: row.uid, tenantUid: row.tenantUid }
}

/** Provision tokens: 192 random bits, url-safe, with a readable prefix. */
export const newProvisionToken = (): string => `pt_${randomToken(24)}`
