import { Type } from 'typebox'
import {
  HoneypotOrigins,
  HoneypotRangeQuery,
  HoneypotSensors,
  HoneypotStixBundle,
  HoneypotTopLists,
  HoneypotTrend
} from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { honeypotIndicators, indicatorsCsv, indicatorsStix } from '../../../../lib/honeypot/indicators.js'
import {
  honeypotOrigins,
  honeypotTopLists,
  honeypotTrend,
  rangeWindow,
  type RangeWindow
} from '../../../../lib/honeypot/landscape.js'
import { sensorActivity } from '../../../../lib/honeypot/sensors.js'
import { responses } from '../../../../lib/schemas.js'
import { honeypotSessionRoutes } from './sessions.js'

/** `honeynet-indicators-7d-20261126T0415Z.csv`: what and when, safe as a file name. */
const fileName = (window: RangeWindow, extension: string): string =>
  `honeynet-indicators-${window.range}-${new Date(window.now).toISOString().replace(/[-:]/g, '').slice(0, 13)}Z.${extension}`

/**
 * The Threat Landscape's aggregates over a chosen range (default 14 days). Global honeynet data:
 * any signed-in user of any tenant reads the same numbers (no tenant guard, as the metrics).
 */
export const honeypotLandscapeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const doc = { tags: ['honeypot'], querystring: HoneypotRangeQuery }

  app.get(
    '/trend/',
    {
      schema: {
        ...doc,
        summary: 'Attacks per hour or day over a range, beside the previous range',
        response: responses({ 200: HoneypotTrend }, 400, 401)
      }
    },
    async (request) => await honeypotTrend(app.db, rangeWindow(request.query.range), app.config.honeypotRetentionDays)
  )

  app.get(
    '/origins/',
    {
      schema: {
        ...doc,
        summary: 'Attacks by country and by ASN: the top 10, the rest and the unknown, of all attacks in the range',
        response: responses({ 200: HoneypotOrigins }, 400, 401)
      }
    },
    async (request) => await honeypotOrigins(app.db, rangeWindow(request.query.range))
  )

  app.get(
    '/top-lists/',
    {
      schema: {
        ...doc,
        summary: 'Top source addresses, usernames, passwords and downloaded URLs over a range',
        response: responses({ 200: HoneypotTopLists }, 400, 401)
      }
    },
    async (request) => await honeypotTopLists(app.db, rangeWindow(request.query.range))
  )

  app.get(
    '/sensors/',
    {
      schema: {
        ...doc,
        summary: 'Each live sensor key: its name, last event received, and events in the range',
        response: responses({ 200: HoneypotSensors }, 400, 401)
      }
    },
    async (request) => await sensorActivity(app.db, rangeWindow(request.query.range))
  )

  app.get(
    '/indicators/csv/',
    {
      schema: {
        ...doc,
        summary: 'Indicators of the range as CSV: type, value, sightings',
        description:
          'Types: ipv4-addr, ipv6-addr (public source addresses), file-sha256, url; most seen first, at most 20,000 of each.',
        produces: ['text/csv'],
        response: responses({ 200: Type.String({ description: 'text/csv' }) }, 400, 401)
      }
    },
    async (request, reply) => {
      const window = rangeWindow(request.query.range)
      const csv = indicatorsCsv(await honeypotIndicators(app.db, window))
      return await reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(window, 'csv')}"`)
        .send(csv)
    }
  )

  app.get(
    '/indicators/stix/',
    {
      schema: {
        ...doc,
        summary: 'Indicators of the range as a STIX 2.1 bundle',
        description: 'An identity, then per address, file hash and URL its observable and an indicator with a STIX pattern.',
        produces: ['application/stix+json'],
        response: responses({ 200: HoneypotStixBundle }, 400, 401)
      }
    },
    async (request, reply) => {
      const window = rangeWindow(request.query.range)
      const bundle = indicatorsStix(await honeypotIndicators(app.db, window), window)
      return await reply
        .type('application/stix+json; version=2.1')
        .header('content-disposition', `attachment; filename="${fileName(window, 'json')}"`)
        .send(JSON.stringify(bundle))
    }
  )

  await app.register(honeypotSessionRoutes)
}
