import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { loginFailures } from '../db/schema/index.js'
import { databaseTrouble } from '../db/errors.js'
import { MemoryLoginCounts } from './login-limiter-memory.js'
import type { Attempt, Failure, LoginLimits } from './login-limits.js'
import { hashToken } from './tokens.js'

/** A pair's failures are forgotten a day after its last one (or at once by a successful sign-in). */
export const PAIR_MEMORY_SECONDS = 24 * 60 * 60

/** The account as logs and keys show it: the first 16 hex digits of SHA-256(lower-cased email). */
export const accountHash = (email: string): string => hashToken(email).slice(0, 16)

/**
 * Failed sign-ins, in the database so every process on one PostgreSQL shares them and restarts
 * forget nothing (OWASP ASVS 5.0 V6.1.1 / V6.3.1, NIST SP 800-63B §5.2.2):
 * - per (account, client IP) pair: `loginRateLimitPair` free failures, then each next try waits
 *   `loginRateDelaySeconds`, doubled per further failure, at most `loginRateMaxDelaySeconds`.
 *   Only that pair waits: the account is never locked for everyone, so an attacker cannot lock
 *   the real user out from another address.
 * - per client IP: at most `loginRateLimitIp` failures per `loginRateWindowSeconds` over all
 *   accounts, which stops a password spray while leaving room for a NAT of analysts.
 * Only failures count: people who sign in and out often (and browser tests) never wait.
 */
export class LoginLimiter {
  private readonly memory: MemoryLoginCounts

  constructor(
    private readonly db: Db,
    private readonly limits: LoginLimits,
    /** Told when the database could not record an attempt and memory took over (for a log line). */
    private readonly onStorageError: (error: unknown) => void = () => {}
  ) {
    this.memory = new MemoryLoginCounts(limits, PAIR_MEMORY_SECONDS)
  }

  /**
   * Runs a database step; when the database cannot write (full disk, read-only), the same rule
   * runs on this process's memory instead, so a sign-in never fails for want of a counter and
   * the throttle never opens. Any other error (unreachable, a bug) goes on.
   */
  private async orMemory<T>(step: () => Promise<T>, fallback: () => T): Promise<T> {
    try {
      return await step()
    } catch (error) {
      if (databaseTrouble(error) !== 'storage') throw error
      this.onStorageError(error)
      return fallback()
    }
  }

  private pairKey(ip: string, email: string): string {
    return `pair:${ip} ${accountHash(email)}`
  }

  private ipKey(ip: string): string {
    return `ip:${ip}`
  }

  private seconds(value: number) {
    return sql`make_interval(secs => ${value})`
  }

  /** The wait after `count` failures of a pair, in seconds (SQL, from the row's own count). */
  private delayAfter(count: unknown) {
    const { loginRateLimitPair: free, loginRateDelaySeconds: base, loginRateMaxDelaySeconds: max } = this.limits
    return sql`least(${max}::float8, ${base}::float8 * power(2::float8, greatest(${count} - ${free}, 0)))`
  }

  delayFor(failures: number): number {
    const { loginRateLimitPair: free, loginRateDelaySeconds: base, loginRateMaxDelaySeconds: max } = this.limits
    return failures < free ? 0 : Math.min(max, base * 2 ** (failures - free))
  }

  /**
   * Claims one attempt for the pair, in ONE statement, so concurrent guesses cannot all slip
   * through before the first failure is written: the claim counts as a failure until
   * `succeeded()` clears the pair. Refused while the IP is at its ceiling or the pair waits.
   */
  async begin(ip: string, email: string): Promise<Attempt> {
    return await this.orMemory(
      () => this.beginInDb(ip, email),
      () => this.memory.begin(this.pairKey(ip, email), this.ipKey(ip))
    )
  }

