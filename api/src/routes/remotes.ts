import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { createReleaseReader } from '../lib/remote-releases.js'
import { REMOTE_NAMES } from '../plugins/external/static.js'

const Release = {
  name: Type.String(),
  version: Type.Union([Type.String(), Type.Null()], { description: 'null when its build records none or cannot be read' }),
  buildTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()])
}
const Remote = Type.Object({
  ...Release,
  entry: Type.String({ description: 'URL of its mf-manifest.json (REMOTE_<NAME>_URL)' }),
  requires: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'semver ranges it needs from the host' }))
})
const Remotes = Type.Object({
  host: Type.Object(Release),
  remotes: Type.Object({ detect: Remote, insights: Remote, threat: Remote })
})

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
