import type {
  DeviceExportQuery,
  DeviceType,
  Kev,
  NetworkInterface,
  PackageExportQuery,
  Risk,
  UserAccount
} from '@console/contracts'
import { and, asc, count, desc, eq, gt, ilike, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  deviceAccounts,
  deviceInterfaces,
  devicePackages,
  devices,
  deviceThreads,
  packageFindings,
  vulnerabilities
} from '../../db/schema/index.js'
import type { CsvTable } from '../csv.js'
import { bumpTenantData } from '../data-version.js'
import {
  anyOf,
  filterKey,
  instant,
  iso,
  likePattern,
  oneOf,
  orderBy,
  pageRows,
  paging,
  searchAny,
  uncachedCount,
  within,
  yesNo,
  type CountCache,
  type ListQuery
} from '../listing.js'
import { exportRows, isoText, textSelection, type ExportColumns } from '../sql-cursor.js'
import { found, owned, uidOr404 } from '../tenant-scope.js'
import { deviceCoverage } from '../vulns/device-coverage.js'
import { CVE_ROW_ID, epssOf, exploitDataState, epssPercentileOf, isKev, kevJson } from '../vulns/exploits.js'
import { findingPackage, findingVulnerability } from '../vulns/joins.js'
import { rowsOf } from '../sql-rows.js'
import { regenerateSummary } from './summary.js'

/**
 * Every query of the DETECT devices routes (`/api/v1/tenants/{tenant}/devices/...`), scoped with
 * `owned(table, tenantUid, ...)`: another tenant's device answers like an unknown one (404).
 * Answers are in the routes' wire shape (snake_case, ISO dates).
 */

export type { CountCache } from '../listing.js'

const LIST_COLUMNS = {
  uid: devices.uid,
  hostname: devices.hostname,
  device_type: devices.deviceType,
  platform_name: devices.platformName,
  platform_version: devices.platformVersion,
  risk_score: devices.riskScore,
  last_connected: devices.lastConnected,
  created_at: devices.createdAt,
  package_count: devices.packageCount,
  cve_count: devices.cveCount,
  high_risk_cve_count: devices.highRiskCveCount,
  kev_count: devices.kevCount
}

interface ListRow {
  uid: string
  hostname: string
  device_type: string
  platform_name: string
  platform_version: string
  risk_score: string
  last_connected: Date | null
  created_at: Date
  package_count: number
  cve_count: number
  high_risk_cve_count: number
  kev_count: number
}

const listItem = (row: ListRow) => ({
  ...row,
  device_type: row.device_type as DeviceType,
  risk_score: row.risk_score as Risk,
  last_connected: iso(row.last_connected),
  created_at: row.created_at.toISOString()
})

// Child rows are matched on the device's own tenant_uid as well as its uid. The outer columns are
// written qualified by hand: drizzle leaves them unqualified in a one-table select.
const ACCOUNTS_JSON = sql<UserAccount[]>`coalesce((select json_agg(json_build_object(
  'username', a.username, 'home_directory', a.home_directory, 'uid', a.uid, 'shell', a.shell,
  'group_name', a.group_name, 'privileges', a.privileges) order by a.uid, a.id)
  from ${deviceAccounts} a where a.tenant_uid = "devices"."tenant_uid" and a.device_uid = "devices"."uid"), '[]'::json)`

const INTERFACES_JSON = sql<NetworkInterface[]>`coalesce((select json_agg(json_build_object(
  'name', i.name, 'state', i.state, 'ip_addresses', i.ip_addresses) order by i.name, i.id)
  from ${deviceInterfaces} i where i.tenant_uid = "devices"."tenant_uid" and i.device_uid = "devices"."uid"), '[]'::json)`

export const DEVICE_ORDERING = {
  hostname: [devices.hostname],
  device_type: [devices.deviceType],
  platform_name: [devices.platformName, devices.platformVersion],
  risk_score: [devices.riskRank],
  last_connected: [devices.lastConnected],
  created_at: [devices.createdAt],
  cve_count: [devices.cveCount],
  high_risk_cve_count: [devices.highRiskCveCount],
  kev_count: [devices.kevCount]
}

