import { randomBytes } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { isEmbedded, type Db } from '../db/client.js'

/**
 * The rows of one query in batches, never all at once (the CSV exports). The query runs once and
 * its rows come from a server-side cursor:
 * - PostgreSQL (postgres.js): the driver's cursor, on a connection of its own until the last batch;
 * - PGlite (one connection for everything): `DECLARE … CURSOR WITH HOLD`, which keeps the result
 *   on the database side (in its work memory, then temporary files) and lets each FETCH be a
 *   statement of its own, so other requests' statements run between two batches instead of
 *   waiting for the whole export (or the re-match queue's read).
 * Ending the iteration early (a client that went away) closes the cursor.
 */

export interface CompiledQuery {
  toSQL(): { sql: string; params: unknown[] }
}

interface PostgresJs {
  unsafe(query: string, params: unknown[]): { cursor(rows: number): AsyncIterable<Array<Record<string, unknown>>> }
}
interface Pglite {
  query<T>(query: string, params?: unknown[]): Promise<{ rows: T[] }>
}

export async function* queryBatches<Row extends Record<string, unknown>>(
  db: Db,
  query: CompiledQuery,
  batchSize = 1000
): AsyncGenerator<Row[]> {
  const { sql: text, params } = query.toSQL()
  const client = (db as unknown as { $client: PostgresJs | Pglite }).$client
  if (!isEmbedded(db)) {
    for await (const rows of (client as PostgresJs).unsafe(text, params).cursor(batchSize)) yield rows as Row[]
    return
  }
  const pglite = client as Pglite
  const cursor = `export_${randomBytes(8).toString('hex')}`
  await pglite.query(`declare ${cursor} no scroll cursor with hold for ${text}`, params)
  try {
    for (;;) {
      const { rows } = await pglite.query<Row>(`fetch forward ${batchSize} from ${cursor}`)
      if (rows.length > 0) yield rows
      if (rows.length < batchSize) return
    }
  } finally {
    await pglite.query(`close ${cursor}`)
  }
}

/** An export's columns: header name → SQL expression (a column, a sub-select...). */
export type ExportColumns = Record<string, SQL | AnyPgColumn>

/** A timestamp as the API writes it everywhere (ISO 8601, UTC, milliseconds). */
export const isoText = (column: SQL | AnyPgColumn): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * The select of an export: every column as text under its header name, so both drivers answer
 * the same strings (no driver-specific dates, numbers or JSON) and the names never collide.
 */
export function textSelection(columns: ExportColumns): Record<string, SQL.Aliased<string | null>> {
  return Object.fromEntries(Object.entries(columns).map(([name, expr]) => [name, sql<string | null>`(${expr})::text`.as(name)]))
}

/** The rows of an export's query in batches, each row its cells in header order. */
export async function* exportRows(
  db: Db,
  query: CompiledQuery,
  header: readonly string[]
): AsyncGenerator<Array<string | null>[]> {
  for await (const rows of queryBatches<Record<string, string | null>>(db, query)) {
    yield rows.map((row) => header.map((name) => row[name] ?? null))
  }
}
