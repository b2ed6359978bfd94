/**
 * Resolves after a turn of the event loop. PGlite answers from microtasks, so statements awaited
 * one after another never let a timer or a socket in: a long job on the embedded database (a feed
 * switch, a fleet re-match) would hold every request until it ends. Jobs call this between steps.
 */
export const letRequestsIn = async (): Promise<void> => {
  await new Promise((resolve) => setImmediate(resolve))
}
