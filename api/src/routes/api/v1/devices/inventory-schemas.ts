import { Type } from 'typebox'
import { INVENTORY_LIMITS, PRIVILEGES } from '../../../../lib/detect/inventory.js'
import { DeviceType } from '../tenants/devices/schemas.js'

/** Printable text of bounded length (no control characters). */
const Text = (maxLength: number, minLength = 0, description?: string) =>
  Type.String({ minLength, maxLength, pattern: '^[^\\x00-\\x1f\\x7f]*$', ...(description === undefined ? {} : { description }) })

export const InventoryParams = Type.Object({ uid: Type.String({ maxLength: 64 }) })

export const InventoryHeaders = Type.Object(
  {
    authorization: Type.Optional(Type.String({ description: '`Device <credential>`, the credential returned by the enrolment.' }))
  },
  { additionalProperties: true }
)

const UserAccount = Type.Object(
  {
    username: Text(256, 1),
    uid: Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'POSIX uid' }),
    home_directory: Type.Optional(Text(4096)),
    shell: Type.Optional(Text(4096)),
    group_name: Type.Optional(Text(256, 0, 'primary group')),
    privileges: Type.Union(
      PRIVILEGES.map((p) => Type.Literal(p)),
      {
        description:
          'root (uid 0), sudo / wheel / admin (member of that group), standard, service (no login shell or a system uid)'
      }
    )
  },
  { additionalProperties: false }
)

const NetworkInterface = Type.Object(
  {
    name: Text(128, 1),
    state: Type.Optional(Text(32, 0, 'UP, DOWN, UNKNOWN... (kernel operstate)')),
    ip_addresses: Type.Optional(
      Type.Array(Text(64, 1), {
        maxItems: INVENTORY_LIMITS.addressesPerInterface,
        description: 'IPv4/IPv6 addresses (an optional /prefix is accepted and dropped); stored comma-separated'
      })
    )
  },
  { additionalProperties: false }
)

const Package = Type.Object(
  {
    name: Text(256, 1),
    version: Text(256, 1),
    ecosystem: Type.Optional(
      Text(64, 0, 'OSV ecosystem, e.g. "Debian:12"; default: derived from platform_id and platform_version_id')
    ),
    source_name: Type.Optional(Text(256, 0, 'source package (Debian/Alpine OSV records name these); default: name')),
    architecture: Type.Optional(Text(64))
  },
  { additionalProperties: false }
)

const Thread = Type.Object(
  {
    thread_name: Text(128, 1),
    avg_cpu_usage: Type.Number({ minimum: 0, maximum: 100, description: 'percent of one CPU, averaged since the last report' })
  },
  { additionalProperties: false }
)

export const InventoryBody = Type.Object(
  {
    hostname: Text(255, 1),
    device_type: Type.Optional(DeviceType),
    agent_version: Type.Optional(Text(64)),
    platform_name: Type.Optional(Text(200, 0, 'os-release NAME, or the RTOS name')),
    platform_version: Type.Optional(Text(200, 0, 'os-release VERSION (else VERSION_ID), or the RTOS version')),
    platform_id: Type.Optional(Text(64, 0, 'os-release ID, e.g. debian, ubuntu, alpine')),
    platform_version_id: Type.Optional(Text(64, 0, 'os-release VERSION_ID, e.g. 12, 22.04, 3.18.4')),
    kernel_version: Type.Optional(Text(200)),
    kernel_arch: Type.Optional(Text(64)),
    user_accounts: Type.Optional(Type.Array(UserAccount, { maxItems: INVENTORY_LIMITS.accounts })),
    network_interfaces: Type.Optional(Type.Array(NetworkInterface, { maxItems: INVENTORY_LIMITS.interfaces })),
    packages: Type.Optional(Type.Array(Package, { maxItems: INVENTORY_LIMITS.packages })),
    threads: Type.Optional(Type.Array(Thread, { maxItems: INVENTORY_LIMITS.threads }))
  },
  {
    additionalProperties: false,
    description: 'The whole inventory: it replaces the previous one (a missing list is an empty list).'
  }
)

export const InventoryResponse = Type.Object({
  uid: Type.String(),
  last_connected: Type.String({ format: 'date-time' }),
  package_count: Type.Integer(),
  cve_count: Type.Integer(),
  high_risk_cve_count: Type.Integer(),
  alerts_raised: Type.Integer({ description: 'alerts from the built-in detections (0 on the first report: the baseline)' })
})
