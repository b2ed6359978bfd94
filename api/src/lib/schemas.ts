import { Type, type TSchema } from 'typebox'

export const ErrorResponse = Type.Object(
  {
    detail: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.String()))
  },
  { description: 'Every error answer: a message, and per-field messages on 400.' }
)

export const SuccessResponse = Type.Object({ success: Type.Literal(true) })

/** Response schemas for a route: its own answers plus the listed error statuses. */
export function responses<T extends Record<number, TSchema>>(ok: T, ...errorStatuses: number[]): T & Record<number, TSchema> {
  const all: Record<number, TSchema> = { ...ok }
  for (const status of errorStatuses) all[status] = ErrorResponse
  return all as T & Record<number, TSchema>
}
