import type { Attempt, Failure, LoginLimits } from './login-limits.js'

interface Row {
  count: number
  windowStart: number
  last: number
}

/** More rows than this: the forgotten ones go, then the oldest. */
const MAX_ROWS = 50_000

/**
 * The sign-in throttle's rules (LoginLimiter) kept in this process's memory, for the time the
 * database cannot record attempts (a full disk, a read-only database). Without it the throttle
 * would either fail open — unlimited guesses, with a 503 telling a right password from a 401 — or
 * fail closed and refuse everyone. Counts start from nothing here; the database's take over again
 * as soon as it can write.
 */
export class MemoryLoginCounts {
  private readonly rows = new Map<string, Row>()

  constructor(
    private readonly limits: LoginLimits,
    private readonly pairMemorySeconds: number
  ) {}

  private delayAfter(count: number): number {
    const { loginRateLimitPair: free, loginRateDelaySeconds: base, loginRateMaxDelaySeconds: max } = this.limits
    return Math.min(max, base * 2 ** Math.max(count - free, 0))
  }

  begin(pairKey: string, ipKey: string, now = Date.now()): Attempt {
    const windowMs = this.limits.loginRateWindowSeconds * 1000
    const ip = this.rows.get(ipKey)
    if (ip !== undefined && ip.windowStart > now - windowMs && ip.count >= this.limits.loginRateLimitIp) {
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((ip.windowStart + windowMs - now) / 1000)) }
    }
    const pair = this.rows.get(pairKey)
    if (pair === undefined || pair.last <= now - this.pairMemorySeconds * 1000) {
      this.put(pairKey, { count: 1, windowStart: now, last: now })
      return { allowed: true }
    }
    const readyAt = pair.last + this.delayAfter(pair.count) * 1000
    if (pair.count < this.limits.loginRateLimitPair || readyAt <= now) {
      pair.count++
      pair.last = now
      return { allowed: true }
    }
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((readyAt - now) / 1000)) }
  }

  failed(pairKey: string, ipKey: string, delayFor: (failures: number) => number, now = Date.now()): Failure {
    const windowMs = this.limits.loginRateWindowSeconds * 1000
    let ip = this.rows.get(ipKey)
    if (ip === undefined || ip.windowStart <= now - windowMs) {
      ip = { count: 1, windowStart: now, last: now }
      this.put(ipKey, ip)
    } else {
      ip.count++
      ip.last = now
    }
    const pairFailures = this.rows.get(pairKey)?.count ?? 0
    return {
      pairFailures,
      pairDelay: delayFor(pairFailures),
      ipFailures: ip.count,
      ipBlocked: ip.count === this.limits.loginRateLimitIp
    }
  }

  succeeded(pairKey: string): void {
    this.rows.delete(pairKey)
  }

  private put(key: string, row: Row): void {
    this.rows.set(key, row)
    if (this.rows.size <= MAX_ROWS) return
    const forgotten = Date.now() - Math.max(this.pairMemorySeconds, this.limits.loginRateWindowSeconds) * 1000
    for (const [name, value] of this.rows) if (value.last <= forgotten) this.rows.delete(name)
    // Still full (a flood of made-up accounts): the oldest entries (Map keeps insertion order) go.
    for (const name of this.rows.keys()) {
      if (this.rows.size <= MAX_ROWS * 0.9) break
      this.rows.delete(name)
    }
  }
}
