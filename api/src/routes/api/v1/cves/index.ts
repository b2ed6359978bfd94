import { CveDescription, CveParams } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { responses } from '../../../../lib/schemas.js'
import { cveDescription } from '../../../../lib/vulns/cves.js'

/** CVE records are global (public knowledge), so any signed-in user may read them. */
export const cveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:uid/description/',
    {
      schema: {
        tags: ['cves'],
        summary: 'Description of a CVE by its uid (as given in a package row)',
        params: CveParams,
        response: responses({ 200: CveDescription }, 401, 404)
      }
    },
    async (request) => await cveDescription(app.db, request.params.uid)
  )
}
