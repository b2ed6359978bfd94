import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { INGEST_LIMITS, ingestAlerts } from '../../../../../lib/detect/elastic-alerts.js'
import { DUPLICATE_KEY } from '../../../../../lib/json-inspect.js'
import { regenerateSummarySoon } from '../../../../../lib/detect/summary.js'
import { responses } from '../../../../../lib/schemas.js'
import { TENANT_API_KEY_KIND } from '../../../../../plugins/app/api-key.js'

const IngestParams = Type.Object({ tenant: Type.String() })
const IngestHeaders = Type.Object(
  {
    'x-api-key': Type.Optional(Type.String({ description: 'An API key of this tenant (API Keys page).' }))
  },
  { additionalProperties: true }
)

const IngestBody = Type.Record(Type.String(), Type.Unknown(), {
  description: `One Elastic Security alert document, or {"alerts": [...]} with up to ${INGEST_LIMITS.alerts}. Nested or flattened (dotted) keys: kibana.alert.rule.name, kibana.alert.uuid (or _id), @timestamp (or kibana.alert.original_time), kibana.alert.severity, kibana.alert.rule.threat[].technique[].id, kibana.alert.reason, kibana.alert.group.id, host.name or device (a device uid of this tenant), related / associated_alert_ids; other non-kibana fields become event_data.`
})

const IngestAnswer = Type.Object({
  received: Type.Integer(),
  created: Type.Integer(),
  duplicates: Type.Integer({ description: 'alert ids already stored (or repeated in the body): nothing changed for them' }),
  rejected: Type.Array(
    Type.Object({ index: Type.Integer({ description: '0-based position in alerts[]' }), detail: Type.String() })
  )
})

/** `POST /api/v1/tenants/{tenant}/alerts/ingest/` with a tenant API key: Elastic Security alerts. */
export const alertIngestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/ingest/',
    {
      // Bad documents are rejected one by one (index + reason), not the whole batch: see ingestAlerts.
      config: { auth: 'api-key', apiKeyKinds: [TENANT_API_KEY_KIND], perItemInput: true },
      bodyLimit: INGEST_LIMITS.bodyBytes,
      schema: {
        tags: ['alerts'],
        summary: 'Ingest Elastic Security alert documents (X-API-Key of this tenant); idempotent on the alert id',
        params: IngestParams,
        headers: IngestHeaders,
        body: IngestBody,
        response: responses({ 200: IngestAnswer }, 400, 401, 404, 413, 415)
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
