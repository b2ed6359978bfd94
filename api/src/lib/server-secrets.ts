import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { serverSecrets } from '../db/schema/index.js'

/**
 * A secret the server makes for itself, 256 random bits, created on first use and kept in the
 * database (`server_secrets`), so every process on one PostgreSQL (and every restart) uses the
 * same one. Insert-if-missing then read: two processes starting at once still agree. Rotating
 * one: delete its row and restart every process.
 */
export async function serverSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.name })
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name))
  return Buffer.from(row!.value, 'base64url')
}
