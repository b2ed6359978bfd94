/** The sign-in throttle's settings and answers, shared by its database and in-memory counts. */

export interface LoginLimits {
  loginRateLimitPair: number
  loginRateDelaySeconds: number
  loginRateMaxDelaySeconds: number
  loginRateLimitIp: number
  loginRateWindowSeconds: number
}

export type Attempt = { allowed: true } | { allowed: false; retryAfter: number }

export interface Failure {
  /** Failures of this (account, IP) pair so far; the pair waits from limit on. */
  pairFailures: number
  /** Seconds the pair's next try must wait (0: none yet). */
  pairDelay: number
  ipFailures: number
  /** True on the failure that made the IP reach its ceiling (once per window). */
  ipBlocked: boolean
}
