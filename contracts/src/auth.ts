import { Type, type Static } from 'typebox'

// Sign-in and the session: `/api/v1/token/` (cookies; docs/adr/0004-sessions.md).

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    remember: Type.Optional(Type.Boolean())
  },
  { additionalProperties: false }
)

export const Profile = Type.Object({
  user_email: Type.String(),
  user_uid: Type.String(),
  tenant_uid: Type.String(),
  tenant_name: Type.String()
})

/** GET /token/is_authenticated/ when signed out. */
export const NotAuthenticated = Type.Object({ success: Type.Literal(false), detail: Type.String() })

export type LoginBody = Static<typeof LoginBody>
export type Profile = Static<typeof Profile>
export type NotAuthenticated = Static<typeof NotAuthenticated>
