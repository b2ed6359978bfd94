import { isIP } from 'node:net'
import type { InventoryBody, InventoryResponse } from '@console/contracts'
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  alerts,
  deviceAccounts,
  deviceInterfaces,
  devicePackages,
  devices,
  deviceThreads,
  packageFindings,
  vulnerabilities
} from '../../db/schema/index.js'
import { HttpError } from '../http-error.js'
import { chunks, rowsOf } from '../sql-rows.js'
import { matchDevicePackages, osvEcosystem } from '../vulns/match.js'
import { detectInventoryChanges, type AccountState, type InterfaceState, type VulnerablePackage } from './detections.js'
import { bumpTenantData } from '../data-version.js'
import type { DevicePrincipal } from './enrolment.js'
import { owned } from '../tenant-scope.js'
import { HIGH_RISK_SCORE } from '../vulns/risk.js'
import { findingPackage, findingVulnerability } from '../vulns/joins.js'

/** The answer, and whether anything the console counts changed (packages or alerts): the summary is stale. */
export type InventoryResult = InventoryResponse & { changed: boolean }

/** Checks what a JSON schema cannot: addresses must be IP addresses. 400 names the field. */
function checkAddresses(report: InventoryBody): void {
  const errors: Record<string, string> = {}
  report.network_interfaces?.forEach((iface, i) => {
    iface.ip_addresses?.forEach((address, j) => {
      if (isIP(address.replace(/\/\d{1,3}$/, '')) === 0)
        errors[`network_interfaces.${i}.ip_addresses.${j}`] = 'Must be an IPv4 or IPv6 address.'
    })
  })
  if (Object.keys(errors).length > 0) throw new HttpError(400, 'Invalid request body.', {}, errors)
}

interface PackageRow {
  name: string
  version: string
  ecosystem: string
  sourceName: string
  architecture: string
}

const packageKey = (p: PackageRow): string => [p.name, p.version, p.architecture, p.ecosystem, p.sourceName].join('\u0000')

const sameRows = (a: unknown[], b: unknown[]): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * Replaces the device's whole inventory with this report in ONE transaction (a failure changes
 * nothing), re-matches its packages when they changed, runs the built-in detections against the
 * previous inventory and stamps last_connected. Packages are applied as a difference (unchanged
 * rows stay), so a repeated report costs reads only.
 */
