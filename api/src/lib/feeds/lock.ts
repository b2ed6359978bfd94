import postgres from 'postgres'

/**
 * One sync at a time across every process on one PostgreSQL: a session-level advisory lock on a
 * fixed key, held on a connection of its own for the whole sync (the pool's connections come and
 * go between statements). PGlite needs none: its data-folder lock already allows one process.
 */

/** "feedsync" as a number: the same key in every process. */
export const FEED_SYNC_LOCK_KEY = 0x6665656473796e63n

/** Releases the lock. */
export type Unlock = () => Promise<void>

/** Takes the lock, or answers null when another process holds it. */
export async function tryFeedSyncLock(databaseUrl: string | undefined): Promise<Unlock | null> {
  if (databaseUrl === undefined) return async () => {}
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const [row] = await client`SELECT pg_try_advisory_lock(${FEED_SYNC_LOCK_KEY.toString()}::bigint) AS ok`
    if (row?.ok !== true) {
      await client.end({ timeout: 5 })
      return null
    }
  } catch (error) {
    await client.end({ timeout: 5 }).catch(() => {})
    throw error
  }
  return async () => {
    // Ending the session releases the lock too; unlocking first says so at once.
    await client`SELECT pg_advisory_unlock(${FEED_SYNC_LOCK_KEY.toString()}::bigint)`.catch(() => {})
    await client.end({ timeout: 5 })
  }
}
