import { TenantParams, TenantSummary } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { latestSummary, regenerateSummary, summaryJson } from '../../../../../lib/detect/summary.js'
import { responses } from '../../../../../lib/schemas.js'

/** The tenant summary the dashboard shows as exec_summary; regenerated when data changes. */
export const summaryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/latest/',
    {
      schema: {
        tags: ['summaries'],
        summary: 'The latest summary of the tenant (computed now if none exists)',
        params: TenantParams,
        response: responses({ 200: TenantSummary }, 401, 404)
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
        params: TenantParams,
        response: responses({ 201: TenantSummary }, 401, 403, 404)
      }
    },
    async (request, reply) => reply.code(201).send(summaryJson(await regenerateSummary(app.db, request.tenantUid)))
  )
}