const PACKAGE_ORDERING = {
  name: [devicePackages.name],
  version: [devicePackages.version],
  cve_id: [vulnerabilities.cveId],
  score: [packageFindings.score],
  // -kev: known exploited first; -epss: most likely exploited first (unknown last either way).
  kev: [isKev(CVE_ROW_ID), sql`${vulnerabilities.cveId} is not null`, packageFindings.score],
  epss: [epssOf(CVE_ROW_ID)]
}

/** The device row of this tenant or 404: every per-device query starts here. */
const ownedDevice = async (db: Db, tenantUid: string, uid: string) =>
  found(
    (
      await db
        .select()
        .from(devices)
        .where(owned(devices, tenantUid, eq(devices.uid, uidOr404(uid))))
    )[0]
  )

/** What the device list and its CSV export filter by (the contract's deviceFilterFields). */
export type DeviceFilterQuery = Omit<DeviceExportQuery, 'ordering'>

const DEVICE_TYPES = ['linux', 'rtos'] as const
const RISKS = ['High', 'Medium', 'Low'] as const

/** The WHERE of the tenant's devices matching the list's filters; bad values → 400 naming what is allowed. */
export function deviceFilterWhere(tenantUid: string, filter: DeviceFilterQuery): SQL {
  const { search } = filter
  const types = oneOf(filter.device_type, 'device_type', DEVICE_TYPES)
  const risks = oneOf(filter.risk, 'risk', RISKS)
  const kev = yesNo(filter.has_kev)
  const highRisk = yesNo(filter.has_high_risk)
  const after = instant(filter.last_connected_after, 'last_connected_after')
  const before = instant(filter.last_connected_before, 'last_connected_before')
  return owned(
    devices,
    tenantUid,
    anyOf(devices.deviceType, types),
    filter.platform === undefined || filter.platform === '' ? undefined : eq(devices.platformName, filter.platform),
    anyOf(devices.riskScore, risks),
    kev === undefined ? undefined : kev ? gt(devices.kevCount, 0) : eq(devices.kevCount, 0),
    highRisk === undefined ? undefined : highRisk ? gt(devices.highRiskCveCount, 0) : eq(devices.highRiskCveCount, 0),
    within(devices.lastConnected, after, before),
    searchAny(search, [devices.hostname, devices.platformName, devices.platformVersion, devices.ipAddresses])
  )
}

/** Devices of the tenant: the filters (search, type, platform, risk, KEV / high-risk findings, last seen), ordering, limit/offset. */
export async function listDevices(
  db: Db,
  tenantUid: string,
  query: ListQuery & DeviceFilterQuery,
  countCache: CountCache = uncachedCount
) {
  const paged = paging(query, 10, 200)
  const ordered = (reverse: boolean) => orderBy(query.ordering, 'hostname', DEVICE_ORDERING, [devices.uid], devices, reverse)
  ordered(false) // a bad ordering is a 400 whatever the total
  const where = deviceFilterWhere(tenantUid, query)
  const total = await countCache(`devices-count:${filterKey(query)}`, async () => {
    const [row] = await db.select({ n: count() }).from(devices).where(where)
    return row?.n ?? 0
  })
  // A deep page is read from the other end of the list (see pageWindow).
  const rows = await pageRows(
    total,
    paged,
    async ({ limit, offset, reverse }) =>
      await db
        .select(LIST_COLUMNS)
        .from(devices)
        .where(where)
        .orderBy(...ordered(reverse))
        .limit(limit)
        .offset(offset)
  )
  return { count: total, results: rows.map(listItem) }
}

/** One device with its accounts and interfaces (aggregated as JSON: one round trip) and its feed coverage. */
export async function deviceDetail(db: Db, tenantUid: string, uid: string) {
  const [row] = await db
    .select({ device: devices, accounts: ACCOUNTS_JSON, interfaces: INTERFACES_JSON })
    .from(devices)
    .where(owned(devices, tenantUid, eq(devices.uid, uidOr404(uid))))
  const { device, accounts, interfaces } = found(row)
  const { coverage, unmatched } = await deviceCoverage(db, tenantUid, device.uid, device.demo)
  return {
    uid: device.uid,
    hostname: device.hostname,
    device_type: device.deviceType as DeviceType,
    platform_name: device.platformName,
    platform_version: device.platformVersion,
    kernel_arch: device.kernelArch,
    kernel_version: device.kernelVersion,
    risk_score: device.riskScore as Risk,
    created_at: device.createdAt.toISOString(),
    last_connected: iso(device.lastConnected),
    package_count: device.packageCount,
    cve_count: device.cveCount,
    high_risk_cve_count: device.highRiskCveCount,
    kev_count: device.kevCount,
    demo: device.demo,
    coverage,
    unmatched_packages: unmatched,
    user_accounts: accounts,
    network_interfaces: interfaces
  }
}

