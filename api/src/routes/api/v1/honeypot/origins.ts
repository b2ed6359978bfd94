import { HoneypotOrigins, HoneypotRangeQuery } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { honeypotOrigins, rangeWindow } from '../../../../lib/honeypot/landscape.js'
import { responses } from '../../../../lib/schemas.js'

export const honeypotOriginsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['honeypot'],
        summary: 'Attacks by country and by ASN: the top 10, the rest and the unknown, of all attacks in the range',
        querystring: HoneypotRangeQuery,
        response: responses({ 200: HoneypotOrigins }, 400, 401)
      }
    },
    async (request) => await honeypotOrigins(app.db, rangeWindow(request.query.range))
  )
}
