import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { and, eq } from 'drizzle-orm'
import { Type } from 'typebox'
import { osvRecords, osvRecordVulnerabilities, vulnerabilities } from '../../../../db/schema/index.js'
import { found, uidOr404 } from '../../../../lib/tenant-scope.js'
import { responses } from '../../../../lib/schemas.js'
import { advisoryLinks } from '../../../../lib/vulns/advisory-links.js'
import { CVE_ROW_ID, epssOf, epssPercentileOf, kevJson, NullableKev, Probability } from '../../../../lib/vulns/exploits.js'

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
      vector: vulnerabilities.vector,
      aliases: vulnerabilities.aliases,
      source: vulnerabilities.source,
      kev: kevJson(CVE_ROW_ID),
      epss: epssOf(CVE_ROW_ID),
      epss_percentile: epssPercentileOf(CVE_ROW_ID)
    }).from(vulnerabilities).where(eq(vulnerabilities.uid, uidOr404(request.params.uid)))
    const { summary, source, ...cve } = found(row)
    const records = await app.db.select({ id: osvRecords.id }).from(osvRecordVulnerabilities)
      .innerJoin(osvRecords, eq(osvRecords.id, osvRecordVulnerabilities.osvId))
      .where(and(eq(osvRecordVulnerabilities.vulnerabilityUid, request.params.uid), eq(osvRecords.demo, false)))
    return {
      ...cve,
      description: cve.description || summary,
      demo: source === 'seed',
      links: advisoryLinks(cve.cve_id, records.map((record) => record.id), cve.aliases, cve.kev !== null)
    }
  })
}
