import { Agent, AgentArtifact, AgentList, AgentParams, AgentScript, AgentTypeParams } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Static } from 'typebox'
import { agentArtifact } from '../../../../lib/detect/agents/artifact.js'
import { ensureAgentCatalogue, getAgent, listAgents } from '../../../../lib/detect/agents/catalogue.js'
import { installScript, scriptOrigin, uninstallScript } from '../../../../lib/detect/agents/scripts.js'
import { responses } from '../../../../lib/schemas.js'
import { TENANT_API_KEY_KIND } from '../../../../plugins/app/api-key.js'
import { enrollRoutes } from './enroll.js'

/** The global agent catalogue, artifact downloads and the API-key authenticated install scripts. */
export const agentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app
  // The catalogue is product data, not demo data: make sure it exists on every database.
  app.addHook('onReady', async () => {
    await ensureAgentCatalogue(db)
  })
  await app.register(enrollRoutes)

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['agents'],
        summary: 'Downloadable agent builds',
        response: responses({ 200: AgentList }, 401)
      }
    },
    async () => await listAgents(db)
  )

  app.get(
    '/:uid',
    {
      schema: { tags: ['agents'], summary: 'One agent build', params: AgentParams, response: responses({ 200: Agent }, 401, 404) }
    },
    async (request) => await getAgent(db, request.params.uid)
  )

  // Public on purpose: the artifact holds no secret (enrolment needs a provision token), and the
  // install script fetches it with plain curl/wget.
  app.get(
    '/:uid/download',
    {
      schema: {
        tags: ['agents'],
        summary: 'The agent artifact (Linux: sh agent; RTOS: C SDK tar.gz)',
        params: AgentParams,
        response: responses({ 200: AgentArtifact }, 404)
      },
      config: { auth: 'none' }
    },
    async (request, reply) => {
      const artifact = await agentArtifact(db, request.params.uid)
      return reply
        .type(artifact.contentType)
        .header('content-disposition', `attachment; filename="${artifact.filename}"`)
        .send(artifact.body)
    }
  )

  const origin = (request: { protocol: string; host: string }) =>
    scriptOrigin(app.config.publicUrl, `${request.protocol}://${request.host}`)

  /** GET an agent shell script for `:type` (linux or rtos), sent with no-store: the install script holds the console's origin. */
  const scriptRoute = (
    url: string,
    summary: string,
    script: (
      type: Static<typeof AgentTypeParams>['type'],
      request: { protocol: string; host: string }
    ) => Promise<string> | string
  ) =>
    app.get(
      url,
      {
        schema: { tags: ['agents'], summary, params: AgentTypeParams, response: responses({ 200: AgentScript }, 400, 401) },
        // Tenant API keys only: a report token or a sensor key is a narrower secret, not a way in here.
        config: { auth: 'api-key', apiKeyKinds: [TENANT_API_KEY_KIND] }
      },
      async (request, reply) =>
        reply
          .type('text/x-shellscript; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(await script(request.params.type, request))
    )

  scriptRoute(
    '/:type/install',
    'Install script for linux or rtos (X-API-Key of a tenant)',
    async (type, request) => await installScript(db, type, origin(request))
  )
  scriptRoute('/:type/uninstall', 'Uninstall script for linux or rtos (X-API-Key of a tenant)', (type) => uninstallScript(type))
}
