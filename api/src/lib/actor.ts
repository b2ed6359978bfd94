import type { ActorKind } from '@console/contracts'
import type { FastifyRequest } from 'fastify'

/** Who made a change, as the audit trail records it (db/schema/audit.ts). */
export interface Actor {
  kind: ActorKind
  /** The user's or the API key's uid; null for the console itself. */
  uid: string | null
  /** The user's email, or `API key <name> (<prefix>)`. */
  label: string
}

/** Changes made outside a request: the CLI, the seed, a test writing directly. */
export const SYSTEM_ACTOR: Actor = { kind: 'system', uid: null, label: 'console' }

/**
 * The caller of a request that changes something: the signed-in user, else the tenant API key the
 * route accepted (recorded as the key, never as whoever created it).
 */
export function actorOf(request: FastifyRequest): Actor {
  if (request.user !== null) return { kind: 'user', uid: request.user.uid, label: request.user.email }
  if (request.apiKey !== null) {
    return { kind: 'api-key', uid: request.apiKey.id, label: request.apiKey.label ?? `API key ${request.apiKey.id}` }
  }
  return SYSTEM_ACTOR
}

/** The actor a trail row recorded (db/schema/audit.ts actorColumns). */
export const actorOfRow = (row: { actorKind: string; actorUid: string | null; actorLabel: string }): Actor => ({
  kind: row.actorKind as Actor['kind'],
  uid: row.actorUid,
  label: row.actorLabel
})
