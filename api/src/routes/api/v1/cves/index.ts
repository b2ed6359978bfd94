import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { responses } from '../../../../lib/schemas.js'
import { cveDescription } from '../../../../lib/vulns/cves.js'
import { NullableKev, Probability } from '../../../../lib/vulns/exploits.js'

const Description = Type.Object({
  cve_id: Type.String(),
  description: Type.String(),
  score: Type.Union([Type.Number(), Type.Null()]),
  vector: Type.Union([Type.String(), Type.Null()]),
  aliases: Type.Array(Type.String()),
  demo: Type.Boolean({ description: 'described by the demo catalogue only (no real advisory names it)' }),
  kev: NullableKev,
  epss: Probability,
  epss_percentile: Probability,
  links: Type.Array(Type.Object({ label: Type.String(), url: Type.String({ format: 'uri' }) }))
})

/** CVE records are global (public knowledge), so any signed-in user may read them. */
export const cveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:uid/description/',
    {
      schema: {
        tags: ['cves'],
        summary: 'Description of a CVE by its uid (as given in a package row)',
        params: Type.Object({ uid: Type.String({ maxLength: 64 }) }),
        response: responses({ 200: Description }, 401, 404)
      }
    },
    async (request) => await cveDescription(app.db, request.params.uid)
  )
}
