import { Type, type Static } from 'typebox'
import { NullableString, orderingQuery, pagedList, searchListQuery, searchQuery } from './common.js'
import { Risk } from './devices.js'

// DETECT alerts, their ingestion, the dashboard and the tenant summary (docs/detect-api.md).

export const AlertStatus = Type.Union([Type.Literal('OPEN'), Type.Literal('CLOSED')])
export const AlertPriority = Type.Union([
  Type.Literal('Critical'),
  Type.Literal('High'),
  Type.Literal('Medium'),
  Type.Literal('Low')
])

export const AlertParams = Type.Object({ tenant: Type.String(), uid: Type.String({ maxLength: 64 }) })

/**
 * The list's filters, shared by the list, its CSV export and a bulk status change of "all N
 * matching". Lists are comma-separated; the API answers 400 naming the allowed values.
 */
const alertFilters = {
  status: Type.Optional(AlertStatus),
  priority: Type.Optional(
    Type.String({ maxLength: 64, description: 'comma-separated: Critical, High, Medium, Low (any of them)' })
  ),
  device: Type.Optional(Type.String({ maxLength: 64, description: 'a device uid: the alerts of that device' })),
  rule: Type.Optional(Type.String({ maxLength: 500, description: 'an exact rule name (elastic_rule_name)' })),
  created_after: Type.Optional(
    Type.String({ maxLength: 64, description: 'ISO 8601: elastic_alert_created_at at or after this time' })
  ),
  created_before: Type.Optional(
    Type.String({ maxLength: 64, description: 'ISO 8601: elastic_alert_created_at before this time' })
  )
}

export const alertFilterFields = { search: searchQuery, ...alertFilters }

export const AlertFilter = Type.Object(alertFilterFields, { additionalProperties: false })

export const AlertListQuery = searchListQuery(10, 200, alertFilters)

/** The CSV export of the list: the same filters and ordering, every matching row. */
export const AlertExportQuery = Type.Object({ ...alertFilterFields, ordering: orderingQuery }, { additionalProperties: false })

export const AlertListItem = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  device: NullableString,
  device_hostname: NullableString,
  status: AlertStatus,
  priority: AlertPriority,
  elastic_alert_created_at: Type.String({ format: 'date-time' })
})

export const AlertList = pagedList(AlertListItem)

export const AssociatedAlert = Type.Object({
  elastic_rule_name: Type.String(),
  elastic_alert_id: Type.String(),
  link: Type.Union([Type.String({ description: 'uid of that alert in this tenant' }), Type.Null()])
})

/** One alert: its list item's fields, then the detail. */
export const Alert = Type.Interface([AlertListItem], {
  indicator: Type.String(),
  description: Type.String(),
  recommendation: Type.String(),
  summary: Type.String(),
  event_data: Type.Record(Type.String(), Type.Unknown()),
  associated_alert_ids: Type.Array(AssociatedAlert),
  mitre_ids: Type.Array(Type.String()),
  model: Type.String(),
  elastic_rule_id: Type.String(),
  elastic_alert_id: Type.String(),
  elastic_rule_name: Type.String(),
  elastic_index: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' })
})

/** Limits of a status change (PATCH one alert, or a bulk change). */
export const ALERT_STATUS_LIMITS = {
  /** Characters of the optional comment. */
  comment: 1000,
  /** Alert uids in one bulk change (a change of "all N matching" has no limit). */
  uids: 10_000
} as const

const StatusComment = Type.String({
  maxLength: ALERT_STATUS_LIMITS.comment,
  description: `optional note kept in the alert's history (≤ ${ALERT_STATUS_LIMITS.comment} characters)`
})

export const AlertPatch = Type.Object(
  { status: AlertStatus, comment: Type.Optional(StatusComment) },
  { additionalProperties: false }
)

// POST .../alerts/bulk-status/: close or reopen many alerts in one action.
export const AlertBulkStatus = Type.Object(
  {
    status: AlertStatus,
    comment: Type.Optional(StatusComment),
    uids: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), {
        minItems: 1,
        maxItems: ALERT_STATUS_LIMITS.uids,
        description: 'the alerts to change; a uid that names no alert of the tenant is rejected by its index, the others change'
      })
    ),
    filter: Type.Optional(
      Type.Object(alertFilterFields, {
        additionalProperties: false,
        description: 'instead of uids: every alert the list shows with these filters ("select all N matching"); {} is every alert'
      })
    )
  },
  { additionalProperties: false, description: 'Send either uids or filter.' }
)

