import { HoneypotRangeQuery, HoneypotStixBundle } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { exportFileName, honeypotIndicators, indicatorsStixJson } from '../../../../../lib/honeypot/indicators.js'
import { rangeWindow } from '../../../../../lib/honeypot/landscape.js'
import { sendDownload } from '../../../../../lib/http/compression.js'
import { responses } from '../../../../../lib/schemas.js'

export const indicatorsStixRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['honeypot'],
        summary: 'Indicators of the range as a STIX 2.1 bundle',
        description: 'An identity, then per address, file hash and URL its observable and an indicator with a STIX pattern.',
        querystring: HoneypotRangeQuery,
        produces: ['application/stix+json'],
        response: responses({ 200: HoneypotStixBundle }, 400, 401)
      }
    },
    async (request, reply) => {
      const window = rangeWindow(request.query.range)
      const bundle = indicatorsStixJson(await honeypotIndicators(app.db, window), window)
      return sendDownload(
        request,
        reply,
        { type: 'application/stix+json; version=2.1', name: exportFileName(window, 'json') },
        bundle
      )
    }
  )
}
