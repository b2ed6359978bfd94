import { count, desc, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.js'
import { actorOfRow, type Actor } from './actor.js'

/** A trail table: rows only ever inserted, ordered by time then id (db/schema/audit.ts). */
type TrailTable = PgTable & { id: PgColumn; createdAt: PgColumn }

/** One page of a trail, newest first, and how many rows match `where`. */
async function trailPage<T extends TrailTable>(
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

/** The actor and time columns every trail row holds (db/schema/audit.ts). */
type TrailRow = { createdAt: Date } & Parameters<typeof actorOfRow>[0]

/**
 * A trail's answer: how many rows match `where`, and one page of them, newest first, each as
 * its time, what `entry` says of it, then who did it.
 */
export async function trail<T extends TrailTable, E extends object>(
  db: Db,
  table: T,
  where: SQL,
  page: { limit: number; offset: number },
  entry: (row: T['$inferSelect']) => E
): Promise<{ count: number; results: Array<{ at: string } & E & { actor: Actor }> }> {
  const { count, rows } = await trailPage(db, table, where, page)
  return {
    count,
    results: rows.map((row) => ({
      at: (row as TrailRow).createdAt.toISOString(),
      ...entry(row),
      actor: actorOfRow(row as TrailRow)
    }))
  }
}
