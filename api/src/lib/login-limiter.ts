import { and, gt, inArray, lte, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { loginFailures } from '../db/schema/index.js'

export interface LoginLimits {
  loginRateLimitAccount: number
  loginRateLimitIp: number
  loginRateWindowSeconds: number
}

/**
 * Failed sign-ins counted per client IP and per account in fixed windows, in the database so the
 * count is shared by every process on one PostgreSQL and survives restarts. Only failures count:
 * people who sign in and out many times (and browser tests) are never locked out.
 */
export class LoginLimiter {
  constructor (private readonly db: Db, private readonly limits: LoginLimits) {}

  private keys (ip: string, email: string) {
    return { ip: `ip:${ip}`, account: `account:${email}` }
  }

  private windowInterval () {
    return sql`make_interval(secs => ${this.limits.loginRateWindowSeconds})`
  }

  /** Seconds until the caller may try again, or 0 when allowed. */
  async retryAfter (ip: string, email: string): Promise<number> {
    const keys = this.keys(ip, email)
    const rows = await this.db.select({
      key: loginFailures.key,
      count: loginFailures.count,
      remaining: sql<string>`extract(epoch from (${loginFailures.windowStart} + ${this.windowInterval()} - now()))`
    })
      .from(loginFailures)
      .where(and(
        inArray(loginFailures.key, [keys.ip, keys.account]),
        gt(loginFailures.windowStart, sql`now() - ${this.windowInterval()}`)
      ))
    let wait = 0
    for (const row of rows) {
      const limit = row.key === keys.ip ? this.limits.loginRateLimitIp : this.limits.loginRateLimitAccount
      if (row.count >= limit) wait = Math.max(wait, Math.max(1, Math.ceil(Number(row.remaining))))
    }
    return wait
  }

  async recordFailure (ip: string, email: string): Promise<void> {
    const keys = this.keys(ip, email)
    const expired = sql`${loginFailures.windowStart} <= now() - ${this.windowInterval()}`
    await this.db.insert(loginFailures)
      .values([keys.ip, keys.account].map((key) => ({ key, windowStart: sql`now()`, count: 1 })))
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${loginFailures.windowStart} end`
        }
      })
  }

  /** A successful sign-in clears the account's counter (never the IP's) and prunes old windows. */
  async recordSuccess (email: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, `account:${email}`))
    await this.db.delete(loginFailures).where(lte(loginFailures.windowStart, sql`now() - ${this.windowInterval()}`))
  }
}
