/** Messages between the server's thread and the thread that runs PGlite (pglite-thread.ts, pglite-worker.ts). */

export interface PgliteInit {
  /** The PGlite folder, or null for a database in memory. */
  folder: string | null
  /** A data-folder dump to start from (skips the slow initdb). */
  template?: Uint8Array
}

/** Only what a structured clone keeps: the parsers drizzle passes are identities, sent as type ids. */
export interface QueryOptionsMessage {
  rowMode?: 'array' | 'object'
  /** Type ids whose text is kept as it is (drizzle keeps dates, timestamps and intervals as text). */
  textTypes?: number[]
}

export type PgliteRequest = { id: number } & (
  | { op: 'open'; init: PgliteInit }
  | { op: 'query'; text: string; params: unknown[]; options: QueryOptionsMessage; tx?: number }
  | { op: 'exec'; text: string; options: QueryOptionsMessage; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' }
)

/** An error as the other thread can rebuild it: its name, message, stack and plain fields (code, errno, detail...). */
export interface SerializedError {
  name: string
  message: string
  stack?: string
  fields: Record<string, string | number | boolean>
  cause?: SerializedError
}

export type PgliteReply = { id: number } & ({ value: unknown } | { error: SerializedError })

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== 'object' || error === null) return { name: 'Error', message: String(error), fields: {} }
  const object = error as Record<string, unknown>
  const fields: SerializedError['fields'] = {}
  // Plain fields only: PGlite's errors also carry the query's options (parser functions), which cannot be cloned.
  for (const [key, value] of Object.entries(object)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value
  }
  return {
    name: typeof object.name === 'string' ? object.name : 'Error',
    message: typeof object.message === 'string' ? object.message : String(error),
    ...(typeof object.stack === 'string' ? { stack: object.stack } : {}),
    fields,
    ...(object.cause !== undefined && depth < 4 ? { cause: serializeError(object.cause, depth + 1) } : {})
  }
}

export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message, serialized.cause === undefined ? {} : { cause: deserializeError(serialized.cause) })
  Object.assign(error, serialized.fields)
  error.name = serialized.name
  if (serialized.stack !== undefined) error.stack = serialized.stack
  return error
}
