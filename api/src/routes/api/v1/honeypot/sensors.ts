import { HoneypotRangeQuery, HoneypotSensors } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { rangeWindow } from '../../../../lib/honeypot/landscape.js'
import { sensorActivity } from '../../../../lib/honeypot/sensors.js'
import { responses } from '../../../../lib/schemas.js'

export const honeypotSensorsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['honeypot'],
        summary: 'Each live sensor key: its name, last event received, and events in the range',
        querystring: HoneypotRangeQuery,
        response: responses({ 200: HoneypotSensors }, 400, 401)
      }
    },
    async (request) => await sensorActivity(app.db, rangeWindow(request.query.range))
  )
}
