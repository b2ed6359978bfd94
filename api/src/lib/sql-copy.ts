import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Db } from '../db/client.js'

/** The postgres.js client of a drizzle transaction: its queries run on the transaction's connection. */
interface PostgresJsClient {
  unsafe(query: string): CopyQuery
}
interface CopyQuery {
  writable(): Promise<NodeJS.WritableStream>
  reject(error: unknown): unknown
}

/** COPY text format: backslash, tab, newline and carriage return escaped; null as \N. */
const ESCAPE = /[\\\t\n\r]/g
const NEEDS_ESCAPE = new RegExp(ESCAPE.source) // the same class, without the g flag's lastIndex
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }
// Most values need no escape: a test is cheaper than a replace with a callback.
const field = (value: string | null): string =>
  value === null ? '\\N' : NEEDS_ESCAPE.test(value) ? value.replace(ESCAPE, (c) => ESCAPED[c]!) : value

/** Rows in COPY text format, one line each (appended field by field: no array per row). */
export const copyText = (rows: Iterable<Array<string | null>>): string => {
  let text = ''
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) text += i === 0 ? field(row[i] ?? null) : `\t${field(row[i] ?? null)}`
    text += '\n'
  }
  return text
}

const clientOf = (tx: Db): unknown => (tx as unknown as { session?: { client?: unknown } }).session?.client

/** Whether copyRows() works on this handle: PostgreSQL (postgres.js), not PGlite. */
export const canCopy = (tx: Db): boolean => typeof clientOf(tx) === 'function'

/**
 * Writes rows into `table (columns)` with `COPY … FROM STDIN` inside the transaction `tx`
 * (PostgreSQL only: see canCopy). COPY parses a row several times faster than json_to_recordset
 * or a multi-row INSERT. `table` and `columns` are written into the SQL as they are: constants only.
 */
export async function copyRows(
  tx: Db,
  table: string,
  columns: readonly string[],
  rows: Iterable<Array<string | null>>
): Promise<void> {
  if (!canCopy(tx)) throw new Error('COPY needs a PostgreSQL transaction (postgres.js)')
  const query = (clientOf(tx) as PostgresJsClient).unsafe(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)
  // postgres.js 3.4.9 never settles the writable when the server refuses the rows after their last
  // byte (a unique violation, a timeout: porsager/postgres#1173, fix not released), so the
  // transaction would hang. The server's error still reaches the query's reject: watch it there.
  const refused = new Promise<never>((_, reject) => {
    const settle = query.reject.bind(query)
    query.reject = (error) => {
      reject(error)
      return settle(error)
    }
  })
  await Promise.race([pipeline(Readable.from([copyText(rows)]), await query.writable()), refused])
}
