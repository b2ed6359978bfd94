import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.js'

/** `db.execute` answers `{ rows }` on PGlite and an array on postgres-js: read both the same way. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[]
  return (result as { rows?: T[] }).rows ?? []
}

/** Splits rows into batches of `size` (multi-row INSERTs stay under the engines' parameter limits). */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Runs a DELETE or UPDATE and counts its rows in SQL (`RETURNING 1`), not by fetching them. */
export async function changedRows(db: Db, statement: SQL): Promise<number> {
  const result = await db.execute(sql`WITH changed AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM changed`)
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0)
}
