import { count, desc, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.js'

/** A trail table: rows only ever inserted, ordered by time then id (db/schema/audit.ts). */
type TrailTable = PgTable & { id: PgColumn; createdAt: PgColumn }

/** One page of a trail, newest first, and how many rows match `where`. */
export async function trailPage<T extends TrailTable>(
  db: Db,
  table: T,
  where: SQL,
  { limit, offset }: { limit: number; offset: number }
): Promise<{ count: number; rows: Array<T['$inferSelect']> }> {
  const [total] = await db
    .select({ n: count() })
    .from(table as PgTable)
    .where(where)
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit)
    .offset(offset)
  return { count: total?.n ?? 0, rows: rows as Array<T['$inferSelect']> }
}
