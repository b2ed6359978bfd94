import { ConfigError, type Config } from '../config.js'
import { DataDirLockedError } from '../db/lock.js'
import { DataDirError, databaseTarget, openDatabase, type Database } from '../db/client.js'
import { InputError } from './accounts.js'
import { cannotConnect, describeError, errorCode, innermostError } from '../db/errors.js'

/** Errors whose message is the whole story: printed as one line, no stack. */
export function isExpectedError(error: unknown): error is Error {
  return (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DataDirError ||
    error instanceof InputError
  )
}

/** One clear line for any start-up failure (a refused connection, a locked folder, a bad env, a full disk). */
export function describeStartupError(error: unknown): string {
  if (isExpectedError(error)) return error.message
  const cause = innermostError(error)
  const message = describeError(cause)
  return cannotConnect(errorCode(cause)) ? `Cannot connect to the PostgreSQL server in DATABASE_URL (${message})` : message
}

/** `requestLimits`: the server's request connections get the DATABASE_*_TIMEOUT_SECONDS limits. */
export async function openConfiguredDatabase(config: Config, options: { requestLimits?: boolean } = {}): Promise<Database> {
  const database = await openDatabase(databaseTarget(config, options))
  try {
    await database.migrate()
  } catch (error) {
    await database.close().catch(() => {})
    throw error
  }
  return database
}
