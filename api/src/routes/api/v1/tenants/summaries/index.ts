import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { latestSummary, regenerateSummary, summaryJson } from '../../../../../lib/detect/summary.js'
import { responses } from '../../../../../lib/schemas.js'

const TenantOnly = Type.Object({ tenant: Type.String() })

const Summary = Type.Object({
  uid: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  text: Type.String({ description: 'plain-English executive summary' }),
  counts: Type.Object({
    devices: Type.Integer(),
    linux: Type.Integer(),
    rtos: Type.Integer(),
    packages: Type.Integer(),
    cves: Type.Integer(),
    high_risk_cves: Type.Integer(),
    kev_cves: Type.Optional(Type.Integer({ description: 'distinct CVEs in CISA KEV among the findings' })),
    demo_findings: Type.Optional(Type.Integer({ description: 'findings only the demo catalogue supports' })),
    open_alerts: Type.Integer(),
    closed_alerts: Type.Integer()
  }),
  worst_findings: Type.Array(
    Type.Object({
      device_uid: Type.String(),
      hostname: Type.String(),
      cve_id: Type.String(),
      score: Type.Union([Type.Number(), Type.Null()]),
      package: Type.String()
    })
  )
})

/** The tenant summary the dashboard shows as exec_summary; regenerated when data changes. */
export const summaryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/latest/',
    {
      schema: {
        tags: ['summaries'],
        summary: 'The latest summary of the tenant (computed now if none exists)',
        params: TenantOnly,
        response: responses({ 200: Summary }, 401, 404)
      }
    },
    async (request) => summaryJson(await latestSummary(app.db, request.tenantUid))
  )

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['summaries'],
        summary: 'Regenerate the summary now',
        params: TenantOnly,
        response: responses({ 201: Summary }, 401, 403, 404)
      }
    },
    async (request, reply) => reply.code(201).send(summaryJson(await regenerateSummary(app.db, request.tenantUid)))
  )
}
