import { HoneypotMetrics, HoneypotMetricsQuery } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { honeypotMetrics } from '../../../../lib/honeypot/metrics.js'
import { responses } from '../../../../lib/schemas.js'

/** Global honeynet metrics: any signed-in user of any tenant reads the same numbers. */
export const honeypotMetricsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['honeypot'],
        summary: 'Honeynet attack metrics (shared threat intelligence)',
        description:
          'An attack is one Cowrie session. Ties in a top list are ordered by value. Unknown ASN or country reads "unknown". Without `range`: the total covers 24 hours, the lists 14 days (spec); with it, all cover the range.',
        querystring: HoneypotMetricsQuery,
        response: responses({ 200: HoneypotMetrics }, 400, 401)
      }
    },
    async (request) => await honeypotMetrics(app.db, Date.now(), request.query.range)
  )
}
