import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { asc, eq } from 'drizzle-orm'
import { Type } from 'typebox'
import { agents } from '../../../../db/schema/index.js'
import { buildsOf, ensureAgentCatalogue } from '../../../../lib/detect/agents/catalogue.js'
import { linuxAgentScript } from '../../../../lib/detect/agents/linux-agent.js'
import { rtosBundle } from '../../../../lib/detect/agents/rtos-bundle.js'
import {
  linuxInstallScript, linuxUninstallScript, rtosInstallScript, rtosUninstallScript, scriptOrigin
} from '../../../../lib/detect/agents/scripts.js'
import { found, uidOr404 } from '../../../../lib/tenant-scope.js'
import { responses } from '../../../../lib/schemas.js'
import { TENANT_API_KEY_KIND } from '../../../../plugins/app/api-key.js'
import { enrollRoutes } from './enroll.js'

const Agent = Type.Object({
  uid: Type.String(),
  device_type: Type.Union([Type.Literal('linux'), Type.Literal('rtos')]),
  architecture: Type.String(),
  version: Type.String()
})
const AgentParams = Type.Object({ uid: Type.String({ maxLength: 64 }) })
const TypeParams = Type.Object({ type: Type.Union([Type.Literal('linux'), Type.Literal('rtos')]) })
const Script = Type.String({ description: 'POSIX sh script (text/x-shellscript)' })

const COLUMNS = { uid: agents.uid, device_type: agents.deviceType, architecture: agents.architecture, version: agents.version }
type AgentRow = { uid: string, device_type: string, architecture: string, version: string }
const present = (row: AgentRow) => ({ ...row, device_type: row.device_type as 'linux' | 'rtos' })

/** The global agent catalogue, artifact downloads and the API-key authenticated install scripts. */
export const agentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app
  // The catalogue is product data, not demo data: make sure it exists on every database.
  app.addHook('onReady', async () => { await ensureAgentCatalogue(db) })
  await app.register(enrollRoutes)

  app.get('/', {
    prefixTrailingSlash: 'slash',
    schema: { tags: ['agents'], summary: 'Downloadable agent builds', response: responses({ 200: Type.Object({ results: Type.Array(Agent) }) }, 401) }
  }, async () => {
    const rows = await db.select(COLUMNS).from(agents).orderBy(asc(agents.deviceType), asc(agents.architecture), asc(agents.version), asc(agents.uid))
    return { results: rows.map(present) }
  })

  app.get('/:uid', {
    schema: { tags: ['agents'], summary: 'One agent build', params: AgentParams, response: responses({ 200: Agent }, 401, 404) }
  }, async (request) => {
    const [row] = await db.select(COLUMNS).from(agents).where(eq(agents.uid, uidOr404(request.params.uid)))
    return present(found(row))
  })

  // Public on purpose: the artifact holds no secret (enrolment needs a provision token), and the
  // install script fetches it with plain curl/wget.
  app.get('/:uid/download', {
    schema: { tags: ['agents'], summary: 'The agent artifact (Linux: sh agent; RTOS: C SDK tar.gz)', params: AgentParams, response: responses({ 200: Type.Unknown() }, 404) },
    config: { auth: 'none' }
  }, async (request, reply) => {
    const [row] = await db.select(COLUMNS).from(agents).where(eq(agents.uid, uidOr404(request.params.uid)))
    const agent = found(row)
    if (agent.device_type === 'linux') {
      return reply.type('text/x-shellscript; charset=utf-8')
        .header('content-disposition', 'attachment; filename="console-agent"')
        .send(linuxAgentScript(agent.version))
    }
    return reply.type('application/gzip')
      .header('content-disposition', `attachment; filename="console-agent-rtos-${agent.architecture}-${agent.version}.tar.gz"`)
      .send(rtosBundle(agent.version, agent.architecture))
  })

  const origin = (request: { protocol: string, host: string }) =>
    scriptOrigin(app.config.publicUrl, `${request.protocol}://${request.host}`)

  app.get('/:type/install', {
    schema: { tags: ['agents'], summary: 'Install script for linux or rtos (X-API-Key of a tenant)', params: TypeParams, response: responses({ 200: Script }, 400, 401) },
    // Tenant API keys only: a report token or a sensor key is a narrower secret, not a way in here.
    config: { auth: 'api-key', apiKeyKinds: [TENANT_API_KEY_KIND] }
  }, async (request, reply) => {
    const builds = await buildsOf(db, request.params.type)
    const script = request.params.type === 'linux'
      ? linuxInstallScript(origin(request), builds)
      : rtosInstallScript(origin(request), builds)
    return reply.type('text/x-shellscript; charset=utf-8').header('cache-control', 'no-store').send(script)
  })

  app.get('/:type/uninstall', {
    schema: { tags: ['agents'], summary: 'Uninstall script for linux or rtos (X-API-Key of a tenant)', params: TypeParams, response: responses({ 200: Script }, 400, 401) },
    // Tenant API keys only: a report token or a sensor key is a narrower secret, not a way in here.
    config: { auth: 'api-key', apiKeyKinds: [TENANT_API_KEY_KIND] }
  }, async (request, reply) => {
    const script = request.params.type === 'linux' ? linuxUninstallScript() : rtosUninstallScript()
    return reply.type('text/x-shellscript; charset=utf-8').header('cache-control', 'no-store').send(script)
  })
}
