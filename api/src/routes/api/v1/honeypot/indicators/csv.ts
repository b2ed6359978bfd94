import { HoneypotRangeQuery } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { EXPORT_MAX_PER_TYPE, exportFileName, honeypotIndicators, indicatorsCsv } from '../../../../../lib/honeypot/indicators.js'
import { rangeWindow } from '../../../../../lib/honeypot/landscape.js'
import { sendDownload } from '../../../../../lib/http/compression.js'
import { responses } from '../../../../../lib/schemas.js'

export const indicatorsCsvRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['honeypot'],
        summary: 'Indicators of the range as CSV: type, value, sightings',
        description: `Types: ipv4-addr, ipv6-addr (public source addresses), file-sha256, url; most seen first, at most ${EXPORT_MAX_PER_TYPE} of each. A value a spreadsheet would run as a formula starts with an apostrophe.`,
        querystring: HoneypotRangeQuery,
        produces: ['text/csv'],
        response: responses({ 200: Type.String({ description: 'text/csv' }) }, 400, 401)
      }
    },
    async (request, reply) => {
      const window = rangeWindow(request.query.range)
      const csv = indicatorsCsv(await honeypotIndicators(app.db, window))
      return sendDownload(request, reply, { type: 'text/csv; charset=utf-8', name: exportFileName(window, 'csv') }, csv)
    }
  )
}
