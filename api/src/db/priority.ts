import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Work that can wait for requests: the server's own jobs (the feed sync and its re-match). On
 * PGlite's one connection (pglite-thread.ts) each of its statements, and each of its transactions
 * as a whole, is sent only once the requests' statements in flight are answered, so a request
 * that misses the cache waits for one statement of the job at most, not one per statement of its
 * own. PostgreSQL serves both at once from its pool and ignores this.
 */
const background = new AsyncLocalStorage<true>()

/** Runs `work` (and everything it awaits) as background work. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work)
}

export function isBackground(): boolean {
  return background.getStore() === true
}

/** When a request last sent a statement (performance.now()), as told by the database client. */
let lastRequestAt = -Infinity

/** Called by the database client for each statement of a request (not of background work). */
export function noteRequest(): void {
  lastRequestAt = performance.now()
}

/**
 * Whether requests used the database within `ms`: background work then writes in smaller
 * transactions (each holds PGlite's one connection for less), and in bigger ones on a quiet server.
 */
export function requestsActive(ms: number): boolean {
  return performance.now() - lastRequestAt < ms
}
