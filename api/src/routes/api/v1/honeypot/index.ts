import type { Readable } from 'node:stream'
import { HoneypotIngestHeaders, HoneypotIngestResult, HoneypotIngestTooLarge } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ConfigError } from '../../../../config.js'
import { inBackground } from '../../../../db/priority.js'
import { lockKey, tryAdvisoryLock } from '../../../../lib/advisory-lock.js'
import { HttpError } from '../../../../lib/http-error.js'
import { loadGeoTable, type GeoLookup } from '../../../../lib/honeypot/geoip.js'
import { IpDatabase } from '../../../../lib/honeypot/ip-database.js'
import {
  emptyResult,
  INGEST_MAX_BYTES,
  INGEST_MAX_LINES,
  INGEST_MAX_RATIO,
  ingestStream
} from '../../../../lib/honeypot/ingest.js'
import { BodyTooLargeError } from '../../../../lib/honeypot/ndjson.js'
import { pruneHoneypot } from '../../../../lib/honeypot/prune.js'
import { findSensorKey, SENSOR_KEY_KIND } from '../../../../lib/honeypot/sensor-keys.js'
import { responses } from '../../../../lib/schemas.js'
import { honeypotIndicatorsRoutes } from './indicators/index.js'
import { honeypotOriginsRoutes } from './origins.js'
import { honeypotSensorsRoutes } from './sensors.js'
import { honeypotSessionRoutes } from './sessions.js'
import { honeypotTopListsRoutes } from './top-lists.js'
import { honeypotTrendRoutes } from './trend.js'

const PRUNE_EVERY_MS = 60 * 60 * 1000
const FIRST_PRUNE_AFTER_MS = 60 * 1000
/** The retention job's advisory lock (several API processes on one PostgreSQL). */
const HONEYPOT_PRUNE_LOCK_KEY = lockKey('hpprune')

const isReadable = (body: unknown): body is Readable =>
  typeof body === 'object' && body !== null && typeof (body as Readable).pipe === 'function'

/** @fastify/compress counts the compressed bytes it has read on the stream it hands over. */
const encodedCounter = (body: Readable): (() => number) | undefined =>
  typeof (body as Readable & { receivedEncodedLength?: number }).receivedEncodedLength === 'number'
    ? () => (body as Readable & { receivedEncodedLength: number }).receivedEncodedLength
    : undefined

/**
 * Honeynet sensors: `POST /api/v1/honeypot/events/` takes Cowrie JSON lines with a sensor key.
 * Also owns the retention timer, since this is where honeynet data comes in.
 */