  private async beginInDb(ip: string, email: string): Promise<Attempt> {
    const ipWait = await this.ipRetryAfter(ip)
    if (ipWait > 0) return { allowed: false, retryAfter: ipWait }

    const key = this.pairKey(ip, email)
    const forgotten = sql`${loginFailures.lastFailureAt} <= now() - ${this.seconds(PAIR_MEMORY_SECONDS)}`
    // Only while the pair may try: under its limit, or its wait is over.
    const claimed = await this.countFailure(
      key,
      forgotten,
      sql`${forgotten} or ${loginFailures.count} < ${this.limits.loginRateLimitPair} or
      ${loginFailures.lastFailureAt} + make_interval(secs => ${this.delayAfter(loginFailures.count)}) <= now()`
    )
    if (claimed.length > 0) return { allowed: true }

    const [row] = await this.db
      .select({
        remaining: sql<string>`extract(epoch from (${loginFailures.lastFailureAt} + make_interval(secs => ${this.delayAfter(loginFailures.count)}) - now()))`
      })
      .from(loginFailures)
      .where(eq(loginFailures.key, key))
    return { allowed: false, retryAfter: Math.max(1, Math.ceil(Number(row?.remaining ?? 1))) }
  }

  /**
   * One more failure under `key`, counting from 1 again when `restart` holds for the stored row;
   * with `onlyIf`, the stored row changes only when that holds (no row returned otherwise).
   */
  private async countFailure(key: string, restart: SQL, onlyIf?: SQL): Promise<Array<{ count: number }>> {
    return await this.db
      .insert(loginFailures)
      .values({ key, windowStart: sql`now()`, count: 1, lastFailureAt: sql`now()` })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${restart} then 1 else ${loginFailures.count} + 1 end`,
          windowStart: sql`case when ${restart} then now() else ${loginFailures.windowStart} end`,
          lastFailureAt: sql`now()`
        },
        setWhere: onlyIf
      })
      .returning({ count: loginFailures.count })
  }

  /** The claimed attempt failed: it stays counted for the pair, and counts for the IP. */
  async failed(ip: string, email: string): Promise<Failure> {
    return await this.orMemory(
      () => this.failedInDb(ip, email),
      () => this.memory.failed(this.pairKey(ip, email), this.ipKey(ip), (failures) => this.delayFor(failures))
    )
  }

  private async failedInDb(ip: string, email: string): Promise<Failure> {
    const expired = sql`${loginFailures.windowStart} <= now() - ${this.seconds(this.limits.loginRateWindowSeconds)}`
    const [ipRow] = await this.countFailure(this.ipKey(ip), expired)
    const [pairRow] = await this.db
      .select({ count: loginFailures.count })
      .from(loginFailures)
      .where(eq(loginFailures.key, this.pairKey(ip, email)))
    const pairFailures = pairRow?.count ?? 0
    const ipFailures = ipRow?.count ?? 0
    return {
      pairFailures,
      pairDelay: this.delayFor(pairFailures),
      ipFailures,
      ipBlocked: ipFailures === this.limits.loginRateLimitIp
    }
  }

  /** A successful sign-in clears its pair (never the IP's count) and prunes forgotten rows. */
  async succeeded(ip: string, email: string): Promise<void> {
    this.memory.succeeded(this.pairKey(ip, email))
    await this.orMemory(
      () => this.succeededInDb(ip, email),
      () => undefined
    )
  }

  private async succeededInDb(ip: string, email: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, this.pairKey(ip, email)))
    const oldest = Math.max(PAIR_MEMORY_SECONDS, this.limits.loginRateWindowSeconds)
    await this.db.delete(loginFailures).where(lte(loginFailures.lastFailureAt, sql`now() - ${this.seconds(oldest)}`))
  }

  private async ipRetryAfter(ip: string): Promise<number> {
    const window = this.seconds(this.limits.loginRateWindowSeconds)
    const [row] = await this.db
      .select({
        count: loginFailures.count,
        remaining: sql<string>`extract(epoch from (${loginFailures.windowStart} + ${window} - now()))`
      })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, this.ipKey(ip)), gt(loginFailures.windowStart, sql`now() - ${window}`)))
    if (row === undefined || row.count < this.limits.loginRateLimitIp) return 0
    return Math.max(1, Math.ceil(Number(row.remaining)))
  }
}
