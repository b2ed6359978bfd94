import { Type, type Static } from 'typebox'
import { itemList, NullableDateTime, NullableString, orderingQuery, pagedList, searchListQuery, searchQuery } from './common.js'
import { Coverage, ExploitDataFields, FindingSource, NullableKev, Probability } from './vulns.js'

// DETECT devices: `/api/v1/tenants/{tenant}/devices/` (docs/detect-api.md) and the agents' inventory report.

export const Risk = Type.Union([Type.Literal('High'), Type.Literal('Medium'), Type.Literal('Low')])
export const DeviceType = Type.Union([Type.Literal('linux'), Type.Literal('rtos')])

export const TenantParams = Type.Object({ tenant: Type.String() })
export const DeviceParams = Type.Object({ tenant: Type.String(), uid: Type.String({ maxLength: 64 }) })

const YesNo = (description: string) => Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description }))

/** The device list's filters, shared by the list and its CSV export (lists comma-separated; 400 names the allowed values). */
const deviceFilters = {
  device_type: Type.Optional(Type.String({ maxLength: 64, description: 'comma-separated: linux, rtos' })),
  platform: Type.Optional(
    Type.String({ maxLength: 200, description: 'an exact platform name (platform_name), e.g. "Debian GNU/Linux"' })
  ),
  risk: Type.Optional(Type.String({ maxLength: 64, description: 'comma-separated: High, Medium, Low' })),
  has_kev: YesNo('true: devices with a finding on a CVE in CISA KEV; false: devices without'),
  has_high_risk: YesNo('true: devices with a high-risk finding (CVSS > 7.5); false: devices without'),
  last_connected_after: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 8601: last seen at or after this time' })),
  last_connected_before: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'ISO 8601: last seen before this time (a device that never reported is not included)'
    })
  )
}

export const deviceFilterFields = { search: searchQuery, ...deviceFilters }

export const DeviceListQuery = searchListQuery(10, 200, deviceFilters)

/** A device's package and finding counts, in every answer about a device. */
const PackageCounts = {
  package_count: Type.Integer(),
  cve_count: Type.Integer(),
  high_risk_cve_count: Type.Integer()
}

/** The CSV export of the list: the same filters and ordering, every matching row. */
export const DeviceExportQuery = Type.Object({ ...deviceFilterFields, ordering: orderingQuery }, { additionalProperties: false })

export const DeviceListItem = Type.Object({
  uid: Type.String(),
  hostname: Type.String(),
  device_type: DeviceType,
  platform_name: Type.String(),
  platform_version: Type.String(),
  risk_score: Risk,
  last_connected: NullableDateTime,
  created_at: Type.String({ format: 'date-time' }),
  ...PackageCounts,
  kev_count: Type.Integer({ description: 'findings on CVEs in CISA KEV' })
})

export const DeviceList = pagedList(DeviceListItem)

export const UserAccount = Type.Object({
  username: Type.String(),
  home_directory: Type.String(),
  uid: Type.Integer({ description: 'POSIX uid on the device' }),
  shell: Type.String(),
  group_name: Type.String(),
  privileges: Type.String()
})

export const NetworkInterface = Type.Object({
  name: Type.String(),
  state: Type.String(),
  ip_addresses: Type.String({ description: 'comma-separated, e.g. "10.0.0.5, fe80::1"' })
})

/** One device: its list item's fields, then the detail. */
export const Device = Type.Interface([DeviceListItem], {
  kernel_arch: Type.String(),
  kernel_version: Type.String(),
  demo: Type.Boolean({ description: 'a device the demo seed simulated: matched against the demo catalogue' }),
  coverage: Type.Array(Coverage, { description: 'advisories loaded per ecosystem of its packages; 0 = findings are incomplete' }),
  unmatched_packages: Type.Integer({ description: 'packages in no ecosystem the console can match: never checked' }),
  user_accounts: Type.Array(UserAccount),
  network_interfaces: Type.Array(NetworkInterface)
})

export const Thread = Type.Object({ thread_name: Type.String(), avg_cpu_usage: Type.Number() })
export const ThreadList = itemList(Thread)

export const PackageQuery = searchListQuery(50, 500)

