import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { insightSbomChunks } from '../../db/schema/index.js'

/**
 * A big SBOM's stored text in pieces (insight_sbom_chunks). The embedded database runs on the
 * server's own thread, and one 20 MB write holds every request up for more than a second; 1 MB
 * pieces, each its own statement, let requests in between. Written before the upload's
 * transaction, which then only points the SBOM row at them.
 */

/** Characters of base64 per piece (a multiple of 4, though the pieces are joined before decoding). */
export const CHUNK_CHARS = 1024 * 1024

/** Writes the text in pieces when it is longer than one; the upload id to point at, or null (store it inline). */
export async function stageChunks(db: Db, tenantUid: string, reportUid: string, text: string): Promise<string | null> {
  if (text.length <= CHUNK_CHARS) return null
  const uploadUid = randomUUID()
  try {
    for (let seq = 0; seq * CHUNK_CHARS < text.length; seq++) {
      await db
        .insert(insightSbomChunks)
        .values({ tenantUid, reportUid, uploadUid, seq, data: text.slice(seq * CHUNK_CHARS, (seq + 1) * CHUNK_CHARS) })
    }
  } catch (error) {
    await dropChunks(db, uploadUid)
    throw error
  }
  return uploadUid
}

export async function dropChunks(db: Db, uploadUid: string): Promise<void> {
  await db.delete(insightSbomChunks).where(eq(insightSbomChunks.uploadUid, uploadUid))
}

/** The stored base64 text: the row's own, or its upload's pieces read one at a time. */
export async function sbomText(db: Db, row: { gzip: string; upload: string | null }): Promise<string> {
  if (row.upload === null) return row.gzip
  const pieces: string[] = []
  for (let seq = 0; ; seq++) {
    const [piece] = await db
      .select({ data: insightSbomChunks.data })
      .from(insightSbomChunks)
      .where(and(eq(insightSbomChunks.uploadUid, row.upload), eq(insightSbomChunks.seq, seq)))
    if (piece === undefined) return pieces.join('')
    pieces.push(piece.data)
  }
}
