import { createHash, randomUUID } from 'node:crypto'
import { count, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  alerts,
  apiKeys,
  deviceAccounts,
  deviceInterfaces,
  devicePackages,
  devices,
  deviceThreads,
  osvRecords,
  provisionTokens,
  type AssociatedAlert
} from '../../db/schema/index.js'
import { chunks } from '../sql-rows.js'
import { refreshFeedEcosystems } from '../vulns/coverage.js'
import { storeOsvRecords } from '../vulns/feed-store.js'
import { matchDevices } from '../vulns/match.js'
import { ensureAgentCatalogue } from './agents/catalogue.js'
import { newApiKey } from './api-keys.js'
import { newProvisionToken } from './provision-tokens.js'
import { bumpTenantData } from '../data-version.js'
import { priorityRank } from './priority.js'
import { ALERT_RULES, type AlertContext } from './seed-data/alert-rules.js'
import { demoRecords, ladderOf, patchLevel } from './seed-data/demo-feed.js'
import { FAMILIES, type Family } from '../seed-data/platforms.js'
import { regenerateSummary } from './summary.js'

/** mulberry32: a tiny deterministic PRNG, so every fresh console shows the same demo. */
export function prng(seed: number) {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const chance = (p: number): boolean => next() < p
  const hex = (length: number): string => Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join('')
  return { next, int, pick, chance, hex }
}
type Random = ReturnType<typeof prng>

export interface DetectSeedPlan {
  /** family key → number of devices */
  devices: Record<string, number>
  alerts: number
  tokens: Array<{ name: string; enabled: boolean }>
  apiKeys: Array<{ name: string; revoked: boolean }>
  seed: number
  hostPrefix?: string
}

export const DEMO_PLAN: DetectSeedPlan = {
  devices: {
    debian12: 12,
    'debian-testing': 2,
    ubuntu2204: 12,
    ubuntu2004: 6,
    rhel9: 8,
    alpine318: 6,
    yocto4: 5,
    zephyr: 4,
    freertos: 4,
    threadx: 3,
    nuttx: 2
  },
  alerts: 340,
  tokens: [
    { name: 'Frankfurt datacenter rollout', enabled: true },
    { name: 'Factory floor RTOS fleet', enabled: true },
    { name: 'Branch office gateways', enabled: true },
    { name: 'Lab bench (retired)', enabled: false }
  ],
  apiKeys: [
    { name: 'Ansible provisioning', revoked: false },
    { name: 'CI pipeline (old)', revoked: true }
  ],
  seed: 20240701
}

/** A small, separate dataset for the isolation tenant: its own ids for the tenant-isolation tests. */
export const OTHER_PLAN: DetectSeedPlan = {
  devices: { debian12: 2, alpine318: 1, zephyr: 1 },
  alerts: 8,
  tokens: [{ name: 'Isolation token', enabled: true }],
  apiKeys: [{ name: 'Isolation key', revoked: false }],
  seed: 777,
  hostPrefix: 'iso-'
}

const LINUX_ROLES = ['web', 'api', 'db', 'cache', 'bastion', 'build', 'vpn', 'mail', 'k8s-node', 'monitor', 'proxy', 'backup']
const EDGE_ROLES = ['edge-gw', 'kiosk', 'camera', 'hmi', 'router']
const RTOS_ROLES = [
  'pump-ctrl',
  'hvac-sensor',
  'badge-reader',
  'plc-io',
  'infusion-pump',
  'smart-meter',
  'valve-ctrl',
  'env-sensor'
]
const SITES = ['fra', 'lon', 'ams', 'nyc', 'sgp', 'par', 'mad']
const PEOPLE = ['alice', 'bob', 'carol', 'dmitri', 'erin', 'farid', 'grace', 'hiro', 'ines', 'jamal']
const ATTACKERS = [
  '185.220.101.34',
  '45.155.205.233',
  '194.26.29.102',
  '103.145.13.88',
  '89.248.165.74',
  '141.98.11.20',
  '222.186.30.112',
  '61.177.172.140',
  '5.188.206.14',
  '176.111.174.87'
]

