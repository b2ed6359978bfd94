import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { rowsOf } from './sql-rows.js'

/** What @fastify/rate-limit asks of a store (its FastifyRateLimitStore, without the route typing). */
export interface RateLimitStore {
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number
  ): void
  child(): RateLimitStore
}

/**
 * @fastify/rate-limit's counters in the database (the `login_failures` counter rows, keyed
 * `flood:<client key>`), so several API processes on one PostgreSQL share one limit instead of
 * each allowing its own. Fixed windows, counted in ONE statement (concurrent requests cannot all
 * slip through). `db` is read per request: the store is made before the database plugin runs.
 */
export function databaseRateLimitStore(db: () => Db): new () => RateLimitStore {
  return class DatabaseRateLimitStore implements RateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number
    ): void {
      const window = sql`make_interval(secs => ${timeWindow / 1000})`
      const expired = sql`login_failures.window_start <= now() - ${window}`
      db()
        .execute(
          sql`INSERT INTO login_failures (key, window_start, count, last_failure_at) VALUES (${`flood:${key}`}, now(), 1, now())
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN ${expired} THEN 1 ELSE login_failures.count + 1 END,
            window_start = CASE WHEN ${expired} THEN now() ELSE login_failures.window_start END,
            last_failure_at = now()
          RETURNING count, greatest(0, extract(epoch from (window_start + ${window} - now())) * 1000)::float8 AS ttl`
        )
        .then(
          (result) => {
            const [row] = rowsOf<{ count: number; ttl: number }>(result)
            callback(null, { current: Number(row?.count ?? 1), ttl: Math.ceil(Number(row?.ttl ?? timeWindow)) })
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)))
        )
    }

    child(): RateLimitStore {
      return this
    }
  }
}