/** Removes a device (inventory and findings cascade; its alerts stay, device null) and regenerates the summary. */
export async function deleteDevice(db: Db, tenantUid: string, uid: string): Promise<void> {
  const deleted = await db
    .delete(devices)
    .where(owned(devices, tenantUid, eq(devices.uid, uidOr404(uid))))
    .returning({ uid: devices.uid })
  found(deleted[0])
  bumpTenantData(tenantUid)
  await regenerateSummary(db, tenantUid)
}

/** RTOS threads with average CPU use (none for a Linux device). */
export async function deviceThreadList(db: Db, tenantUid: string, uid: string) {
  const device = await ownedDevice(db, tenantUid, uid)
  const results = await db
    .select({ thread_name: deviceThreads.threadName, avg_cpu_usage: deviceThreads.avgCpuUsage })
    .from(deviceThreads)
    .where(owned(deviceThreads, tenantUid, eq(deviceThreads.deviceUid, device.uid)))
    .orderBy(asc(deviceThreads.threadName), asc(deviceThreads.id))
  return { results }
}

const PACKAGE_TIE_BREAK = [devicePackages.name, devicePackages.version, devicePackages.id, vulnerabilities.cveId]

/**
 * PACKAGE_ORDERING over a page's candidate rows (`r`, see devicePackageList), which carry each
 * row's KEV flag and EPSS score: the same values in the same order.
 */
const CANDIDATE_ORDERING = {
  name: [sql`r.name`],
  version: [sql`r.version`],
  cve_id: [sql`r.cve_id`],
  score: [sql`r.score`],
  kev: [sql`r.kev`, sql`r.cve_id is not null`, sql`r.score`],
  epss: [sql`r.epss`]
}
const CANDIDATE_TIE_BREAK = [sql`r.name`, sql`r.version`, sql`r.id`, sql`r.cve_id`]

/**
 * The order among the rows of packages without findings under `ordering` (the list's order
 * restricted to them): every CVE, score, KEV and EPSS key is null or false on those rows, so only
 * a name or version key and the tie-break (name, version, id) sort them.
 */
function unmatchedOrder(ordering: string | undefined, reverse: boolean): SQL[] {
  const requested = ordering === undefined || ordering === '' ? '-score' : ordering
  const key = requested.replace(/^-/, '')
  const own = key === 'name' ? [devicePackages.name] : key === 'version' ? [devicePackages.version] : []
  const first = requested.startsWith('-') !== reverse ? desc : asc
  const then = reverse ? desc : asc
  return [...own.map((column) => first(column)), ...[devicePackages.name, devicePackages.version, devicePackages.id].map(then)]
}

interface PackageRow {
  name: string
  version: string
  cve_id: string | null
  cve_uid: string | null
  score: number | null
  demo: boolean | null
  kev: Kev | null
  epss: number | string | null
  epss_percentile: number | string | null
}

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value))

/**
 * Packages of a device, one row per (package, CVE) finding; a package without CVE has one row with
 * nulls. The total changes only with the data, so `countCache` may keep it (paging then costs one query).
 * A page sorts only the rows that can be on it: every finding of the device (~150 of ~2,100 rows)
 * and the first offset + limit packages without findings in their own order (unmatchedOrder),
 * read through device_packages_device_name_idx; deep pages are read from the other end
 * (pageWindow). KEV and EPSS details are looked up for the page's rows only. Joining and sorting
 * all ~2,100 rows cost ~8,700 buffer reads a page. A finding's device is its package's device (the
 * matcher writes them so).
 */
