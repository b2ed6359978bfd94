import { HoneypotSessionList, HoneypotSessionParams, HoneypotSessionsQuery, HoneypotSessionTimeline } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { rangeWindow } from '../../../../lib/honeypot/landscape.js'
import { listSessions, sessionTimeline } from '../../../../lib/honeypot/sessions.js'
import { responses } from '../../../../lib/schemas.js'

/** The honeynet's sessions: a filtered list over a range, and one session's timeline. */
export const honeypotSessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sessions/',
    {
      schema: {
        tags: ['honeypot'],
        summary: 'Sessions (attacks) in a range, newest first, filtered by address, ASN, country, command or file hash',
        querystring: HoneypotSessionsQuery,
        response: responses({ 200: HoneypotSessionList }, 400, 401)
      }
    },
    async (request) => {
      const { range, cursor, limit, ...filters } = request.query
      return await listSessions(app.db, rangeWindow(range), filters, {
        ...(cursor === undefined ? {} : { cursor }),
        ...(limit === undefined ? {} : { limit: Number(limit) })
      })
    }
  )

  app.get(
    '/sessions/:id/',
    {
      schema: {
        tags: ['honeypot'],
        summary: "One session's timeline: connect, logins tried, commands, downloads, close",
        description: 'The id is `<sensor>/<session>`, URL-encoded (`hp-ams-01%2Fa3f1c2e4b5d6`).',
        params: HoneypotSessionParams,
        response: responses({ 200: HoneypotSessionTimeline }, 400, 401, 404)
      }
    },
    async (request) => await sessionTimeline(app.db, request.params.id)
  )
}
