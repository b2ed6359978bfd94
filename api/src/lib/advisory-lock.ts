import postgres from 'postgres'

/**
 * One holder at a time across every process on one PostgreSQL (WORKERS, or several servers): a
 * session-level advisory lock on a fixed key, held on a connection of its own for the whole job
 * (the pool's connections come and go between statements). PGlite needs none: its data-folder
 * lock already allows one process.
 */

/** Releases the lock. */
export type Unlock = () => Promise<void>

/** Takes the lock on `key`, or answers null when another process holds it. */
export async function tryAdvisoryLock(databaseUrl: string | undefined, key: bigint): Promise<Unlock | null> {
  if (databaseUrl === undefined) return async () => {}
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const [row] = await client`SELECT pg_try_advisory_lock(${key.toString()}::bigint) AS ok`
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
    await client`SELECT pg_advisory_unlock(${key.toString()}::bigint)`.catch(() => {})
    await client.end({ timeout: 5 })
  }
}

/** A job's key: its name's first 8 bytes as a number ("feedsync" → 0x6665656473796e63), the same in every process. */
export const lockKey = (name: string): bigint => {
  const bytes = Buffer.alloc(8)
  bytes.write(name.slice(0, 8), 'latin1')
  return bytes.readBigUInt64BE() & 0x7fffffffffffffffn
}
