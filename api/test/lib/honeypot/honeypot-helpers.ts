import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { createSensorKey } from '../../../src/lib/honeypot/sensor-keys.js'

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures')
const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'drizzle')

/** The INSERT statements of a migration file (its backfill), comments removed. */
export function migrationInserts(file: string): string[] {
  return fs
    .readFileSync(path.join(migrations, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.startsWith('INSERT'))
}

/**
 * The hand-written Cowrie sample (real field names, real event order) with its timestamps moved so
 * that its newest event is `newestAgoMs` before now: the file stays a realistic capture while the
 * metrics windows, relative to the clock, still see it.
 */
export function cowrieSample(newestAgoMs = 60 * 60 * 1000): string[] {
  const lines = fs.readFileSync(path.join(fixtures, 'honeypot-cowrie-sample.json'), 'utf8').split('\n').filter(Boolean)
  const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  const newest = Math.max(...events.map((event) => Date.parse(event.timestamp as string)))
  const shift = Date.now() - newestAgoMs - newest
  return events.map((event) =>
    JSON.stringify({ ...event, timestamp: new Date(Date.parse(event.timestamp as string) + shift).toISOString() })
  )
}

/** A minimal Cowrie event at `agoMs` before now. */
export function cowrieEvent(eventid: string, session: string, agoMs: number, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    eventid,
    session,
    src_ip: '203.0.113.7',
    sensor: 'test-sensor',
    timestamp: new Date(Date.now() - agoMs).toISOString(),
    message: eventid,
    ...fields
  })
}

export async function sensorKey(app: FastifyInstance, name = 'test-sensor'): Promise<string> {
  return (await createSensorKey(app.db, name)).key
}

export async function ingest(
  app: FastifyInstance,
  key: string | undefined,
  lines: string[] | string,
  contentType = 'application/x-ndjson'
) {
  return await app.inject({
    method: 'POST',
    url: '/api/v1/honeypot/events/',
    headers: { 'content-type': contentType, ...(key === undefined ? {} : { 'x-api-key': key }) },
    payload: Array.isArray(lines) ? `${lines.join('\n')}\n` : lines
  })
}
