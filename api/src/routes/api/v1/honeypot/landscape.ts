import { HoneypotOrigins, HoneypotRangeQuery, HoneypotTopLists, HoneypotTrend } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { honeypotOrigins, honeypotTopLists, honeypotTrend, rangeWindow } from '../../../../lib/honeypot/landscape.js'
import { responses } from '../../../../lib/schemas.js'

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
}
