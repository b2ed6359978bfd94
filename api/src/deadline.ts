/**
 * `promise`, or the error `late()` makes once `ms` have passed without an answer. The work itself
 * goes on (nothing here can stop it): the caller decides what to do about it.
 */
export function within<T>(promise: PromiseLike<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms)
  })
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer))
}
