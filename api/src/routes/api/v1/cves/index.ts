import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { eq } from 'drizzle-orm'
import { Type } from 'typebox'
import { vulnerabilities } from '../../../../db/schema/index.js'
import { found, uidOr404 } from '../../../../lib/detect/scope.js'
import { responses } from '../../../../lib/schemas.js'

const Description = Type.Object({
  cve_id: Type.String(),
  description: Type.String(),
  score: Type.Union([Type.Number(), Type.Null()]),
  vector: Type.Union([Type.String(), Type.Null()])
})

/** CVE records are global (public knowledge), so any signed-in user may read them. */
export const cveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/:uid/description/', {
    schema: {
      tags: ['cves'],
      summary: 'Description of a CVE by its uid (as given in a package row)',
      params: Type.Object({ uid: Type.String({ maxLength: 64 }) }),
      response: responses({ 200: Description }, 401, 404)
    }
  }, async (request) => {
    const [row] = await app.db.select({
      cve_id: vulnerabilities.cveId,
      description: vulnerabilities.description,
      summary: vulnerabilities.summary,
      score: vulnerabilities.score,
      vector: vulnerabilities.vector
    }).from(vulnerabilities).where(eq(vulnerabilities.uid, uidOr404(request.params.uid)))
    const { summary, ...cve } = found(row)
    return { ...cve, description: cve.description || summary }
  })
}