/** The CSV export of a device's packages: the table's search and ordering, every row. */
export const PackageExportQuery = Type.Object({ search: searchQuery, ordering: orderingQuery }, { additionalProperties: false })

export const PackageRow = Type.Object({
  name: Type.String(),
  version: Type.String(),
  cve_id: NullableString,
  cve_uid: NullableString,
  score: Type.Union([Type.Number(), Type.Null()]),
  source: FindingSource,
  kev: NullableKev,
  epss: Probability,
  epss_percentile: Probability
})

export const PackageList = pagedList(PackageRow)

export const PackageCount = Type.Object({
  count: Type.Integer({ description: 'distinct packages' }),
  cve_count: Type.Integer({ description: 'CVE findings' }),
  high_risk_cve_count: Type.Integer({ description: 'findings with CVSS > 7.5' }),
  kev_count: Type.Integer({ description: 'findings on CVEs in CISA KEV' }),
  ...ExploitDataFields
})

// PUT /api/v1/devices/{uid}/inventory/: an agent's report of its device.

/** Limits of one inventory report (documented in api/README.md and docs/detect-api.md). */
export const INVENTORY_LIMITS = {
  /** Request body after gzip decompression. */
  bodyBytes: 16 * 1024 * 1024,
  packages: 20_000,
  accounts: 5_000,
  interfaces: 1_000,
  threads: 1_000,
  addressesPerInterface: 256
} as const

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

export const Privilege = Type.Union(
  [
    Type.Literal('root'),
    Type.Literal('sudo'),
    Type.Literal('wheel'),
    Type.Literal('admin'),
    Type.Literal('standard'),
    Type.Literal('service')
  ],
  {
    description: 'root (uid 0), sudo / wheel / admin (member of that group), standard, service (no login shell or a system uid)'
  }
)

const InventoryUserAccount = Type.Object(
  {
    username: Text(256, 1),
    uid: Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'POSIX uid' }),
    home_directory: Type.Optional(Text(4096)),
    shell: Type.Optional(Text(4096)),
    group_name: Type.Optional(Text(256, 0, 'primary group')),
    privileges: Privilege
  },
  { additionalProperties: false }
)

const InventoryInterface = Type.Object(
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

const InventoryPackage = Type.Object(
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

const InventoryThread = Type.Object(
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
    user_accounts: Type.Optional(Type.Array(InventoryUserAccount, { maxItems: INVENTORY_LIMITS.accounts })),
    network_interfaces: Type.Optional(Type.Array(InventoryInterface, { maxItems: INVENTORY_LIMITS.interfaces })),
    packages: Type.Optional(Type.Array(InventoryPackage, { maxItems: INVENTORY_LIMITS.packages })),
    threads: Type.Optional(Type.Array(InventoryThread, { maxItems: INVENTORY_LIMITS.threads }))
  },
  {
    additionalProperties: false,
    description: 'The whole inventory: it replaces the previous one (a missing list is an empty list).'
  }
)

export const InventoryResponse = Type.Object({
  uid: Type.String(),
  last_connected: Type.String({ format: 'date-time' }),
  ...PackageCounts,
  alerts_raised: Type.Integer({ description: 'alerts from the built-in detections (0 on the first report: the baseline)' })
})

export type Risk = Static<typeof Risk>
export type DeviceType = Static<typeof DeviceType>
export type DeviceParams = Static<typeof DeviceParams>
export type DeviceListQuery = Static<typeof DeviceListQuery>
export type DeviceExportQuery = Static<typeof DeviceExportQuery>
export type PackageExportQuery = Static<typeof PackageExportQuery>
export type DeviceListItem = Static<typeof DeviceListItem>
export type DeviceList = Static<typeof DeviceList>
export type UserAccount = Static<typeof UserAccount>
export type NetworkInterface = Static<typeof NetworkInterface>
export type Device = Static<typeof Device>
export type Thread = Static<typeof Thread>
export type ThreadList = Static<typeof ThreadList>
export type PackageQuery = Static<typeof PackageQuery>
export type PackageRow = Static<typeof PackageRow>
export type PackageList = Static<typeof PackageList>
export type PackageCount = Static<typeof PackageCount>
export type InventoryBody = Static<typeof InventoryBody>
export type Privilege = Static<typeof Privilege>
export type InventoryResponse = Static<typeof InventoryResponse>