export async function applyInventory(
  db: Db,
  device: DevicePrincipal,
  report: InventoryBody,
  now = new Date()
): Promise<InventoryResult> {
  checkAddresses(report)
  if (report.device_type !== undefined && report.device_type !== device.deviceType) {
    throw new HttpError(
      400,
      `This device is enrolled as ${device.deviceType}; the report says ${report.device_type}. Enrol the machine again to change its type.`
    )
  }
  const tenantUid = device.tenantUid
  const defaultEcosystem = osvEcosystem(report.platform_id ?? '', report.platform_version_id ?? '') ?? ''

  const accounts: AccountState[] = (report.user_accounts ?? []).map((a) => ({
    username: a.username,
    uid: a.uid,
    homeDirectory: a.home_directory ?? '',
    shell: a.shell ?? '',
    groupName: a.group_name ?? '',
    privileges: a.privileges
  }))
  const interfaces: InterfaceState[] = (report.network_interfaces ?? []).map((i) => ({
    name: i.name,
    state: (i.state ?? 'UNKNOWN').toUpperCase(),
    addresses: [...new Set(i.ip_addresses ?? [])]
  }))
  // To the agents' precision (0.01 %): a share like 1e-50 is in 0..100 but underflows a real column.
  const threads = (report.threads ?? []).map((t) => ({
    threadName: t.thread_name,
    avgCpuUsage: Math.round(t.avg_cpu_usage * 100) / 100
  }))
  const packages = new Map<string, PackageRow>()
  for (const p of report.packages ?? []) {
    const row = {
      name: p.name,
      version: p.version,
      ecosystem: p.ecosystem ?? defaultEcosystem,
      sourceName: p.source_name ?? p.name,
      architecture: p.architecture ?? ''
    }
    packages.set(packageKey(row), row)
  }

  const result = await db.transaction(async (tx) => {
    // The row lock serialises two reports of one device, so their package differences never mix.
    const [current] = await tx
      .select({ lastConnected: devices.lastConnected })
      .from(devices)
      .where(owned(devices, tenantUid, eq(devices.uid, device.uid)))
      .for('update')
    if (current === undefined)
      throw new HttpError(401, 'Invalid device credential. Enrol the device again with a provision token.')
    const baseline = current.lastConnected === null

    const [oldAccounts, oldInterfaces, oldThreads, packageRows] = await Promise.all([
      tx
        .select({
          username: deviceAccounts.username,
          uid: deviceAccounts.uid,
          homeDirectory: deviceAccounts.homeDirectory,
          shell: deviceAccounts.shell,
          groupName: deviceAccounts.groupName,
          privileges: deviceAccounts.privileges
        })
        .from(deviceAccounts)
        .where(owned(deviceAccounts, tenantUid, eq(deviceAccounts.deviceUid, device.uid)))
        .orderBy(deviceAccounts.id),
      tx
        .select({ name: deviceInterfaces.name, state: deviceInterfaces.state, ipAddresses: deviceInterfaces.ipAddresses })
        .from(deviceInterfaces)
        .where(owned(deviceInterfaces, tenantUid, eq(deviceInterfaces.deviceUid, device.uid)))
        .orderBy(deviceInterfaces.id),
      tx
        .select({ threadName: deviceThreads.threadName, avgCpuUsage: deviceThreads.avgCpuUsage })
        .from(deviceThreads)
        .where(owned(deviceThreads, tenantUid, eq(deviceThreads.deviceUid, device.uid)))
        .orderBy(deviceThreads.id),
      // One JSON value rather than thousands of rows: far cheaper to decode on either engine.
      tx.execute(sql`select coalesce(json_agg(json_build_array(id, name, version, ecosystem, source_name, architecture)), '[]'::json) as list
        from device_packages where tenant_uid = ${tenantUid} and device_uid = ${device.uid}`)
    ])
    const packageList = rowsOf<{ list: unknown }>(packageRows)[0]?.list
    const oldPackages = (typeof packageList === 'string' ? JSON.parse(packageList) : (packageList ?? [])) as Array<
      [number, string, string, string, string, string]
    >
    const previousPackages = oldPackages.map(([id, name, version, ecosystem, sourceName, architecture]) => ({
      id,
      name,
      version,
      ecosystem,
      sourceName,
      architecture
    }))
    const previousInterfaces: InterfaceState[] = oldInterfaces.map((i) => ({
      name: i.name,
      state: i.state,
      addresses: i.ipAddresses === '' ? [] : i.ipAddresses.split(/,\s*/)
    }))

    // Small lists: rewritten whole, only when they differ.
    if (!sameRows(oldAccounts, accounts)) {
      await tx.delete(deviceAccounts).where(owned(deviceAccounts, tenantUid, eq(deviceAccounts.deviceUid, device.uid)))
      for (const batch of chunks(accounts, 1000))
        await tx.insert(deviceAccounts).values(batch.map((a) => ({ tenantUid, deviceUid: device.uid, ...a })))
    }
    if (!sameRows(previousInterfaces, interfaces)) {
      await tx.delete(deviceInterfaces).where(owned(deviceInterfaces, tenantUid, eq(deviceInterfaces.deviceUid, device.uid)))
      for (const batch of chunks(interfaces, 1000)) {
        await tx.insert(deviceInterfaces).values(
          batch.map((i) => ({
            tenantUid,
            deviceUid: device.uid,
            name: i.name,
            state: i.state,
            ipAddresses: i.addresses.join(', ')
          }))
        )
      }
    }
    if (!sameRows(oldThreads, threads)) {
      await tx.delete(deviceThreads).where(owned(deviceThreads, tenantUid, eq(deviceThreads.deviceUid, device.uid)))
      for (const batch of chunks(threads, 1000))
        await tx.insert(deviceThreads).values(batch.map((t) => ({ tenantUid, deviceUid: device.uid, ...t })))
    }

    // Packages: delete what left, insert what arrived.
    const kept = new Set<string>()
    const removedIds: number[] = []
    for (const old of previousPackages) {
      const key = packageKey(old)
      if (packages.has(key) && !kept.has(key)) kept.add(key)
      else removedIds.push(old.id)
    }
    const added = [...packages.entries()].filter(([key]) => !kept.has(key)).map(([, row]) => row)
    // Each list travels as ONE JSON parameter: thousands of rows cost one bind, not 7 per row.
    if (removedIds.length > 0) {
      await tx
        .delete(devicePackages)
        .where(
          owned(
            devicePackages,
            tenantUid,
            eq(devicePackages.deviceUid, device.uid),
            sql`${devicePackages.id} in (select value::bigint from json_array_elements_text(${JSON.stringify(removedIds)}::json))`
          )
        )
    }
    const addedIds: number[] = []
    if (added.length > 0) {
      const rows = rowsOf<{ id: number | string }>(
        await tx.execute(sql`
        insert into device_packages (tenant_uid, device_uid, name, version, ecosystem, source_name, architecture)
        select ${tenantUid}::uuid, ${device.uid}::uuid, name, version, ecosystem, source_name, architecture
        from json_to_recordset(${JSON.stringify(added.map((p) => ({ name: p.name, version: p.version, ecosystem: p.ecosystem, source_name: p.sourceName, architecture: p.architecture })))}::json)
          as r(name text, version text, ecosystem text, source_name text, architecture text)
        returning id`)
      )
      addedIds.push(...rows.map((r) => Number(r.id)))
    }
    const packagesChanged = removedIds.length > 0 || added.length > 0

    const addressList = [...new Set(interfaces.flatMap((i) => i.addresses))].join(' ')
    await tx
      .update(devices)
      .set({
        hostname: report.hostname,
        platformName: report.platform_name ?? '',
        platformVersion: report.platform_version ?? '',
        kernelVersion: report.kernel_version ?? '',
        kernelArch: report.kernel_arch ?? '',
        ipAddresses: addressList,
        lastConnected: now,
        ...(report.agent_version === undefined ? {} : { agentVersion: report.agent_version })
      })
      .where(owned(devices, tenantUid, eq(devices.uid, device.uid)))

    // Matching runs when the packages changed (and on the first report); a feed import re-matches
    // the others itself.
    if (packagesChanged || baseline) await matchDevicePackages(tx, tenantUid, device.uid)

    let raised = 0
    if (!baseline) {
      const vulnerablePackages = await newlyVulnerable(tx, tenantUid, device.uid, addedIds, previousPackages)
      const found = detectInventoryChanges({
        deviceUid: device.uid,
        hostname: report.hostname,
        before: { accounts: oldAccounts, interfaces: previousInterfaces },
        after: { accounts, interfaces },
        vulnerablePackages,
        now
      })
      for (const batch of chunks(found, 200)) {
        // A change seen again (an account removed and re-added) reopens its alert instead of duplicating it.
        const written = await tx
          .insert(alerts)
          .values(batch.map((a) => ({ tenantUid, deviceUid: device.uid, status: 'OPEN', ...a })))
          .onConflictDoUpdate({
            target: [alerts.tenantUid, alerts.elasticAlertId],
            set: { status: 'OPEN', eventData: sql`excluded.event_data`, summary: sql`excluded.summary`, updatedAt: now }
          })
          .returning({ uid: alerts.uid })
        raised += written.length
      }
    }

    const [stats] = await tx
      .select({ packages: devices.packageCount, cves: devices.cveCount, high: devices.highRiskCveCount })
      .from(devices)
      .where(owned(devices, tenantUid, eq(devices.uid, device.uid)))
    return {
      uid: device.uid,
      last_connected: now.toISOString(),
      package_count: stats?.packages ?? 0,
      cve_count: stats?.cves ?? 0,
      high_risk_cve_count: stats?.high ?? 0,
      alerts_raised: raised,
      changed: packagesChanged || baseline || raised > 0
    }
  })
  // After the commit: the cached device detail must not outlive the inventory it showed.
  bumpTenantData(tenantUid)
  return result
}