export const AlertBulkStatusAnswer = Type.Object({
  matched: Type.Integer({ description: 'alerts found (by uid or by the filter)' }),
  changed: Type.Integer({ description: 'alerts whose status changed: one history entry each' }),
  unchanged: Type.Integer({ description: 'alerts already in that status: nothing recorded' }),
  rejected: Type.Array(
    Type.Object({
      index: Type.Integer({ description: '0-based position in uids[]' }),
      uid: Type.String(),
      detail: Type.String()
    })
  )
})

/** Limits of one ingest request (POST .../alerts/ingest/). */
export const ALERT_INGEST_LIMITS = {
  bodyBytes: 16 * 1024 * 1024,
  alerts: 1_000,
  /** One alert document, serialised. */
  alertBytes: 256 * 1024,
  text: 20_000,
  related: 100,
  /** Objects and arrays inside one document (the document itself is level 1). */
  depth: 32
} as const

export const AlertIngestHeaders = Type.Object(
  {
    'x-api-key': Type.Optional(Type.String({ description: 'An API key of this tenant (API Keys page).' }))
  },
  { additionalProperties: true }
)

export const AlertIngestBody = Type.Record(Type.String(), Type.Unknown(), {
  description: `One Elastic Security alert document, or {"alerts": [...]} with up to ${ALERT_INGEST_LIMITS.alerts}. Nested or flattened (dotted) keys: kibana.alert.rule.name, kibana.alert.uuid (or _id), @timestamp (or kibana.alert.original_time), kibana.alert.severity, kibana.alert.rule.threat[].technique[].id, kibana.alert.reason, kibana.alert.group.id, host.name or device (a device uid of this tenant), related / associated_alert_ids; other non-kibana fields become event_data.`
})

export const AlertIngestAnswer = Type.Object({
  received: Type.Integer(),
  created: Type.Integer(),
  duplicates: Type.Integer({ description: 'alert ids already stored (or repeated in the body): nothing changed for them' }),
  rejected: Type.Array(
    Type.Object({ index: Type.Integer({ description: '0-based position in alerts[]' }), detail: Type.String() })
  )
})

// GET .../dashboard/strategic/ (Strategic Overview).
export const StrategicDashboard = Type.Object({
  devices_by_risk: Type.Array(Type.Object({ risk_score: Risk, count: Type.Integer() })),
  devices_by_type: Type.Array(Type.Object({ device_type: Type.String(), count: Type.Integer() })),
  alerts_by_status: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })),
  open_alerts_by_priority: Type.Array(
    Type.Object({
      date: Type.String({ description: 'YYYY-MM-DD: last 30 days, by the day the alert was created' }),
      priority: AlertPriority,
      count: Type.Integer()
    })
  ),
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
      priority: AlertPriority,
      status: Type.String(),
      device: NullableString,
      device_hostname: NullableString,
      elastic_alert_created_at: Type.String({ format: 'date-time' })
    })
  )
})

// GET .../summaries/latest/, POST .../summaries/: the summary the dashboard shows as exec_summary.
export const SummaryCounts = Type.Object({
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
})

export const WorstFinding = Type.Object({
  device_uid: Type.String(),
  hostname: Type.String(),
  cve_id: Type.String(),
  score: Type.Union([Type.Number(), Type.Null()]),
  package: Type.String()
})

export const TenantSummary = Type.Object({
  uid: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  text: Type.String({ description: 'plain-English executive summary' }),
  counts: SummaryCounts,
  worst_findings: Type.Array(WorstFinding)
})

export type AlertStatus = Static<typeof AlertStatus>
export type AlertPriority = Static<typeof AlertPriority>
export type AlertParams = Static<typeof AlertParams>
export type AlertListQuery = Static<typeof AlertListQuery>
export type AlertListItem = Static<typeof AlertListItem>
export type AlertList = Static<typeof AlertList>
export type AssociatedAlert = Static<typeof AssociatedAlert>
export type Alert = Static<typeof Alert>
export type AlertPatch = Static<typeof AlertPatch>
export type AlertFilter = Static<typeof AlertFilter>
export type AlertExportQuery = Static<typeof AlertExportQuery>
export type AlertBulkStatus = Static<typeof AlertBulkStatus>
export type AlertBulkStatusAnswer = Static<typeof AlertBulkStatusAnswer>
export type AlertIngestAnswer = Static<typeof AlertIngestAnswer>
export type StrategicDashboard = Static<typeof StrategicDashboard>
export type SummaryCounts = Static<typeof SummaryCounts>
export type WorstFinding = Static<typeof WorstFinding>
export type TenantSummary = Static<typeof TenantSummary>
