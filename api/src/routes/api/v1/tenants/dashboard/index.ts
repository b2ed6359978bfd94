import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { strategicDashboard } from '../../../../../lib/detect/dashboard.js'
import { responses } from '../../../../../lib/schemas.js'

const TenantOnly = Type.Object({ tenant: Type.String() })
const Priority = Type.Union([Type.Literal('Critical'), Type.Literal('High'), Type.Literal('Medium'), Type.Literal('Low')])
const Risk = Type.Union([Type.Literal('High'), Type.Literal('Medium'), Type.Literal('Low')])
const NullableString = Type.Union([Type.String(), Type.Null()])

const Strategic = Type.Object({
  devices_by_risk: Type.Array(Type.Object({ risk_score: Risk, count: Type.Integer() })),
  devices_by_type: Type.Array(Type.Object({ device_type: Type.String(), count: Type.Integer() })),
  alerts_by_status: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })),
  open_alerts_by_priority: Type.Array(Type.Object({ date: Type.String(), priority: Priority, count: Type.Integer() })),
  top_vulnerable_packages: Type.Array(
    Type.Object({
      name: Type.String(),
      device_count: Type.Integer(),
      cve_count: Type.Integer(),
      kev_count: Type.Integer(),
      max_score: Type.Union([Type.Number(), Type.Null()])
    })
  ),
  cve_counts: Type.Object({
    total: Type.Integer(),
    high_risk: Type.Integer(),
    devices_affected: Type.Integer(),
    kev: Type.Integer({ description: 'distinct CVEs in CISA KEV among the findings' }),
    kev_devices: Type.Integer({ description: 'devices with a KEV finding' }),
    demo: Type.Integer({ description: 'findings only the demo catalogue supports' }),
    kev_loaded: Type.Boolean({ description: "CISA's KEV catalogue is loaded (else kev is unknown, not 0)" })
  }),
  riskiest_devices: Type.Array(
    Type.Object({
      uid: Type.String(),
      hostname: Type.String(),
      risk_score: Risk,
      high_risk_cve_count: Type.Integer(),
      kev_count: Type.Integer()
    }),
    { description: 'devices with KEV findings first, then by risk' }
  ),
  recent_alerts: Type.Array(
    Type.Object({
      uid: Type.String(),
      name: Type.String(),
      priority: Priority,
      status: Type.String(),
      device: NullableString,
      device_hostname: NullableString,
      elastic_alert_created_at: Type.String({ format: 'date-time' })
    })
  )
})

/** Dashboard aggregates (Strategic Overview): devices by risk/type, alerts over time, top packages, CVEs. */
export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/strategic/',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Strategic Overview aggregates of the tenant',
        params: TenantOnly,
        response: responses({ 200: Strategic }, 401, 404)
      }
    },
    async (request) => strategicDashboard(app.db, request.tenantUid)
  )
}
