import { lockKey, tryAdvisoryLock, type Unlock } from '../advisory-lock.js'

/** One feed sync at a time across every process on one PostgreSQL (see advisory-lock.ts). */
export const FEED_SYNC_LOCK_KEY = lockKey('feedsync')

export type { Unlock }

/** Takes the lock, or answers null when another process holds it. */
export const tryFeedSyncLock = (databaseUrl: string | undefined): Promise<Unlock | null> =>
  tryAdvisoryLock(databaseUrl, FEED_SYNC_LOCK_KEY)
