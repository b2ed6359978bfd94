import { InputError } from '../accounts.js'

/**
 * A feed that could not be fetched or read: one line, said as is (CLI, log, feed_sources.last_error).
 * An InputError, so the CLI prints the message without a stack.
 */
export class FeedError extends InputError {
  override name = 'FeedError'
}

/** A stepwise switch (PGlite) that stopped after some of its steps committed: the previous copy is NOT kept whole. */
export class PartlyAppliedError extends FeedError {
  override name = 'PartlyAppliedError'
}

/** The innermost cause's own words (fetch wraps "getaddrinfo ENOTFOUND host" in "fetch failed"). */
function innermost(error: unknown): unknown {
  let current = error
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause !== undefined; depth++) current = current.cause
  return current
}

/** "getaddrinfo ENOTFOUND", "connect ECONNREFUSED": how the system said it, without the address again. */
export function networkReason(error: unknown): string {
  const cause = innermost(error) as NodeJS.ErrnoException & { errors?: NodeJS.ErrnoException[] }
  const first = cause?.errors?.[0] ?? cause
  if (typeof first?.code === 'string') return [first.syscall, first.code].filter(Boolean).join(' ')
  return (first instanceof Error ? first.message : String(first)).replace(/\s*\n\s*/g, ' ').trim() || 'network error'
}

/** One line for any failure of a feed: a FeedError as written, anything else by its message. */
export function describeFeedError(error: unknown): string {
  if (error instanceof FeedError) return error.message
  const cause = innermost(error)
  const message = cause instanceof Error ? cause.message : String(cause)
  return message.replace(/\s*\n\s*/g, ' ').trim() || 'unknown error'
}
