/**
 * What went wrong, in one line, for any thrown value, and whether it means "the database cannot
 * serve this now" (a 503, not a 500). Drivers throw more than Error objects: PGlite's file system
 * (emscripten) throws plain `{ name: 'ErrnoError', errno }` objects with WASI errno numbers.
 */

/** WASI errno numbers (as PGlite's file system throws them) → [code, text]. */
const WASI_ERRNO: Record<number, [string, string]> = {
  2: ['EACCES', 'permission denied'],
  19: ['EDQUOT', 'disk quota exceeded'],
  22: ['EFBIG', 'file too large'],
  29: ['EIO', 'input/output error'],
  44: ['ENOENT', 'no such file or directory'],
  48: ['ENOMEM', 'out of memory'],
  51: ['ENOSPC', 'no space left on device'],
  54: ['ENOTDIR', 'not a directory'],
  63: ['EPERM', 'operation not permitted'],
  69: ['EROFS', 'read-only file system']
}

interface ErrorLike {
  message?: unknown
  code?: unknown
  errno?: unknown
  name?: unknown
  cause?: unknown
  errors?: Array<{ code?: unknown }>
}

const asObject = (value: unknown): ErrorLike | undefined =>
  typeof value === 'object' && value !== null ? (value as ErrorLike) : undefined

/** Drizzle wraps driver errors ("Failed query: ..."); the innermost cause says what went wrong. */
export function innermostError(error: unknown): unknown {
  let current = error
  for (let depth = 0; depth < 5; depth++) {
    const cause = asObject(current)?.cause
    if (cause === undefined || cause === null) break
    current = cause
  }
  return current
}

/** The error's code: a Node/driver code (ENOSPC, CONNECT_TIMEOUT), a SQLSTATE, or a WASI errno's name. */
export function errorCode(error: unknown): string | undefined {
  const object = asObject(error)
  if (object === undefined) return undefined
  if (typeof object.code === 'string' && object.code !== '') return object.code
  const nested = object.errors?.[0]?.code
  if (typeof nested === 'string') return nested
  if (object.name === 'ErrnoError' && typeof object.errno === 'number')
    return WASI_ERRNO[object.errno]?.[0] ?? `errno ${object.errno}`
  return undefined
}

/** One line saying what went wrong, whatever was thrown: never "[object Object]", never a stack. */
export function describeError(error: unknown): string {
  const object = asObject(error)
  let line: string
  if (object === undefined) {
    line = String(error)
  } else if (object.name === 'ErrnoError' && typeof object.errno === 'number') {
    const known = WASI_ERRNO[object.errno]
    line = known === undefined ? `file system error (errno ${object.errno})` : `${known[1]} (${known[0]})`
  } else if (typeof object.message === 'string' && object.message.trim() !== '') {
    line = object.message
  } else {
    // An AggregateError of refused connections has no message, only codes.
    line = errorCode(error) ?? (typeof object.name === 'string' && object.name !== '' ? object.name : 'unknown error')
  }
  return line.replace(/\s*\n\s*/g, ' ').trim()
}

/** Codes of a connection to the server that could not be made (at start-up: "Cannot connect"). */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'CONNECT_TIMEOUT'
])
/** The code of the error every call gets once PGlite's thread has stopped (db/pglite-thread.ts). */
export const DATABASE_THREAD_STOPPED = 'DATABASE_THREAD_STOPPED'

/** ... and of one that went away later (or the embedded engine's thread that stopped). */
const CONNECTION_CODES = new Set([
  ...CONNECT_CODES,
  DATABASE_THREAD_STOPPED,
  'ENETUNREACH',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED'
])

/** Whether an error's code (errorCode) says the connection to the server could not be made. */
export const cannotConnect = (code: string | undefined): boolean => code !== undefined && CONNECT_CODES.has(code)

const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EFBIG'])

export type DatabaseTrouble =
  /** The server cannot be reached or went away. */
  | 'unreachable'
  /** A statement waited too long (statement_timeout, lock_timeout, deadlock, serialization). */
  | 'busy'
  /** The database cannot store data: disk full, read-only, I/O error. */
  | 'storage'

/**
 * Whether an error (or its cause) says the database cannot serve the request right now: a
 * connection failure, a timeout or lock wait we set, a full disk. Anything else (a bug, a
 * constraint the code should have checked) is not, and stays a 500.
 */
export function databaseTrouble(error: unknown): DatabaseTrouble | undefined {
  for (let current: unknown = error, depth = 0; current !== undefined && current !== null && depth < 6; depth++) {
    const code = errorCode(current)
    if (code !== undefined) {
      if (CONNECTION_CODES.has(code)) return 'unreachable'
      if (STORAGE_CODES.has(code)) return 'storage'
      // SQLSTATE classes: 08 connection exception, 57P0x shutdown / cannot connect now.
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-4]$/.test(code) || code === '53300') return 'unreachable'
      // 57014 query_canceled (statement_timeout), 55P03 lock_not_available (lock_timeout),
      // 40P01 deadlock, 40001 serialization failure, 25P03 idle-in-transaction timeout.
      if (['57014', '55P03', '40P01', '40001', '25P03'].includes(code)) return 'busy'
      // 53100 disk_full, 53200 out_of_memory, 58030 io_error, 25006 read-only transaction (a standby).
      if (['53100', '53200', '58030', '25006'].includes(code)) return 'storage'
    }
    current = asObject(current)?.cause
  }
  return undefined
}

/** The `detail` of a 503 for each kind of trouble; no internals (paths, SQL) reach the client. */
export const TROUBLE_DETAIL: Record<DatabaseTrouble, string> = {
  unreachable: 'The database is unavailable. Try again later.',
  busy: 'The database is busy. Try again in a moment.',
  storage: 'The database cannot store data right now. Try again later.'
}
