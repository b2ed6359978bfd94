import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { honeypotSensorKeys } from '../../db/schema/index.js'
import { InputError } from '../accounts.js'
import { hashToken, randomToken } from '../tokens.js'

/** Every sensor key starts so; other API-key resolvers (and a log reader) can tell it apart. */
export const SENSOR_KEY_PREFIX = 'hps_'
/** The principal kind of a sensor key: the only kind the honeynet ingest accepts. */
export const SENSOR_KEY_KIND = 'sensor'

export interface SensorKeyInfo {
  id: string
  name: string
  prefix: string
  createdAt: Date
  revokedAt: Date | null
}

/** Creates a key and returns it in full: the only time it exists outside the sensor. */
export async function createSensorKey(db: Db, name: string): Promise<{ key: string; info: SensorKeyInfo }> {
  const trimmed = name.trim()
  if (trimmed === '' || trimmed.length > 200) throw new InputError('The sensor key name must be 1 to 200 characters')
  const key = `${SENSOR_KEY_PREFIX}${randomToken()}`
  const [row] = await db
    .insert(honeypotSensorKeys)
    .values({ name: trimmed, prefix: key.slice(0, SENSOR_KEY_PREFIX.length + 8), keyHash: hashToken(key) })
    .returning()
  return { key, info: row! }
}

export async function listSensorKeys(db: Db): Promise<SensorKeyInfo[]> {
  return await db
    .select({
      id: honeypotSensorKeys.id,
      name: honeypotSensorKeys.name,
      prefix: honeypotSensorKeys.prefix,
      createdAt: honeypotSensorKeys.createdAt,
      revokedAt: honeypotSensorKeys.revokedAt
    })
    .from(honeypotSensorKeys)
    .orderBy(asc(honeypotSensorKeys.createdAt))
}

/** Revokes by id or by the prefix shown in the listing; answers how many keys it revoked. */
export async function revokeSensorKey(db: Db, idOrPrefix: string): Promise<number> {
  const column = /^[0-9a-f-]{36}$/i.test(idOrPrefix) ? honeypotSensorKeys.id : honeypotSensorKeys.prefix
  const rows = await db
    .update(honeypotSensorKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(column, idOrPrefix), isNull(honeypotSensorKeys.revokedAt)))
    .returning({ id: honeypotSensorKeys.id })
  return rows.length
}

/** The live key with this value, if any. */
export async function findSensorKey(db: Db, key: string): Promise<{ id: string; name: string } | undefined> {
  if (!key.startsWith(SENSOR_KEY_PREFIX)) return undefined
  const [row] = await db
    .select({ id: honeypotSensorKeys.id, name: honeypotSensorKeys.name })
    .from(honeypotSensorKeys)
    .where(and(eq(honeypotSensorKeys.keyHash, hashToken(key)), isNull(honeypotSensorKeys.revokedAt)))
  return row
}
