import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { feedState } from '../../../../lib/feeds/state.js'
import { responses } from '../../../../lib/schemas.js'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()])
const Time = Nullable(Type.String({ format: 'date-time' }))
const Count = Type.Integer({ minimum: 0 })

export const FeedStateResponse = Type.Object({
  sources: Type.Array(
    Type.Object({
      name: Type.String({ description: '"osv:Debian", "kev", "epss", or "file:osv" for import-osv' }),
      kind: Type.Union([Type.Literal('osv'), Type.Literal('kev'), Type.Literal('epss'), Type.Literal('file')]),
      ecosystem: Nullable(Type.String()),
      url: Nullable(Type.String()),
      records: Count,
      version: Nullable(Type.String({ description: 'KEV catalogVersion, EPSS model version' })),
      released_at: Time,
      last_attempt_at: Time,
      last_success_at: Time,
      last_changed_at: Time,
      last_error: Nullable(Type.String()),
      last_error_at: Time,
      applying_since: Nullable(
        Type.String({
          format: 'date-time',
          description:
            'Set while an update is applied in steps (PGlite); set while no sync runs: the copy was left partly updated until the next sync completes it'
        })
      )
    })
  ),
  ecosystems: Type.Array(Type.Object({ ecosystem: Type.String(), advisories: Count, demo_advisories: Count })),
  demo_catalogue: Type.Object({ records: Count }),
  sync: Type.Object({
    interval_hours: Count,
    running: Type.Boolean(),
    next_at: Time
  })
})

/** The vulnerability feeds are global: any signed-in user may see how fresh they are. */
export const feedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['vulnerability feed'],
        summary: 'Vulnerability feeds: each source and its last sync, advisories per ecosystem, the sync schedule',
        querystring: Type.Object({}, { additionalProperties: false }),
        response: responses({ 200: FeedStateResponse }, 400, 401)
      }
    },
    async () => await feedState(app.db, app.feedSync.status())
  )
}
