/** A version an ordering cannot read: a range holding it cannot be evaluated, so it is skipped. */
export class InvalidVersionError extends Error {
  override name = 'InvalidVersionError'
}
