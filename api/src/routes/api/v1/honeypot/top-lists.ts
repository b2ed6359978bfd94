import { HoneypotRangeQuery, HoneypotTopLists } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { honeypotTopLists, rangeWindow } from '../../../../lib/honeypot/landscape.js'
import { responses } from '../../../../lib/schemas.js'

export const honeypotTopListsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['honeypot'],
        summary: 'Top source addresses, usernames, passwords and downloaded URLs over a range',
        querystring: HoneypotRangeQuery,
        response: responses({ 200: HoneypotTopLists }, 400, 401)
      }
    },
    async (request) => await honeypotTopLists(app.db, rangeWindow(request.query.range))
  )
}
