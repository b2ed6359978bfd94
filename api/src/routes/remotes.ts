import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

const Remotes = Type.Object({ detect: Type.String(), insights: Type.String(), threat: Type.String() })

/** Where the host finds each remote's manifest, read at run time (overridable by env). */
export const remotesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/remotes.json', {
    schema: { tags: ['console'], summary: 'Module federation manifests of the remotes', response: { 200: Remotes } },
    config: { auth: 'none' }
  }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache')
    return app.config.remotes
  })
}