/** Newly written packages that have findings above CVSS 7.5, with the version they replaced. */
async function newlyVulnerable(
  tx: Db,
  tenantUid: string,
  deviceUid: string,
  addedIds: number[],
  oldPackages: PackageRow[]
): Promise<VulnerablePackage[]> {
  if (addedIds.length === 0) return []
  const byPackage = new Map<number, VulnerablePackage>()
  const previous = new Map(oldPackages.map((p) => [`${p.name}\u0000${p.architecture}`, p.version]))
  for (const batch of chunks(addedIds, 5000)) {
    const rows = await tx
      .select({
        id: devicePackages.id,
        name: devicePackages.name,
        version: devicePackages.version,
        architecture: devicePackages.architecture,
        sourceName: devicePackages.sourceName,
        cveId: vulnerabilities.cveId,
        score: packageFindings.score
      })
      .from(packageFindings)
      .innerJoin(devicePackages, findingPackage)
      .innerJoin(vulnerabilities, findingVulnerability)
      .where(
        and(
          owned(packageFindings, tenantUid, eq(packageFindings.deviceUid, deviceUid)),
          inArray(packageFindings.packageId, batch),
          gt(packageFindings.score, HIGH_RISK_SCORE)
        )
      )
      .orderBy(devicePackages.name, devicePackages.id)
    for (const row of rows) {
      let entry = byPackage.get(row.id)
      if (entry === undefined) {
        const before = previous.get(`${row.name}\u0000${row.architecture}`)
        entry = {
          name: row.name,
          version: row.version,
          architecture: row.architecture,
          sourceName: row.sourceName,
          previousVersion: before === undefined || before === row.version ? null : before,
          cves: []
        }
        byPackage.set(row.id, entry)
      }
      entry.cves.push({ cveId: row.cveId, score: row.score ?? 0 })
    }
  }
  return [...byPackage.values()]
}
