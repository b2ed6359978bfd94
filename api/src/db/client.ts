import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import type { Config } from '../config.js'
import { acquireDataDirLock } from './lock.js'
import * as schema from './schema/index.js'
import { describeError } from './errors.js'
import { PgliteThread } from './pglite-thread.js'

/** One type for both drivers: route code never needs to know which engine runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/**
 * Whether `db` is the embedded PGlite: one connection for everything, so no other session can run
 * between two statements of a transaction (postgres.js's client is a function, PGlite's an object).
 */
export const isEmbedded = (db: Db): boolean => typeof (db as unknown as { $client: unknown }).$client !== 'function'

/** PostgreSQL pool and session limits (env DATABASE_*; see Config). */
export interface PostgresLimits {
  poolMax: number
  connectTimeoutSeconds: number
  /** statement_timeout, lock_timeout, idle_in_transaction_session_timeout of request connections; 0 = none. */
  statementTimeoutSeconds: number
  lockTimeoutSeconds: number
  idleTransactionTimeoutSeconds: number
}

export type DatabaseTarget =
  /** dataDir null: in memory; `template` (a PGlite data-dir dump) skips the slow initdb. */
  | { kind: 'pglite'; dataDir: string | null; template?: Blob }
  /** Without `limits`: the driver's defaults and no session timeouts (the CLI's long imports, tests). */
  | { kind: 'postgres'; url: string; limits?: PostgresLimits }

/** The embedded database folder cannot be created or opened (a full disk, a read-only mount). */
export class DataDirError extends Error {
  override name = 'DataDirError'
}

export interface Database {
  db: Db
  /**
   * For background jobs (the feed sync): on PostgreSQL a small pool of its own, without the
   * request connections' statement and lock timeouts, so a long switch is never cut off and
   * never takes a connection requests need. The same handle as `db` on PGlite (one connection).
   */
  jobDb: Db
  kind: DatabaseTarget['kind']
  migrate: () => Promise<void>
  close: () => Promise<void>
  /** PGlite only: a dump of the data folder, usable as a `template`. */
  dump?: () => Promise<Blob>
}

/** api/src/db and api/dist/db are both two levels below api/, where drizzle/ lives. */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle')

type LimitsConfig = Pick<
  Config,
  | 'databasePoolMax'
  | 'databaseConnectTimeoutSeconds'
  | 'databaseStatementTimeoutSeconds'
  | 'databaseLockTimeoutSeconds'
  | 'databaseIdleTransactionTimeoutSeconds'
>

/**
 * `requestLimits`: the server's connections get the statement, lock and idle-transaction timeouts;
 * the CLI's (long imports run by an operator) only the pool size and connect timeout.
 */
export function databaseTarget(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & LimitsConfig,
  { requestLimits = false } = {}
): DatabaseTarget {
  if (config.databaseUrl === undefined) return { kind: 'pglite', dataDir: config.dataDir }
  const limits: PostgresLimits = {
    poolMax: config.databasePoolMax,
    connectTimeoutSeconds: config.databaseConnectTimeoutSeconds,
    statementTimeoutSeconds: requestLimits ? config.databaseStatementTimeoutSeconds : 0,
    lockTimeoutSeconds: requestLimits ? config.databaseLockTimeoutSeconds : 0,
    idleTransactionTimeoutSeconds: requestLimits ? config.databaseIdleTransactionTimeoutSeconds : 0
  }
  return { kind: 'postgres', url: config.databaseUrl, limits }
}

/** Session parameters sent when a connection opens (PostgreSQL reads them as milliseconds). */
const sessionTimeouts = (limits: PostgresLimits): Record<string, number> => ({
  ...(limits.statementTimeoutSeconds > 0 ? { statement_timeout: limits.statementTimeoutSeconds * 1000 } : {}),
  ...(limits.lockTimeoutSeconds > 0 ? { lock_timeout: limits.lockTimeoutSeconds * 1000 } : {}),
  ...(limits.idleTransactionTimeoutSeconds > 0
    ? { idle_in_transaction_session_timeout: limits.idleTransactionTimeoutSeconds * 1000 }
    : {})
})

/** Background jobs: two connections (the feed sync writes from one at a time). */
const JOB_POOL_MAX = 2

/** The PGlite files sit in a sub-folder so the lock file and later data never mix with them. */
export const pgliteFolder = (dataDir: string): string => path.join(dataDir, 'pglite')

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const { limits } = target
    const connectTimeout = limits === undefined ? {} : { connect_timeout: limits.connectTimeoutSeconds }
    const sql = postgres(target.url, {
      max: limits?.poolMax ?? 10,
      ...connectTimeout,
      // No parallel workers for requests: under concurrent requests on a few cores, starting them
      // costs more than it saves (a device's packages count: 14 ms with a worker, 2 ms without).
      connection: {
        application_name: 'console-api',
        max_parallel_workers_per_gather: 0,
        // No JIT either: the planner's estimates over 20 M package rows cross jit_above_cost for
        // queries that run in 0.1 ms, and compiling them took ~30 ms each (the summary's queries).
        jit: 'off',
        ...(limits === undefined ? {} : sessionTimeouts(limits))
      },
      onnotice: () => {}
    })
    // postgres.js connects lazily: a job pool that never runs costs no connection.
    const jobSql = postgres(target.url, {
      max: JOB_POOL_MAX,
      ...connectTimeout,
      connection: { application_name: 'console-jobs' },
      onnotice: () => {}
    })
    const jobDb = drizzlePostgres({ client: jobSql, schema })
    return {
      db: drizzlePostgres({ client: sql, schema }),
      jobDb,
      kind: 'postgres',
      // A migration may build an index on a big table: no request timeout applies to it.
      migrate: () => migratePostgres(jobDb, { migrationsFolder }),
      close: async () => {
        await Promise.all([sql.end({ timeout: 5 }), jobSql.end({ timeout: 5 })])
      }
    }
  }

  const release = target.dataDir === null ? () => {} : acquireDataDirLock(target.dataDir)
  let client: PgliteThread
  try {
    // On a thread of its own: its statements never hold up this thread's event loop (pglite-thread.ts).
    client = await PgliteThread.open({
      folder: target.dataDir === null ? null : pgliteFolder(target.dataDir),
      ...(target.template === undefined ? {} : { template: new Uint8Array(await target.template.arrayBuffer()) })
    })
  } catch (error) {
    release()
    const folder = target.dataDir === null ? 'memory' : pgliteFolder(target.dataDir)
    throw new DataDirError(`the embedded database in ${folder} cannot be created or opened: ${describeError(error)}`, {
      cause: error
    })
  }
  // Drizzle's PGlite session calls only `query` and `transaction`, which the thread's client answers alike.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema })
  let closed = false
  return {
    db,
    jobDb: db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    dump: () => client.dumpDataDir(),
    close: async () => {
      if (closed) return
      closed = true
      try {
        await client.close()
      } finally {
        release()
      }
    }
  }
}