const THREADS: Record<string, string[]> = {
  zephyr: ['main', 'idle', 'sysworkq', 'net_mgmt', 'rx_q[0]', 'tx_q[0]', 'bt_rx', 'shell_uart', 'logging', 'sensor_poll'],
  freertos: ['IDLE', 'Tmr Svc', 'IP-task', 'EMAC', 'MQTTAgent', 'SensorTask', 'OTA Task', 'ShadowDemo'],
  threadx: ['System Timer Thread', 'NetX IP Instance', 'tx_idle', 'usbx_host', 'filex_media', 'app_main', 'modbus_poll'],
  nuttx: ['Idle Task', 'hpwork', 'lpwork', 'nsh_main', 'telnetd', 'coap_server', 'ntpc']
}

interface SeededDevice {
  uid: string
  family: Family
  hostname: string
  ip: string
  users: string[]
}

/**
 * The demo catalogue (real CVE ids with their NVD scores, as OSV records "DEMO-…" with invented
 * patch ladders), stored once and marked demo: only the seed's devices and SBOMs match it. Real
 * advisories come from `sync-feeds` or `import-osv`, never from the seed.
 */
export async function ensureDemoFeed(db: Db): Promise<void> {
  const records = demoRecords()
  const [stored] = await db
    .select({ n: count() })
    .from(osvRecords)
    .where(
      inArray(
        osvRecords.id,
        records.map((record) => record.id)
      )
    )
  if ((stored?.n ?? 0) < records.length)
    await storeOsvRecords(
      db,
      records.map((record) => ({ record, source: 'seed', demo: true }))
    )
  await refreshFeedEcosystems(db)
}

const DAY = 86_400_000

function ipv6LinkLocal(r: Random): string {
  return `fe80::${r.hex(4)}:${r.hex(2)}ff:fe${r.hex(2)}:${r.hex(4)}`.replace(/:0+(?=[0-9a-f])/g, ':')
}

function linuxAccounts(
  r: Random,
  family: Family
): {
  rows: Array<{ username: string; uid: number; homeDirectory: string; shell: string; groupName: string; privileges: string }>
  humans: string[]
} {
  const busybox = family.key === 'alpine318' || family.key === 'yocto4'
  const shell = busybox ? '/bin/ash' : '/bin/bash'
  const nologin = busybox ? '/sbin/nologin' : '/usr/sbin/nologin'
  const rows = [
    { username: 'root', uid: 0, homeDirectory: '/root', shell, groupName: 'root', privileges: 'root' },
    { username: 'daemon', uid: 1, homeDirectory: '/usr/sbin', shell: nologin, groupName: 'daemon', privileges: 'service' },
    {
      username: busybox ? 'nobody' : 'www-data',
      uid: busybox ? 65534 : 33,
      homeDirectory: busybox ? '/' : '/var/www',
      shell: nologin,
      groupName: busybox ? 'nobody' : 'www-data',
      privileges: 'service'
    },
    {
      username: 'sshd',
      uid: busybox ? 22 : 105,
      homeDirectory: '/run/sshd',
      shell: nologin,
      groupName: busybox ? 'sshd' : 'nogroup',
      privileges: 'service'
    }
  ]
  const humans: string[] = []
  const adminGroup = family.key === 'rhel9' ? 'wheel' : 'sudo'
  const n = r.int(1, 4)
  for (let i = 0; i < n; i++) {
    const name = PEOPLE[(r.int(0, PEOPLE.length - 1) + i) % PEOPLE.length]!
    if (humans.includes(name)) continue
    humans.push(name)
    rows.push({
      username: name,
      uid: 1000 + i,
      homeDirectory: `/home/${name}`,
      shell,
      groupName: name,
      privileges: i === 0 || r.chance(0.3) ? adminGroup : 'standard'
    })
  }
  if (r.chance(0.5))
    rows.push({
      username: 'deploy',
      uid: 1100,
      homeDirectory: '/home/deploy',
      shell,
      groupName: 'deploy',
      privileges: r.chance(0.5) ? adminGroup : 'standard'
    })
  if (r.chance(0.15))
    rows.push({ username: 'backdoor', uid: 0, homeDirectory: '/tmp', shell: '/bin/sh', groupName: 'root', privileges: 'root' })
  return { rows, humans: humans.length > 0 ? humans : ['root'] }
}

