import { Type, type Static, type TProperties, type TSchema } from 'typebox'

/** Every error answer; routes list their error statuses with the API's `responses()`. */
export const ErrorResponse = Type.Object(
  {
    detail: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.String()))
  },
  { description: 'Every error answer: a message, and per-field messages on 400.' }
)

export const SuccessResponse = Type.Object({ success: Type.Literal(true) })

/** The body of a 204 answer. */
export const NoContent = Type.Null()

export const NullableString = Type.Union([Type.String(), Type.Null()])
export const DateTime = Type.String({ format: 'date-time' })
export const NullableDateTime = Type.Union([DateTime, Type.Null()])

/**
 * Query-string paging fields shared by the list routes. Strings with a digits-only pattern, because
 * TypeBox's query conversion would quietly turn "1.5" or "1e2" into integers; the API range-checks.
 */
export function pagingQuery(defaultLimit: number, maxLimit: number) {
  return {
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: `1..${maxLimit}, default ${defaultLimit}` })),
    offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: '≥ 0, default 0' }))
  }
}

export const searchQuery = Type.Optional(Type.String({ maxLength: 200 }))
export const orderingQuery = Type.Optional(Type.String({ maxLength: 64 }))

/** The query of a searchable, orderable paged list: `search`, the list's own filters, `ordering`, `limit`, `offset`; nothing else. */
export function searchListQuery<F extends TProperties = Record<never, never>>(
  defaultLimit: number,
  maxLimit: number,
  filters?: F
) {
  return Type.Object(
    { search: searchQuery, ...(filters as F), ordering: orderingQuery, ...pagingQuery(defaultLimit, maxLimit) },
    { additionalProperties: false }
  )
}

/** A paged list's answer: how many items match in all, and this page of them. */
export function pagedList<T extends TSchema>(item: T) {
  return Type.Object({ count: Type.Integer(), results: Type.Array(item) })
}

/** An unpaged list's answer: every item. */
export function itemList<T extends TSchema>(item: T) {
  return Type.Object({ results: Type.Array(item) })
}

export type ErrorResponse = Static<typeof ErrorResponse>
export type SuccessResponse = Static<typeof SuccessResponse>
