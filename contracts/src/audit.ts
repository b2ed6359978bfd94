import { Type, type Static } from 'typebox'
import { DateTime, pagingQuery } from './common.js'

// The audit trail: who changed an alert's status, and the life of provision tokens and API keys.

export const ActorKind = Type.Union([Type.Literal('user'), Type.Literal('api-key'), Type.Literal('system')], {
  description: 'user: a signed-in console user; api-key: a tenant API key; system: the console itself (CLI, seed)'
})

export const Actor = Type.Object({
  kind: ActorKind,
  uid: Type.Union([Type.String({ description: "the user's or the API key's uid" }), Type.Null()]),
  label: Type.String({ description: 'the user\'s email, or "API key <name> (<prefix>)", as it read at the time' })
})

/** `?limit=&offset=` of the trail routes (newest first). */
export const TrailQuery = Type.Object({ ...pagingQuery(100, 1000) }, { additionalProperties: false })

export const AlertStatusChange = Type.Object({
  at: DateTime,
  from_status: Type.Union([Type.Literal('OPEN'), Type.Literal('CLOSED')]),
  to_status: Type.Union([Type.Literal('OPEN'), Type.Literal('CLOSED')]),
  comment: Type.String({ description: "the analyst's note; '' when none" }),
  actor: Actor
})

export const AlertHistory = Type.Object({
  count: Type.Integer(),
  results: Type.Array(AlertStatusChange, { description: 'newest first' })
})

export const CredentialKind = Type.Union([Type.Literal('provision-token'), Type.Literal('api-key')])
export const CredentialAction = Type.Union(
  [Type.Literal('created'), Type.Literal('renamed'), Type.Literal('enabled'), Type.Literal('disabled'), Type.Literal('deleted')],
  { description: 'an API key that is revoked is disabled; unrevoked, enabled' }
)

export const CredentialEvent = Type.Object({
  at: DateTime,
  credential_kind: CredentialKind,
  credential_uid: Type.String({ description: 'stays readable after the credential is deleted' }),
  credential_name: Type.String({ description: 'its name at the time (after a rename: the new one)' }),
  action: CredentialAction,
  detail: Type.String({ description: 'a rename: `"old" → "new"`; otherwise empty' }),
  actor: Actor
})

export const CredentialTrail = Type.Object({
  count: Type.Integer(),
  results: Type.Array(CredentialEvent, { description: 'newest first' })
})

/** `/:uid/history/` of a credential: the uid may name a deleted one, so it is any uuid. */
export const CredentialTrailParams = Type.Object({ tenant: Type.String(), uid: Type.String({ maxLength: 64 }) })

export type ActorKind = Static<typeof ActorKind>
export type Actor = Static<typeof Actor>
export type TrailQuery = Static<typeof TrailQuery>
export type AlertStatusChange = Static<typeof AlertStatusChange>
export type AlertHistory = Static<typeof AlertHistory>
export type CredentialKind = Static<typeof CredentialKind>
export type CredentialAction = Static<typeof CredentialAction>
export type CredentialEvent = Static<typeof CredentialEvent>
export type CredentialTrail = Static<typeof CredentialTrail>
