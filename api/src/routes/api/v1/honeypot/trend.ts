import { HoneypotRangeQuery, HoneypotTrend } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { honeypotTrend, rangeWindow } from '../../../../lib/honeypot/landscape.js'
import { responses } from '../../../../lib/schemas.js'

/** Global honeynet data, as the metrics: any signed-in user of any tenant reads the same (no tenant guard). */
export const honeypotTrendRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['honeypot'],
        summary: 'Attacks per hour or day over a range, beside the previous range',
        querystring: HoneypotRangeQuery,
        response: responses({ 200: HoneypotTrend }, 400, 401)
      }
    },
    async (request) => await honeypotTrend(app.db, rangeWindow(request.query.range), app.config.honeypotRetentionDays)
  )
}
