import { FeedState, FeedStateQuery } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { feedState } from '../../../../lib/feeds/state.js'
import { responses } from '../../../../lib/schemas.js'

/** The vulnerability feeds are global: any signed-in user may see how fresh they are. */
export const feedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['vulnerability feed'],
        summary: 'Vulnerability feeds: each source and its last sync, advisories per ecosystem, the sync schedule',
        querystring: FeedStateQuery,
        response: responses({ 200: FeedState }, 400, 401)
      }
    },
    async () => await feedState(app.db, app.feedSync.status())
  )
}
