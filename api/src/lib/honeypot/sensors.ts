import type { HoneypotSensors } from '@console/contracts'
import { asc, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { honeypotSensorKeys } from '../../db/schema/index.js'
import { allValues } from './counts.js'
import { windowFields, type RangeWindow } from './landscape.js'

/**
 * Every live sensor key: its name, when it last sent an event, and how many events (by event time)
 * it sent in the window, so a sensor that went quiet shows.
 */
export async function sensorActivity(db: Db, window: RangeWindow): Promise<HoneypotSensors> {
  const keys = await db
    .select({
      id: honeypotSensorKeys.id,
      name: honeypotSensorKeys.name,
      createdAt: honeypotSensorKeys.createdAt,
      lastEventAt: honeypotSensorKeys.lastEventAt
    })
    .from(honeypotSensorKeys)
    .where(isNull(honeypotSensorKeys.revokedAt))
    .orderBy(asc(honeypotSensorKeys.createdAt), asc(honeypotSensorKeys.id))
  const counts = new Map((await allValues(db, 'sensor_key', window.from, null, 100_000)).map((row) => [row.value, row.count]))
  return {
    ...windowFields(window),
    sensors: keys.map((key) => ({
      id: key.id,
      name: key.name,
      created_at: key.createdAt.toISOString(),
      last_event_at: key.lastEventAt?.toISOString() ?? null,
      events: counts.get(key.id) ?? 0
    }))
  }
}
