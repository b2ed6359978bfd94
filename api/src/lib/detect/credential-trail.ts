import type { CredentialAction, CredentialKind, CredentialTrail, TrailQuery } from '@console/contracts'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { credentialEvents } from '../../db/schema/index.js'
import type { Actor } from '../actor.js'
import { trail } from '../trail.js'
import { paging } from '../listing.js'
import { owned, uidOr404 } from '../tenant-scope.js'

/**
 * The trail of the tenant's provision tokens and API keys: created, renamed, enabled, disabled,
 * deleted, by whom. Written in the transaction of the change itself (provision-tokens.ts,
 * api-keys.ts), so no change goes unrecorded; kept after the credential is deleted.
 */

export interface CredentialChange {
  kind: CredentialKind
  uid: string
  name: string
}

/** The events one update makes: a rename, then an enable or disable; none when nothing changed. */
export function updateEvents(
  before: { name: string; enabled: boolean },
  after: { name: string; enabled: boolean }
): Array<{ action: CredentialAction; detail: string }> {
  const events: Array<{ action: CredentialAction; detail: string }> = []
  if (before.name !== after.name)
    events.push({ action: 'renamed', detail: `${JSON.stringify(before.name)} → ${JSON.stringify(after.name)}` })
  if (before.enabled !== after.enabled) events.push({ action: after.enabled ? 'enabled' : 'disabled', detail: '' })
  return events
}

/** Records events of one credential (call inside the change's transaction). */
export async function recordCredentialEvents(
  tx: Db,
  tenantUid: string,
  credential: CredentialChange,
  events: Array<{ action: CredentialAction; detail?: string }>,
  actor: Actor
): Promise<void> {
  if (events.length === 0) return
  await tx.insert(credentialEvents).values(
    events.map(({ action, detail = '' }) => ({
      tenantUid,
      credentialKind: credential.kind,
      credentialUid: credential.uid,
      credentialName: credential.name,
      action,
      detail,
      actorKind: actor.kind,
      actorUid: actor.uid,
      actorLabel: actor.label
    }))
  )
}

/**
 * The trail of the tenant's credentials of one kind, newest first, or of one of them (`uid`: it
 * may name a deleted one; a uid with no events answers an empty trail, whoever's it is).
 */
export async function credentialTrail(
  db: Db,
  tenantUid: string,
  kind: CredentialKind,
  uid: string | undefined,
  query: TrailQuery
): Promise<CredentialTrail> {
  const { limit, offset } = paging(query, 100, 1000)
  const where = owned(
    credentialEvents,
    tenantUid,
    eq(credentialEvents.credentialKind, kind),
    uid === undefined ? undefined : eq(credentialEvents.credentialUid, uidOr404(uid))
  )
  return await trail(db, credentialEvents, where, { limit, offset }, (row) => ({
    credential_kind: row.credentialKind as CredentialKind,
    credential_uid: row.credentialUid,
    credential_name: row.credentialName,
    action: row.action as CredentialAction,
    detail: row.detail
  }))
}