export async function devicePackageList(
  db: Db,
  tenantUid: string,
  deviceUid: string,
  query: ListQuery,
  countCache: CountCache = uncachedCount
) {
  const uid = uidOr404(deviceUid)
  const { search, ordering } = query
  const term = search?.trim() ?? ''
  const named = term !== '' ? ilike(devicePackages.name, likePattern(term)) : undefined
  // Rows of this tenant's device only: a count above 0 also proves the device is the caller's.
  const where = owned(devicePackages, tenantUid, eq(devicePackages.deviceUid, uid), named)
  const findings = and(owned(packageFindings, tenantUid, eq(packageFindings.deviceUid, uid)), where)
  const total = await countCache(`packages-count:${uid}:${term}`, async () => {
    // One row per package, plus one per finding beyond a package's first.
    const [packages] = await db.select({ n: count() }).from(devicePackages).where(where)
    const extraRows = db
      .select({ n: sql<number>`count(*) - count(distinct ${packageFindings.packageId})`.mapWith(Number) })
      .from(packageFindings)
    // Without a search every finding of the device counts: no need to read its packages.
    const [extra] =
      named === undefined
        ? await extraRows.where(owned(packageFindings, tenantUid, eq(packageFindings.deviceUid, uid)))
        : await extraRows.innerJoin(devicePackages, findingPackage).where(findings)
    return (packages?.n ?? 0) + (extra?.n ?? 0)
  })
  if (total === 0) await ownedDevice(db, tenantUid, uid) // 404 unless an empty device of this tenant
  const paged = paging(query, 50, 500)
  const ordered = (reverse: boolean) => orderBy(ordering, '-score', CANDIDATE_ORDERING, CANDIDATE_TIE_BREAK, undefined, reverse)
  ordered(false) // a bad ordering is a 400 whatever the total
  const sortKey = (ordering ?? '').replace(/^-/, '')
  const rows = await pageRows(total, paged, async ({ limit, offset, reverse }) => {
    const matched = db
      .select({
        name: devicePackages.name,
        version: devicePackages.version,
        id: devicePackages.id,
        cve_id: vulnerabilities.cveId,
        // Named as the page reads them (a union takes its column names from its first part).
        cve_uid: sql`${vulnerabilities.uid}`.as('cve_uid'),
        score: packageFindings.score,
        demo: packageFindings.demo,
        // Looked up only when the ordering sorts by them (the page's own come after).
        kev: (sortKey === 'kev' ? isKev(CVE_ROW_ID) : sql`false`).as('kev'),
        epss: (sortKey === 'epss' ? epssOf(CVE_ROW_ID) : sql`null::real`).as('epss')
      })
      .from(packageFindings)
      .innerJoin(devicePackages, findingPackage)
      .innerJoin(vulnerabilities, findingVulnerability)
      .where(findings)
    const unmatched = db
      .select({
        name: devicePackages.name,
        version: devicePackages.version,
        id: devicePackages.id,
        cve_id: sql`null::text`.as('cve_id'),
        cve_uid: sql`null::uuid`.as('cve_uid'),
        score: sql`null::real`.as('score'),
        demo: sql`null::boolean`.as('demo'),
        kev: sql`false`.as('kev'),
        epss: sql`null::real`.as('epss')
      })
      .from(devicePackages)
      .where(
        and(
          where,
          sql`not exists (select 1 from ${packageFindings} f where f.package_id = ${devicePackages.id} and f.tenant_uid = ${tenantUid})`
        )
      )
      .orderBy(...unmatchedOrder(ordering, reverse))
      .limit(offset + limit)
    const order = sql.join(ordered(reverse), sql`, `)
    return rowsOf<PackageRow>(
      await db.execute(sql`select r.name, r.version, r.cve_id, r.cve_uid, r.score, r.demo,
        ${kevJson(sql`r.cve_id`)} as kev, ${epssOf(sql`r.cve_id`)} as epss, ${epssPercentileOf(sql`r.cve_id`)} as epss_percentile
        from (${matched} union all ${unmatched}) r
        order by ${order} limit ${limit} offset ${offset}`)
    )
  })
  return {
    count: total,
    results: rows.map(({ demo, ...row }) => ({
      ...row,
      score: numberOrNull(row.score),
      epss: numberOrNull(row.epss),
      epss_percentile: numberOrNull(row.epss_percentile),
      source: row.cve_uid === null ? null : demo === true ? ('demo' as const) : ('osv' as const)
    }))
  }
}

/** Distinct packages, CVE findings, high-risk and KEV findings of a device, and whether KEV/EPSS are loaded. */
export async function devicePackageCount(db: Db, tenantUid: string, uid: string) {
  const device = await ownedDevice(db, tenantUid, uid)
  return {
    count: device.packageCount,
    cve_count: device.cveCount,
    high_risk_cve_count: device.highRiskCveCount,
    kev_count: device.kevCount,
    ...(await exploitDataState(db))
  }
}

