/** An error whose status and `detail` go to the client unchanged. */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    /** Per-field messages, sent as `errors` beside `detail` (400s that a schema could not catch). */
    readonly errors?: Record<string, string>
  ) {
    super(detail)
  }
}

export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.'
export const NOT_FOUND = 'Not found.'
export const CSRF_FAILED = 'CSRF token missing or incorrect.'
export const CROSS_SITE_REFUSED =
  'Cross-site request refused: the Origin or Sec-Fetch-Site header says it comes from another site.'
