import { Type } from 'typebox'
import { orderingQuery, pagingQuery, searchQuery } from '../../../../../lib/listing.js'
import { ExploitDataFields, NullableKev, Probability } from '../../../../../lib/vulns/exploits.js'

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()])

export const Risk = Type.Union([Type.Literal('High'), Type.Literal('Medium'), Type.Literal('Low')])
export const DeviceType = Type.Union([Type.Literal('linux'), Type.Literal('rtos')])

export const DeviceParams = Type.Object({ tenant: Type.String(), uid: Type.String({ maxLength: 64 }) })

export const DeviceListQuery = Type.Object(
  {
    search: searchQuery,
    ordering: orderingQuery,
    ...pagingQuery(10, 200)
  },
  { additionalProperties: false }
)

export const DeviceListItem = Type.Object({
  uid: Type.String(),
  hostname: Type.String(),
  device_type: DeviceType,
  platform_name: Type.String(),
  platform_version: Type.String(),
  risk_score: Risk,
  last_connected: Nullable(Type.String({ format: 'date-time' })),
  created_at: Type.String({ format: 'date-time' }),
  package_count: Type.Integer(),
  cve_count: Type.Integer(),
  high_risk_cve_count: Type.Integer(),
  kev_count: Type.Integer({ description: 'findings on CVEs in CISA KEV' })
})

export const DeviceList = Type.Object({ count: Type.Integer(), results: Type.Array(DeviceListItem) })

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

export const Coverage = Type.Object({
  ecosystem: Type.String(),
  packages: Type.Integer(),
  advisories: Type.Integer({ description: 'real advisories loaded for this ecosystem' }),
  demo_advisories: Type.Integer({ description: 'demo catalogue records (cover demo devices and SBOMs only)' })
})

export const Device = Type.Object({
  uid: Type.String(),
  hostname: Type.String(),
  device_type: DeviceType,
  platform_name: Type.String(),
  platform_version: Type.String(),
  kernel_arch: Type.String(),
  kernel_version: Type.String(),
  risk_score: Risk,
  created_at: Type.String({ format: 'date-time' }),
  last_connected: Nullable(Type.String({ format: 'date-time' })),
  package_count: Type.Integer(),
  cve_count: Type.Integer(),
  high_risk_cve_count: Type.Integer(),
  kev_count: Type.Integer({ description: 'findings on CVEs in CISA KEV' }),
  demo: Type.Boolean({ description: 'a device the demo seed simulated: matched against the demo catalogue' }),
  coverage: Type.Array(Coverage, { description: 'advisories loaded per ecosystem of its packages; 0 = findings are incomplete' }),
  unmatched_packages: Type.Integer({ description: 'packages in no ecosystem the console can match: never checked' }),
  user_accounts: Type.Array(UserAccount),
  network_interfaces: Type.Array(NetworkInterface)
})

export const ThreadList = Type.Object({
  results: Type.Array(Type.Object({ thread_name: Type.String(), avg_cpu_usage: Type.Number() }))
})

export const PackageQuery = Type.Object(
  {
    search: searchQuery,
    ordering: orderingQuery,
    ...pagingQuery(50, 500)
  },
  { additionalProperties: false }
)

export const PackageRow = Type.Object({
  name: Type.String(),
  version: Type.String(),
  cve_id: Nullable(Type.String()),
  cve_uid: Nullable(Type.String()),
  score: Type.Union([Type.Number(), Type.Null()]),
  source: Type.Union([Type.Literal('osv'), Type.Literal('demo'), Type.Null()], {
    description: 'demo: only the demo catalogue says so'
  }),
  kev: NullableKev,
  epss: Probability,
  epss_percentile: Probability
})

export const PackageList = Type.Object({ count: Type.Integer(), results: Type.Array(PackageRow) })

export const PackageCount = Type.Object({
  count: Type.Integer({ description: 'distinct packages' }),
  cve_count: Type.Integer({ description: 'CVE findings' }),
  high_risk_cve_count: Type.Integer({ description: 'findings with CVSS > 7.5' }),
  kev_count: Type.Integer({ description: 'findings on CVEs in CISA KEV' }),
  ...ExploitDataFields
})
