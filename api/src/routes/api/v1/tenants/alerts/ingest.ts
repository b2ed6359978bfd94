import { ALERT_INGEST_LIMITS, AlertIngestAnswer, AlertIngestBody, AlertIngestHeaders, TenantParams } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ingestAlerts } from '../../../../../lib/detect/elastic-alerts.js'
import { DUPLICATE_KEY } from '../../../../../lib/json-inspect.js'
import { regenerateSummarySoon } from '../../../../../lib/detect/summary.js'
import { responses } from '../../../../../lib/schemas.js'
import { TENANT_API_KEY_KIND } from '../../../../../plugins/app/api-key.js'

/** `POST /api/v1/tenants/{tenant}/alerts/ingest/` with a tenant API key: Elastic Security alerts. */
export const alertIngestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/ingest/',
    {
      // Bad documents are rejected one by one (index + reason), not the whole batch: see ingestAlerts.
      config: { auth: 'api-key', apiKeyKinds: [TENANT_API_KEY_KIND], perItemInput: true },
      bodyLimit: ALERT_INGEST_LIMITS.bodyBytes,
      schema: {
        tags: ['alerts'],
        summary: 'Ingest Elastic Security alert documents (X-API-Key of this tenant); idempotent on the alert id',
        params: TenantParams,
        headers: AlertIngestHeaders,
        body: AlertIngestBody,
        response: responses({ 200: AlertIngestAnswer }, 400, 401, 404, 413, 415)
      }
    },
    async (request) => {
      // Strings and depth are checked per document by ingestAlerts; duplicate keys only the parser could see.
      const duplicates = (request.jsonIssues ?? []).filter((issue) => issue.message === DUPLICATE_KEY)
      const answer = await ingestAlerts(app.db, request.tenantUid, request.body, duplicates)
      if (answer.created > 0) await regenerateSummarySoon(app.db, request.tenantUid)
      return answer
    }
  )
}