/**
 * Seeds one tenant's DETECT data from a plan: devices with accounts, interfaces, threads, packages
 * and findings, alerts with event data and associated alerts, provision tokens and API keys.
 * Skips a tenant that already has devices (idempotent). Multi-row inserts keep it fast.
 */
export async function seedDetectTenant(
  db: Db,
  tenantUid: string,
  createdBy: { uid: string; email: string },
  plan: DetectSeedPlan,
  ensureFeed: () => Promise<void> = async () => await ensureDemoFeed(db)
): Promise<{ devices: number; packages: number; alerts: number } | null> {
  const [existing] = await db.select({ n: count() }).from(devices).where(eq(devices.tenantUid, tenantUid))
  if ((existing?.n ?? 0) > 0) return null

  const r = prng(plan.seed)
  await ensureFeed()
  await ensureAgentCatalogue(db)
  const now = Date.now()

  const deviceRows: Array<typeof devices.$inferInsert> = []
  const accountRows: Array<typeof deviceAccounts.$inferInsert> = []
  const interfaceRows: Array<typeof deviceInterfaces.$inferInsert> = []
  const threadRows: Array<typeof deviceThreads.$inferInsert> = []
  const packageRows: Array<typeof devicePackages.$inferInsert> = []
  const seeded: SeededDevice[] = []
  const usedNames = new Set<string>()

  let index = 0
  for (const [familyKey, howMany] of Object.entries(plan.devices)) {
    const family = FAMILIES.find((f) => f.key === familyKey)
    if (family === undefined) throw new Error(`unknown family ${familyKey}`)
    for (let i = 0; i < howMany; i++, index++) {
      const uid = randomUUID()
      const roles =
        family.deviceType === 'rtos'
          ? RTOS_ROLES
          : family.key === 'yocto4' || family.key === 'alpine318'
            ? EDGE_ROLES
            : LINUX_ROLES
      let hostname: string
      do {
        hostname = `${plan.hostPrefix ?? ''}${r.pick(roles)}-${r.pick(SITES)}-${String(r.int(1, 40)).padStart(2, '0')}`
      } while (usedNames.has(hostname))
      usedNames.add(hostname)

      const subnet = family.deviceType === 'rtos' ? `10.${40 + (index % 8)}` : `10.${10 + (index % 6)}`
      const ip = `${subnet}.${r.int(0, 15)}.${r.int(2, 250)}`
      const interfaces: Array<{ name: string; state: string; ip_addresses: string }> = []
      if (family.deviceType === 'linux') {
        interfaces.push({ name: 'lo', state: 'UNKNOWN', ip_addresses: '127.0.0.1, ::1' })
        interfaces.push({
          name: family.key === 'rhel9' ? 'ens192' : 'eth0',
          state: 'UP',
          ip_addresses: `${ip}, ${ipv6LinkLocal(r)}`
        })
        if (r.chance(0.3)) interfaces.push({ name: 'docker0', state: r.chance(0.5) ? 'UP' : 'DOWN', ip_addresses: '172.17.0.1' })
        if (family.key === 'yocto4' || r.chance(0.15))
          interfaces.push({
            name: 'wlan0',
            state: r.chance(0.7) ? 'UP' : 'DOWN',
            ip_addresses: `192.168.${r.int(0, 9)}.${r.int(2, 250)}, ${ipv6LinkLocal(r)}`
          })
        if (r.chance(0.2))
          interfaces.push({ name: 'wg0', state: 'UP', ip_addresses: `10.99.0.${r.int(2, 250)}, fd00:99::${r.hex(2)}` })
      } else {
        interfaces.push({ name: r.pick(['eth0', 'en0', 'wlan0']), state: 'UP', ip_addresses: `${ip}, ${ipv6LinkLocal(r)}` })
      }
      for (const nic of interfaces)
        interfaceRows.push({ tenantUid, deviceUid: uid, name: nic.name, state: nic.state, ipAddresses: nic.ip_addresses })

      let humans: string[] = ['root']
      if (family.deviceType === 'linux') {
        const accounts = linuxAccounts(r, family)
        humans = accounts.humans
        for (const account of accounts.rows) accountRows.push({ tenantUid, deviceUid: uid, ...account })
      } else {
        const names = THREADS[family.key] ?? []
        let budget = 100
        for (const name of names) {
          const use = name.toLowerCase().includes('idle') ? 0 : Math.min(budget, Math.round(r.next() * 18 * 100) / 100)
          budget -= use
          threadRows.push({ tenantUid, deviceUid: uid, threadName: name, avgCpuUsage: use })
        }
        const idle = names.find((name) => name.toLowerCase().includes('idle'))
        if (idle !== undefined)
          threadRows.find((t) => t.deviceUid === uid && t.threadName === idle)!.avgCpuUsage = Math.round(budget * 100) / 100
      }

      // Packages: the family image, minus a few. Each source package sits on its patch ladder
      // (seed-data/demo-feed.ts): most devices are fairly well patched, some not at all, a fifth
      // fully. The two Debian testing boxes are the "pulled xz 5.6.1 from sid" story: always exposed.
      // The findings come from the matcher, after the packages are stored.
      const exposure = family.key === 'debian-testing' ? 0.9 : r.chance(0.15) ? 0 : Math.pow(r.next(), 2.2)
      const arch = r.pick(family.arches)
      const installed = new Map<string, string>()
      for (const [name, source] of family.binaries) {
        if (
          family.deviceType === 'linux' &&
          r.chance(0.06) &&
          !['bash', 'openssl', 'libc6', 'glibc', 'busybox', 'musl'].includes(name)
        )
          continue
        let version = installed.get(source)
        if (version === undefined) {
          const ladder = ladderOf(family, source)
          version =
            ladder === undefined ? (family.sources[source] ?? '0') : ladder.versions[patchLevel(ladder, exposure, r.next)]!
          installed.set(source, version)
        }
        packageRows.push({
          tenantUid,
          deviceUid: uid,
          name,
          version,
          ecosystem: family.ecosystem,
          sourceName: source,
          architecture: family.deviceType === 'linux' ? arch : ''
        })
      }

      const created = now - r.int(20, 400) * DAY - r.int(0, DAY)
      const lastConnected = r.chance(0.08) ? null : now - r.int(0, r.chance(0.8) ? 6 * 3600_000 : 20 * DAY)
      deviceRows.push({
        uid,
        tenantUid,
        hostname,
        deviceType: family.deviceType,
        demo: true,
        platformName: family.platformName,
        platformVersion: family.platformVersion,
        kernelArch: arch,
        kernelVersion: r.pick(family.kernelVersions),
        ipAddresses: interfaces.map((nic) => nic.ip_addresses).join(' '),
        lastConnected: lastConnected === null ? null : new Date(lastConnected),
        createdAt: new Date(created)
      })
      seeded.push({ uid, family, hostname, ip, users: humans })
    }
  }

  for (const batch of chunks(deviceRows, 500)) await db.insert(devices).values(batch)
  for (const batch of chunks(accountRows, 1000)) await db.insert(deviceAccounts).values(batch)
  for (const batch of chunks(interfaceRows, 1000)) await db.insert(deviceInterfaces).values(batch)
  for (const batch of chunks(threadRows, 1000)) await db.insert(deviceThreads).values(batch)
  for (const batch of chunks(packageRows, 1000)) await db.insert(devicePackages).values(batch)
  // One source of truth: the demo's findings, counts and risk come from the matcher.
  await matchDevices(
    db,
    deviceRows.map((device) => ({ tenantUid, deviceUid: device.uid! }))
  )

  const alertCount = await seedAlerts(db, r, tenantUid, seeded, plan.alerts, now)

  await db.insert(provisionTokens).values(
    plan.tokens.map((token, i) => ({
      tenantUid,
      name: token.name,
      enabled: token.enabled,
      token: newProvisionToken(),
      createdByUid: createdBy.uid,
      createdByEmail: createdBy.email,
      createdAt: new Date(now - (plan.tokens.length - i) * 9 * DAY)
    }))
  )
  // Demo keys exist to be listed and revoked; their secrets are discarded, never printed.
  await db.insert(apiKeys).values(
    plan.apiKeys.map((key, i) => {
      const fresh = newApiKey()
      return {
        tenantUid,
        name: key.name,
        revoked: key.revoked,
        prefix: fresh.prefix,
        secretHash: fresh.secretHash,
        createdByUid: createdBy.uid,
        createdAt: new Date(now - (plan.apiKeys.length - i) * 30 * DAY)
      }
    })
  )

  bumpTenantData(tenantUid)
  await regenerateSummary(db, tenantUid)
  await analyzeDetectTables(db)
  return { devices: deviceRows.length, packages: packageRows.length, alerts: alertCount }
}

