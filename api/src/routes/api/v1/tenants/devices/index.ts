import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { Type, type Static } from 'typebox'
import {
  deviceAccounts, deviceInterfaces, devicePackages, devices, deviceThreads, packageFindings, vulnerabilities
} from '../../../../../db/schema/index.js'
import { cachedCount, cachedDetail } from '../../../../../lib/detect/cached-detail.js'
import { bumpTenantData } from '../../../../../lib/data-version.js'
import { regenerateSummary } from '../../../../../lib/detect/summary.js'
import { iso, likePattern, orderBy, paging } from '../../../../../lib/listing.js'
import { found, owned, uidOr404 } from '../../../../../lib/tenant-scope.js'
import { responses } from '../../../../../lib/schemas.js'
import { deviceCoverage } from '../../../../../lib/vulns/device-coverage.js'
import { CVE_ROW_ID, epssOf, exploitDataState, epssPercentileOf, isKev, kevJson } from '../../../../../lib/vulns/exploits.js'
import {
  Device, DeviceList, DeviceListQuery, DeviceParams, PackageCount, PackageList, PackageQuery, ThreadList
} from './schemas.js'

const TenantOnly = Type.Object({ tenant: Type.String() })

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
  device_type: row.device_type as 'linux' | 'rtos',
  risk_score: row.risk_score as 'High' | 'Medium' | 'Low',
  last_connected: iso(row.last_connected),
  created_at: row.created_at.toISOString()
})

interface AccountJson { username: string, home_directory: string, uid: number, shell: string, group_name: string, privileges: string }
interface InterfaceJson { name: string, state: string, ip_addresses: string }

// Child rows are matched on the device's own tenant_uid as well as its uid. The outer columns are
// written qualified by hand: drizzle leaves them unqualified in a one-table select.
const ACCOUNTS_JSON = sql<AccountJson[]>`coalesce((select json_agg(json_build_object(
  'username', a.username, 'home_directory', a.home_directory, 'uid', a.uid, 'shell', a.shell,
  'group_name', a.group_name, 'privileges', a.privileges) order by a.uid, a.id)
  from ${deviceAccounts} a where a.tenant_uid = "devices"."tenant_uid" and a.device_uid = "devices"."uid"), '[]'::json)`

const INTERFACES_JSON = sql<InterfaceJson[]>`coalesce((select json_agg(json_build_object(
  'name', i.name, 'state', i.state, 'ip_addresses', i.ip_addresses) order by i.name, i.id)
  from ${deviceInterfaces} i where i.tenant_uid = "devices"."tenant_uid" and i.device_uid = "devices"."uid"), '[]'::json)`

