import { Type } from 'typebox'
import { orderingQuery, pagingQuery, searchQuery } from '../../../../../lib/listing.js'

export const Status = Type.Union([Type.Literal('OPEN'), Type.Literal('CLOSED')])
export const Priority = Type.Union([Type.Literal('Critical'), Type.Literal('High'), Type.Literal('Medium'), Type.Literal('Low')])
const NullableString = Type.Union([Type.String(), Type.Null()])

export const AlertParams = Type.Object({ tenant: Type.String(), uid: Type.String({ maxLength: 64 }) })

export const AlertListQuery = Type.Object(
  {
    search: searchQuery,
    status: Type.Optional(Status),
    ordering: orderingQuery,
    ...pagingQuery(10, 200)
  },
  { additionalProperties: false }
)

export const AlertListItem = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  device: NullableString,
  device_hostname: NullableString,
  status: Status,
  priority: Priority,
  elastic_alert_created_at: Type.String({ format: 'date-time' })
})

export const AlertList = Type.Object({ count: Type.Integer(), results: Type.Array(AlertListItem) })

export const AssociatedAlert = Type.Object({
  elastic_rule_name: Type.String(),
  elastic_alert_id: Type.String(),
  link: Type.Union([Type.String({ description: 'uid of that alert in this tenant' }), Type.Null()])
})

export const Alert = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  device: NullableString,
  device_hostname: NullableString,
  status: Status,
  priority: Priority,
  indicator: Type.String(),
  description: Type.String(),
  recommendation: Type.String(),
  summary: Type.String(),
  event_data: Type.Record(Type.String(), Type.Unknown()),
  elastic_alert_created_at: Type.String({ format: 'date-time' }),
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

export const AlertPatch = Type.Object({ status: Status }, { additionalProperties: false })
