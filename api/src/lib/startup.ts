import { ConfigError, loadConfig, type Config } from '../config.js'
import { DataDirLockedError } from '../db/lock.js'
import { databaseTarget, openDatabase, type Database } from '../db/client.js'
import { InputError } from './accounts.js'

/** Errors whose message is the whole story: printed as one line, no stack. */
export function isExpectedError (error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof InputError
}

/** One clear line for any start-up failure (a refused connection, a locked folder, a bad env). */
export function describeStartupError (error: unknown): string {
  if (isExpectedError(error)) return error.message
  const err = error as NodeJS.ErrnoException & { errors?: unknown[] }
  if (err?.code === 'ECONNREFUSED' || err?.errors !== undefined) return `Cannot connect to DATABASE_URL: ${err.message || err.code}`
  return err instanceof Error ? err.message : String(error)
}

export async function openConfiguredDatabase (config: Config): Promise<Database> {
  const database = await openDatabase(databaseTarget(config))
  try {
    await database.migrate()
  } catch (error) {
    await database.close().catch(() => {})
    throw error
  }
  return database
}

export { loadConfig }