const DEVICE_ORDERING = {
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

/** Devices of the caller's tenant (spec §7 "Devices, agents and tokens" + the list the spec lacks). */
export const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  /** The device row of this tenant or 404: every per-device route starts here. */
  const ownedDevice = async (tenantUid: string, uid: string) => found((await db.select()
    .from(devices).where(owned(devices, tenantUid, eq(devices.uid, uidOr404(uid)))))[0])

  app.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['devices'],
      summary: 'Devices of the tenant: search, ordering, limit/offset',
      params: TenantOnly,
      querystring: DeviceListQuery,
      response: responses({ 200: DeviceList }, 400, 401, 404)
    }
  }, async (request) => {
    const { search, ordering } = request.query
    const { limit, offset } = paging(request.query, 10, 200)
    const order = orderBy(ordering, 'hostname', DEVICE_ORDERING, [devices.uid])
    let matches: SQL | undefined
    if (search !== undefined && search.trim() !== '') {
      const pattern = likePattern(search.trim())
      matches = or(ilike(devices.hostname, pattern), ilike(devices.platformName, pattern),
        ilike(devices.platformVersion, pattern), ilike(devices.ipAddresses, pattern))
    }
    const where = owned(devices, request.tenantUid, matches)
    const [total] = await db.select({ n: count() }).from(devices).where(where)
    const rows = await db.select(LIST_COLUMNS).from(devices).where(where).orderBy(...order).limit(limit).offset(offset)
    return { count: total?.n ?? 0, results: rows.map(listItem) }
  })

  app.get('/:uid/', {
    schema: {
      tags: ['devices'],
      summary: 'One device with its user accounts and network interfaces',
      params: DeviceParams,
      response: responses({ 200: Device }, 401, 404)
    }
  }, async (request, reply) => {
    const uid = uidOr404(request.params.uid)
    // A hot path: served from the DETECT cache; a miss is one round trip (the device with its
    // accounts and interfaces aggregated as JSON).
    return cachedDetail(request, reply, `device:${uid}`, async (): Promise<Static<typeof Device>> => {
      const [row] = await db.select({ device: devices, accounts: ACCOUNTS_JSON, interfaces: INTERFACES_JSON }).from(devices)
        .where(owned(devices, request.tenantUid, eq(devices.uid, uid)))
      const { device, accounts, interfaces } = found(row)
      const { coverage, unmatched } = await deviceCoverage(db, request.tenantUid, device.uid, device.demo)
      return {
        uid: device.uid,
        hostname: device.hostname,
        device_type: device.deviceType as 'linux' | 'rtos',
        platform_name: device.platformName,
        platform_version: device.platformVersion,
        kernel_arch: device.kernelArch,
        kernel_version: device.kernelVersion,
        risk_score: device.riskScore as 'High' | 'Medium' | 'Low',
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
    })
  })

  app.delete('/:uid/', {
    schema: {
      tags: ['devices'],
      summary: 'Remove a device: its inventory and findings go, its credential stops working; its alerts stay (device null)',
      params: DeviceParams,
      response: responses({ 204: Type.Null() }, 401, 403, 404)
    }
  }, async (request, reply) => {
    const deleted = await db.delete(devices)
      .where(owned(devices, request.tenantUid, eq(devices.uid, uidOr404(request.params.uid))))
      .returning({ uid: devices.uid })
    found(deleted[0])
    bumpTenantData(request.tenantUid)
    await regenerateSummary(db, request.tenantUid)
    return reply.code(204).send(null)
  })

  app.get('/:uid/threads/', {
    schema: {
      tags: ['devices'],
      summary: 'RTOS threads with average CPU use (an empty list for Linux devices)',
      params: DeviceParams,
      response: responses({ 200: ThreadList }, 401, 404)
    }
  }, async (request) => {
    const device = await ownedDevice(request.tenantUid, request.params.uid)
    const results = await db.select({ thread_name: deviceThreads.threadName, avg_cpu_usage: deviceThreads.avgCpuUsage })
      .from(deviceThreads)
      .where(owned(deviceThreads, request.tenantUid, eq(deviceThreads.deviceUid, device.uid)))
      .orderBy(asc(deviceThreads.threadName), asc(deviceThreads.id))
    return { results }
  })

  app.get('/:uid/packages/', {
    schema: {
      tags: ['devices'],
      summary: 'Packages of a device, one row per (package, CVE) finding; a package without CVE has one row with nulls',
      params: DeviceParams,
      querystring: PackageQuery,
      response: responses({ 200: PackageList }, 400, 401, 404)
    }
  }, async (request) => {
    const uid = uidOr404(request.params.uid)
    const { search, ordering } = request.query
    const term = search?.trim() ?? ''
    // Rows of this tenant's device only: a count above 0 also proves the device is the caller's.
    const where = owned(devicePackages, request.tenantUid, eq(devicePackages.deviceUid, uid),
      term !== '' ? ilike(devicePackages.name, likePattern(term)) : undefined)
    const findingsJoin = and(eq(packageFindings.packageId, devicePackages.id), eq(packageFindings.tenantUid, request.tenantUid))
    // The total changes only with the data: cached by data version, so paging costs one query.
    const total = await cachedCount(request, `packages-count:${uid}:${term}`, async () => {
      const [row] = await db.select({ n: count() }).from(devicePackages).leftJoin(packageFindings, findingsJoin).where(where)
      return row?.n ?? 0
    })
    if (total === 0) await ownedDevice(request.tenantUid, uid) // 404 unless an empty device of this tenant
    const { limit, offset } = paging(request.query, 50, 500)
    const order = orderBy(ordering, '-score', PACKAGE_ORDERING,
      [devicePackages.name, devicePackages.version, devicePackages.id, vulnerabilities.cveId])
    if (total === 0 || offset >= total) return { count: total, results: [] }
    const results = await db.select({
      name: devicePackages.name,
      version: devicePackages.version,
      cve_id: vulnerabilities.cveId,
      cve_uid: vulnerabilities.uid,
      score: packageFindings.score,
      demo: packageFindings.demo,
      kev: kevJson(CVE_ROW_ID),
      epss: epssOf(CVE_ROW_ID),
      epss_percentile: epssPercentileOf(CVE_ROW_ID)
    }).from(devicePackages)
      .leftJoin(packageFindings, findingsJoin)
      .leftJoin(vulnerabilities, eq(vulnerabilities.uid, packageFindings.vulnerabilityUid))
      .where(where).orderBy(...order).limit(limit).offset(offset)
    return {
      count: total,
      results: results.map(({ demo, ...row }) => ({ ...row, source: row.cve_uid === null ? null : demo === true ? 'demo' as const : 'osv' as const }))
    }
  })

  app.get('/:uid/packages/count/', {
    schema: {
      tags: ['devices'],
      summary: 'Distinct packages, CVE findings and high-risk (CVSS > 7.5) findings of a device',
      params: DeviceParams,
      response: responses({ 200: PackageCount }, 401, 404)
    }
  }, async (request) => {
    const device = await ownedDevice(request.tenantUid, request.params.uid)
    return {
      count: device.packageCount, cve_count: device.cveCount, high_risk_cve_count: device.highRiskCveCount, kev_count: device.kevCount,
      ...await exploitDataState(db)
    }
  })
}