export const honeypotRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app
  // ASN and country for lines that carry none: HONEYPOT_GEOIP_FILE, else the packaged IP database
  // (loaded on first need), or nothing (`none`).
  let geo: GeoLookup | null = null
  let prepareGeo: (() => Promise<void>) | undefined
  if (typeof config.honeypotGeoipFile === 'string') {
    try {
      geo = loadGeoTable(config.honeypotGeoipFile)
    } catch (error) {
      throw new ConfigError(`HONEYPOT_GEOIP_FILE cannot be read: ${(error as Error).message}`)
    }
  } else if (config.honeypotGeoipFile === undefined) {
    const database = new IpDatabase()
    geo = database.lookup
    let failed = false
    prepareGeo = async () => {
      if (database.loaded || failed) return
      try {
        const info = await database.load()
        app.log.info({ ipDatabase: info }, 'IP database loaded')
      } catch (error) {
        // Sessions then read "unknown", as without a database; the ingest itself goes on.
        failed = true
        app.log.error({ err: error }, 'IP database could not be loaded')
      }
    }
  }

  const sensorNames = new Map<string, string>()
  app.apiKeyResolvers.push(async (key) => {
    const sensor = await findSensorKey(app.db, key)
    if (sensor === undefined) return null
    sensorNames.set(sensor.id, sensor.name)
    return { kind: SENSOR_KEY_KIND, id: sensor.id, tenantUid: '' }
  })

  // Streamed, not buffered: the handler reads the body itself (size and line limits in ingest.ts).
  // text/plain is safe here: the route takes no cookies, only an X-API-Key header.
  app.addContentTypeParser(['application/x-ndjson', 'application/jsonl', 'text/plain'], (_request, payload, done) => {
    done(null, payload)
  })

  app.post(
    '/events/',
    {
      // Sensor keys only: the honeynet data is shared by every tenant, so a tenant's key must not write it.
      config: { auth: 'api-key', apiKeyKinds: [SENSOR_KEY_KIND] },
      schema: {
        tags: ['honeypot'],
        summary: 'Ingest Cowrie JSON events (one per line) from a honeynet sensor',
        description: `Body: newline-delimited Cowrie JSON (\`application/x-ndjson\` or \`text/plain\`, optionally \`Content-Encoding: gzip\`), at most ${INGEST_MAX_BYTES} bytes (and ${INGEST_MAX_RATIO} times the compressed size), ${INGEST_MAX_LINES} lines (blank ones included), 64 KiB per line. Idempotent: a resent event counts once. Bad lines are reported and skipped. A 413 says what was stored before the limit.`,
        headers: HoneypotIngestHeaders,
        response: { ...responses({ 200: HoneypotIngestResult }, 400, 401, 415), 413: HoneypotIngestTooLarge }
      }
    },
    async (request, reply) => {
      const body: unknown = request.body
      if (!isReadable(body)) throw new HttpError(415, 'Send newline-delimited JSON as application/x-ndjson.')
      // A gzip/deflate/br body arrives here already inflated, as a stream, by @fastify/compress.
      const stream = body
      const principal = request.apiKey!
      const result = emptyResult()
      const encodedBytes = encodedCounter(body)
      try {
        await ingestStream(
          app.db,
          stream,
          {
            retentionDays: config.honeypotRetentionDays,
            defaultSensor: sensorNames.get(principal.id) ?? 'sensor',
            sensorKeyId: principal.id,
            geo,
            ...(prepareGeo === undefined ? {} : { prepareGeo }),
            ...(encodedBytes === undefined ? {} : { encodedBytes })
          },
          result
        )
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          // The counts say exactly what was stored: every good line before the limit.
          void reply.header('connection', 'close')
          return await reply.code(413).send({
            detail: `${error.message} The ${result.accepted + result.duplicates} events before the limit were stored (counts below); send the rest in another request.`,
            ...result
          })
        }
        if ((error as NodeJS.ErrnoException).code?.startsWith('Z_') === true)
          throw new HttpError(400, 'The body cannot be decompressed.')
        throw error
      }
      return result
    }
  )

  // The Threat Landscape's reads (cookie auth, global data: no tenant guard, as the metrics).
  await app.register(honeypotTrendRoutes, { prefix: '/trend' })
  await app.register(honeypotOriginsRoutes, { prefix: '/origins' })
  await app.register(honeypotTopListsRoutes, { prefix: '/top-lists' })
  await app.register(honeypotSessionRoutes)
  await app.register(honeypotSensorsRoutes, { prefix: '/sensors' })
  await app.register(honeypotIndicatorsRoutes, { prefix: '/indicators' })

  // With several API processes on one PostgreSQL, one prunes and the others skip that round.
  const pruneAlone = async () => {
    const unlock = await tryAdvisoryLock(config.databaseUrl, HONEYPOT_PRUNE_LOCK_KEY)
    if (unlock === null) return null
    try {
      // PGlite has no autovacuum: the prune gives the deleted rows' pages back itself.
      return await pruneHoneypot(app.db, config.honeypotRetentionDays, Date.now(), { reclaim: config.databaseUrl === undefined })
    } finally {
      await unlock()
    }
  }
  const prune = () => {
    // Requests go first on PGlite's one connection (db/priority.ts).
    inBackground(pruneAlone).then(
      (pruned) => {
        if (pruned !== null) app.log.info({ pruned }, 'honeypot retention applied')
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'honeypot retention failed')
      }
    )
  }
  let timers: NodeJS.Timeout[] = []
  app.addHook('onReady', async () => {
    timers = [setTimeout(prune, FIRST_PRUNE_AFTER_MS).unref(), setInterval(prune, PRUNE_EVERY_MS).unref()]
  })
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer)
  })
}