/**
 * Refreshes planner statistics after bulk writes. PGlite runs no autovacuum, so without this the
 * planner keeps the empty-table estimates and picks nested loops over thousands of rows.
 */
export async function analyzeDetectTables(db: Db): Promise<void> {
  await db.execute(sql`analyze devices, device_packages, package_findings, vulnerabilities, vulnerability_affected,
    osv_records, osv_record_vulnerabilities, alerts, device_accounts, device_interfaces, device_threads`)
}

async function seedAlerts(
  db: Db,
  r: Random,
  tenantUid: string,
  seeded: SeededDevice[],
  howMany: number,
  now: number
): Promise<number> {
  const rows: Array<typeof alerts.$inferInsert> = []
  const perDevice = new Map<string, Array<{ id: string; rule: string }>>()
  // Oldest first, so associated alerts can point back at earlier alerts of the same device.
  const times = Array.from({ length: howMany }, () => now - Math.floor(Math.pow(r.next(), 1.6) * 45 * DAY)).sort((a, b) => a - b)
  for (const time of times) {
    const device = r.pick(seeded)
    const rules = ALERT_RULES.filter((rule) => rule.deviceType === 'any' || rule.deviceType === device.family.deviceType)
    const rule = r.pick(rules)
    const context: AlertContext = {
      hostname: device.hostname,
      ip: device.ip,
      user: r.pick(device.users),
      sourceIp: r.pick(ATTACKERS),
      pid: r.int(1200, 65000),
      pick: r.pick,
      int: r.int
    }
    const elasticId = createHash('sha256')
      .update(`${tenantUid}:${r.hex(16)}:${time}`)
      .digest('hex')
    const earlier = perDevice.get(device.uid) ?? []
    const associated: AssociatedAlert[] = []
    if (earlier.length > 0 && r.chance(0.45)) {
      for (let i = 0; i < r.int(1, Math.min(3, earlier.length)); i++) {
        const other = earlier[earlier.length - 1 - i]!
        associated.push({ elastic_rule_name: other.rule, elastic_alert_id: other.id })
      }
    }
    // Now and then a related alert this console never received (its link stays null).
    if (r.chance(0.08))
      associated.push({ elastic_rule_name: 'Network Connection via Recently Compiled Executable', elastic_alert_id: r.hex(64) })
    earlier.push({ id: elasticId, rule: rule.name })
    perDevice.set(device.uid, earlier)
    const age = now - time
    const closed = age > 7 * DAY ? r.chance(0.8) : age > DAY ? r.chance(0.35) : r.chance(0.1)
    rows.push({
      tenantUid,
      deviceUid: device.uid,
      name: rule.name,
      status: closed ? 'CLOSED' : 'OPEN',
      priority: rule.priority,
      priorityRank: priorityRank(rule.priority),
      indicator: rule.indicator(context),
      description: rule.description,
      recommendation: rule.recommendation,
      summary: rule.summary(context),
      eventData: { '@timestamp': new Date(time).toISOString(), 'agent.type': 'console-agent', ...rule.event(context) },
      associatedAlertIds: associated,
      mitreIds: rule.mitre,
      model: rule.model,
      elasticRuleId: rule.ruleId,
      elasticAlertId: elasticId,
      elasticRuleName: rule.name,
      elasticIndex: '.internal.alerts-security.alerts-default-000001',
      elasticAlertCreatedAt: new Date(time),
      createdAt: new Date(time + r.int(5, 90) * 1000),
      updatedAt: new Date(closed ? Math.min(now, time + r.int(1, 72) * 3600_000) : time + 60_000)
    })
  }
  for (const batch of chunks(rows, 500)) await db.insert(alerts).values(batch)
  return rows.length
}
