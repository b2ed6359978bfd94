import { Health, HealthQuery } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sql } from 'drizzle-orm'
import { within } from '../../../../deadline.js'
import { HttpError } from '../../../../lib/http-error.js'
import { responses } from '../../../../lib/schemas.js'

/** A monitor gives up long before the request timeout: a database that takes longer is "not ready". */
const DATABASE_WAIT_MS = 2000
const TOO_SLOW = 'The database did not answer within 2 s. Try again later.'

/**
 * Public, and says nothing but whether this process can serve now: its database answers a
 * statement. An embedded database that is restarting after a PANIC (db/pglite-thread.ts), a
 * PostgreSQL server that is down or a full disk are 503 with the usual detail (plugins/app/errors.ts).
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['health'],
        summary: 'Whether this API process and its database can serve now (no sign-in needed)',
        querystring: HealthQuery,
        response: responses({ 200: Health }, 400, 503)
      },
      config: { auth: 'none' }
    },
    async (_request, reply) => {
      await within(app.db.execute(sql`SELECT 1`), DATABASE_WAIT_MS, () => new HttpError(503, TOO_SLOW, { 'retry-after': '5' }))
      void reply.header('cache-control', 'no-store')
      return { status: 'ok' as const }
    }
  )
}