// CSV exports (`…/export.csv`): the same filters and orderings as the tables, every row, read through a cursor.

const DEVICE_EXPORT: ExportColumns = {
  uid: devices.uid,
  hostname: devices.hostname,
  device_type: devices.deviceType,
  platform_name: devices.platformName,
  platform_version: devices.platformVersion,
  kernel_version: devices.kernelVersion,
  kernel_arch: devices.kernelArch,
  risk_score: devices.riskScore,
  package_count: devices.packageCount,
  cve_count: devices.cveCount,
  high_risk_cve_count: devices.highRiskCveCount,
  kev_count: devices.kevCount,
  last_connected: isoText(devices.lastConnected),
  created_at: isoText(devices.createdAt)
}

/** Every device the list shows with these filters, in its order. */
export function deviceExport(db: Db, tenantUid: string, query: DeviceExportQuery): CsvTable {
  const where = deviceFilterWhere(tenantUid, query)
  const order = orderBy(query.ordering, 'hostname', DEVICE_ORDERING, [devices.uid], devices)
  const select = db
    .select(textSelection(DEVICE_EXPORT))
    .from(devices)
    .where(where)
    .orderBy(...order)
  const header = Object.keys(DEVICE_EXPORT)
  return { name: 'devices', header, batches: exportRows(db, select, header) }
}

const PACKAGE_EXPORT: ExportColumns = {
  name: devicePackages.name,
  version: devicePackages.version,
  ecosystem: devicePackages.ecosystem,
  cve_id: vulnerabilities.cveId,
  score: packageFindings.score,
  source: sql`case when ${vulnerabilities.uid} is null then null when ${packageFindings.demo} then 'demo' else 'osv' end`,
  kev: sql`case when ${vulnerabilities.uid} is null then null else ${isKev(CVE_ROW_ID)} end`,
  epss: epssOf(CVE_ROW_ID),
  epss_percentile: epssPercentileOf(CVE_ROW_ID)
}

/** A device's packages as its table shows them (one row per finding), searched and ordered the same; 404 unless the tenant's. */
export async function devicePackageExport(
  db: Db,
  tenantUid: string,
  deviceUid: string,
  query: PackageExportQuery
): Promise<CsvTable> {
  const device = await ownedDevice(db, tenantUid, deviceUid)
  const term = query.search?.trim() ?? ''
  const where = owned(
    devicePackages,
    tenantUid,
    eq(devicePackages.deviceUid, device.uid),
    term !== '' ? ilike(devicePackages.name, likePattern(term)) : undefined
  )
  const order = orderBy(query.ordering, '-score', PACKAGE_ORDERING, PACKAGE_TIE_BREAK)
  const select = db
    .select(textSelection(PACKAGE_EXPORT))
    .from(devicePackages)
    .leftJoin(packageFindings, and(eq(packageFindings.packageId, devicePackages.id), eq(packageFindings.tenantUid, tenantUid)))
    .leftJoin(vulnerabilities, eq(vulnerabilities.uid, packageFindings.vulnerabilityUid))
    .where(where)
    .orderBy(...order)
  const header = Object.keys(PACKAGE_EXPORT)
  return { name: `${device.hostname}-packages`, header, batches: exportRows(db, select, header) }
}

const ACCOUNT_EXPORT: ExportColumns = {
  username: deviceAccounts.username,
  uid: deviceAccounts.uid,
  group_name: deviceAccounts.groupName,
  home_directory: deviceAccounts.homeDirectory,
  shell: deviceAccounts.shell,
  privileges: deviceAccounts.privileges
}

/** A device's user accounts in the order of its detail (by POSIX uid); 404 unless the tenant's. */
export async function deviceAccountExport(db: Db, tenantUid: string, deviceUid: string): Promise<CsvTable> {
  const device = await ownedDevice(db, tenantUid, deviceUid)
  const select = db
    .select(textSelection(ACCOUNT_EXPORT))
    .from(deviceAccounts)
    .where(owned(deviceAccounts, tenantUid, eq(deviceAccounts.deviceUid, device.uid)))
    .orderBy(asc(deviceAccounts.uid), asc(deviceAccounts.id))
  const header = Object.keys(ACCOUNT_EXPORT)
  return { name: `${device.hostname}-accounts`, header, batches: exportRows(db, select, header) }
}
