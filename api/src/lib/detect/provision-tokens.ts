import { desc } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { provisionTokens } from '../../db/schema/index.js'
import type { Actor } from '../actor.js'
import type { CsvTable } from '../csv.js'
import { isoText } from '../sql-cursor.js'
import { owned } from '../tenant-scope.js'
import { randomToken } from '../tokens.js'
import { recordCredentialEvents, updateEvents, type CredentialChange } from './credential-trail.js'
import { credentialExport, deleteCredential, updateCredential } from './credentials.js'

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
const trailOf = (row: { uid: string; name: string }): CredentialChange => ({
  kind: 'provision-token',
  uid: row.uid,
  name: row.name
})

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

/** A new enabled token, recorded in the trail; `actor` made it (its creator when a signed-in user). */
export async function createProvisionToken(db: Db, tenantUid: string, name: string, actor: Actor) {
  const user = actor.kind === 'user'
  return await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(provisionTokens)
      .values({
        tenantUid,
        name: name.trim(),
        token: newProvisionToken(),
        createdByUid: user ? actor.uid : null,
        createdByEmail: user ? actor.label : ''
      })
      .returning(COLUMNS)
    await recordCredentialEvents(tx, tenantUid, trailOf(row!), [{ action: 'created' }], actor)
    return present(row!)
  })
}

/** Renames and/or enables (or disables) a token, recording what changed; no change answers the token as it is. */
export async function updateProvisionToken(
  db: Db,
  tenantUid: string,
  uid: string,
  { name, enabled }: { name?: string | undefined; enabled?: boolean | undefined },
  actor: Actor
) {
  const changes = { ...(name === undefined ? {} : { name: name.trim() }), ...(enabled === undefined ? {} : { enabled }) }
  return present(
    await updateCredential(db, provisionTokens, 'provision-token', tenantUid, uid, changes, COLUMNS, updateEvents, actor)
  )
}

export async function deleteProvisionToken(db: Db, tenantUid: string, uid: string, actor: Actor): Promise<void> {
  await deleteCredential(db, provisionTokens, 'provision-token', tenantUid, uid, actor)
}

/**
 * The CSV export of the list, newest first. The token itself is left out: an enrolment secret
 * belongs on the page that shows it to its own tenant, not in a file that travels.
 */
export function provisionTokenExport(db: Db, tenantUid: string): CsvTable {
  return credentialExport(db, provisionTokens, tenantUid, 'provision-tokens', {
    uid: provisionTokens.uid,
    name: provisionTokens.name,
    enabled: provisionTokens.enabled,
    created_by: provisionTokens.createdByEmail,
    created_at: isoText(provisionTokens.createdAt)
  })
}
