import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import type { Config } from '../config.js'
import { acquireDataDirLock } from './lock.js'
import * as schema from './schema/index.js'

/** One type for both drivers: route code never needs to know which engine runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type DatabaseTarget =
  /** dataDir null: in memory; `template` (a PGlite data-dir dump) skips the slow initdb. */
  | { kind: 'pglite', dataDir: string | null, template?: Blob }
  | { kind: 'postgres', url: string }

export interface Database {
  db: Db
  kind: DatabaseTarget['kind']
  migrate: () => Promise<void>
  close: () => Promise<void>
  /** PGlite only: a dump of the data folder, usable as a `template`. */
  dump?: () => Promise<Blob>
}

/** api/src/db and api/dist/db are both two levels below api/, where drizzle/ lives. */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle')

export function databaseTarget (config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseTarget {
  return config.databaseUrl !== undefined
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir }
}

/** The PGlite files sit in a sub-folder so the lock file and later data never mix with them. */
export const pgliteFolder = (dataDir: string): string => path.join(dataDir, 'pglite')

export async function openDatabase (target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const sql = postgres(target.url, { max: 10, onnotice: () => {} })
    const db = drizzlePostgres({ client: sql, schema })
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }),
      close: () => sql.end({ timeout: 5 })
    }
  }

  const release = target.dataDir === null ? () => {} : acquireDataDirLock(target.dataDir)
  let client: PGlite
  try {
    const options = target.template === undefined ? {} : { loadDataDir: target.template }
    client = target.dataDir === null
      ? await PGlite.create(options)
      : await PGlite.create(pgliteFolder(target.dataDir), options)
  } catch (error) {
    release()
    throw error
  }
  const db = drizzlePglite({ client, schema })
  let closed = false
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    dump: () => client.dumpDataDir('none'),
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
