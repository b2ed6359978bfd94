import { ConfigError, type Config } from '../config.js'
import { DataDirLockedError } from '../db/lock.js'
import { databaseTarget, openDatabase, type Database } from '../db/client.js'
import { InputError } from './accounts.js'

/** Errors whose message is the whole story: printed as one line, no stack. */
export function isExpectedError (error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof InputError
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'CONNECT_TIMEOUT'])

/** Drizzle wraps driver errors ("Failed query: ..."); the innermost cause says what went wrong. */
function innermost (error: unknown): unknown {
  let current = error
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause !== undefined; depth++) current = current.cause
  return current
}

/** One clear line for any start-up failure (a refused connection, a locked folder, a bad env). */
export function describeStartupError (error: unknown): string {
  if (isExpectedError(error)) return error.message
  const cause = innermost(error) as (NodeJS.ErrnoException & { errors?: Array<{ code?: string }> }) | undefined
  const code = cause?.code ?? cause?.errors?.[0]?.code
  const message = cause instanceof Error ? (cause.message || code || cause.name) : String(cause)
  const line = (code !== undefined && CONNECTION_CODES.has(code))
    ? `Cannot connect to the PostgreSQL server in DATABASE_URL (${message})`
    : message
  return line.replace(/\s*\n\s*/g, ' ').trim()
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

