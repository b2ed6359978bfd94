import { ErrorResponse } from '@console/contracts'
import type { TSchema } from 'typebox'

/** Response schemas for a route: its own answers plus the listed error statuses. */
export function responses<T extends Record<number, TSchema>>(ok: T, ...errorStatuses: number[]): T & Record<number, TSchema> {
  const all: Record<number, TSchema> = { ...ok }
  for (const status of errorStatuses) all[status] = ErrorResponse
  return all as T & Record<number, TSchema>
}
