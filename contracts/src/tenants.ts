import { Type, type Static } from 'typebox'
import { DateTime, itemList } from './common.js'
import { DeviceType } from './devices.js'

// The tenant and what its admins manage: API keys and provision tokens (`/api/v1/tenants/{tenant}/`).

export const Tenant = Type.Object({ uid: Type.String(), name: Type.String() })

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })
/** A tenant and the uid of one of its items in the URL. */
export const TenantItemParams = Type.Object({ tenant: Type.String(), uid: Type.String({ maxLength: 64 }) })
export const NameBody = Type.Object({ name: Name }, { additionalProperties: false })

export const ApiKey = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  revoked: Type.Boolean(),
  created: DateTime
})
/** The create call's answer: the only time the full key (`prefix.secret`) is sent. */
export const CreatedApiKey = Type.Object({
  ...ApiKey.properties,
  key: Type.String({ description: 'prefix.secret — shown only in this answer' })
})
export const ApiKeyList = itemList(ApiKey)
export const ApiKeyPatch = Type.Object(
  { name: Type.Optional(Name), revoked: Type.Optional(Type.Boolean()) },
  { additionalProperties: false }
)

export const ProvisionToken = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  enabled: Type.Boolean(),
  created_by: Type.String({ description: "the creator's email" }),
  created_at: DateTime,
  token: Type.String()
})
export const ProvisionTokenList = itemList(ProvisionToken)
export const ProvisionTokenPatch = Type.Object(
  { name: Type.Optional(Name), enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false }
)

// Agents: the global catalogue, install scripts, and the enrolment (`/api/v1/agents/`).

export const Agent = Type.Object({
  uid: Type.String(),
  device_type: DeviceType,
  architecture: Type.String(),
  version: Type.String()
})
export const AgentList = itemList(Agent)
export const AgentParams = Type.Object({ uid: Type.String({ maxLength: 64 }) })
export const AgentTypeParams = Type.Object({ type: DeviceType })
export const AgentScript = Type.String({ description: 'POSIX sh script (text/x-shellscript)' })
/** The artifact bytes (sh agent, or the RTOS SDK tar.gz). */
export const AgentArtifact = Type.Unknown()

export const EnrolBody = Type.Object(
  {
    hostname: Type.String({ minLength: 1, maxLength: 255, pattern: '^[^\\x00-\\x1f\\x7f]*$' }),
    device_type: DeviceType,
    machine_id: Type.String({
      minLength: 8,
      maxLength: 128,
      pattern: '^[A-Za-z0-9._:-]+$',
      description:
        "The machine's stable identity (/etc/machine-id, an MCU unique id, a serial number): re-enrolling it finds the same device"
    }),
    agent_version: Type.Optional(Type.String({ maxLength: 64, pattern: '^[^\\x00-\\x1f\\x7f]*$' }))
  },
  { additionalProperties: false }
)

export const EnrolHeaders = Type.Object(
  {
    'x-provision-token': Type.Optional(Type.String({ description: 'An enabled provision token of the tenant the device joins.' }))
  },
  { additionalProperties: true }
)

export const Enrolment = Type.Object({
  uid: Type.String({ description: 'the device uid' }),
  device_type: DeviceType,
  hostname: Type.String(),
  created: Type.Boolean({
    description: 'false when this machine was already enrolled in the tenant (same device, new credential)'
  }),
  credential: Type.String({
    description: 'Send as `Authorization: Device <credential>`. Shown once; only its SHA-256 is stored.'
  }),
  inventory_url: Type.String({ description: 'where to PUT the inventory, relative to the server' })
})

export type Tenant = Static<typeof Tenant>
export type ApiKey = Static<typeof ApiKey>
export type CreatedApiKey = Static<typeof CreatedApiKey>
export type ApiKeyList = Static<typeof ApiKeyList>
export type ApiKeyPatch = Static<typeof ApiKeyPatch>
export type ProvisionToken = Static<typeof ProvisionToken>
export type ProvisionTokenList = Static<typeof ProvisionTokenList>
export type ProvisionTokenPatch = Static<typeof ProvisionTokenPatch>
export type Agent = Static<typeof Agent>
export type AgentList = Static<typeof AgentList>
export type EnrolBody = Static<typeof EnrolBody>
export type Enrolment = Static<typeof Enrolment>
