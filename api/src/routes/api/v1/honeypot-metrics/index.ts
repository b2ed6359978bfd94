import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { honeypotMetrics } from '../../../../lib/honeypot/metrics.js'
import { responses } from '../../../../lib/schemas.js'

const Count = Type.Integer({ minimum: 0 })

export const HoneypotMetricsResponse = Type.Object({
  total_attacks: Type.Integer({ minimum: 0, description: 'Sessions started in the last 24 hours.' }),
  top_asns: Type.Array(Type.Object({ asn: Type.String(), count: Count }), { description: 'Top 10 by sessions, last 14 days.' }),
  top_countries: Type.Array(Type.Object({ country: Type.String(), count: Count }), {
    description: 'Top 10 by sessions, last 14 days.'
  }),
  top_commands: Type.Array(Type.Object({ command: Type.String(), count: Count }), {
    description: 'Top 10 by occurrences, last 14 days.'
  }),
  top_hashes: Type.Array(Type.Object({ hash: Type.String(), count: Count }), {
    description: 'Top 10 file SHA-256 by occurrences, last 14 days.'
  })
})

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
          'An attack is one Cowrie session. Ties in a top list are ordered by value. Unknown ASN or country reads "unknown".',
        response: responses({ 200: HoneypotMetricsResponse }, 401)
      }
    },
    async () => await honeypotMetrics(app.db)
  )
}
