import { Remotes } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { createReleaseReader } from '../lib/remote-releases.js'
import { REMOTE_NAMES } from '../plugins/external/static.js'

/**
 * Where the host finds each remote's manifest, read at run time (overridable by env), and the
 * version and build time of the running host and of each remote.
 */
export const remotesRoute: FastifyPluginAsyncTypebox = async (app) => {
  const releases = createReleaseReader(app.config.consoleRoot)
  app.get(
    '/remotes.json',
    {
      schema: {
        tags: ['console'],
        summary: 'The host and its remotes: manifests, versions, build times',
        response: { 200: Remotes }
      },
      config: { auth: 'none' }
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache')
      const [host, detect, insights, threat] = await Promise.all([
        releases.host(),
        ...REMOTE_NAMES.map((name) => releases.remote(name, app.config.remotes[name]))
      ])
      return { host, remotes: { detect, insights, threat } }
    }
  )
}
