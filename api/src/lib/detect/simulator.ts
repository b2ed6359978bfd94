import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { FAMILIES, type Family } from '../seed-data/platforms.js'
import { prng } from './seed.js'

/**
 * Device simulator: enrols N simulated Linux/RTOS devices with a provision token and streams
 * inventory reports, all over HTTP (the same enrol + PUT path a real agent takes), for demos
 * and load tests. `npm run cli -- simulate-devices` and bench/enrolment.mjs drive it.
 *
 * Machine ids derive from the token and the device number, so running it again re-enrols the
 * same devices (no duplicates) instead of creating new ones.
 */

export interface SimulateOptions {
  server: string
  token: string
  count: number
  /** Packages per Linux device (RTOS devices carry their ~6 firmware components). */
  packages: number
  type: 'linux' | 'rtos' | 'mixed'
  /** Report rounds: every device reports once per round. */
  reports: number
  /** Seconds between the starts of two rounds (0: back to back). */
  interval: number
  /** Requests in flight at once. */
  concurrency: number
  gzip?: boolean
  log?: (line: string) => void
}

export interface RoundResult {
  round: number
  ok: number
  failed: number
  seconds: number
  reportsPerSecond: number
  bytesSent: number
}

export interface SimulateResult {
  enrolled: number
  newDevices: number
  enrolFailed: number
  enrolSeconds: number
  rounds: RoundResult[]
  /** The first few distinct failures, for the operator. */
  errors: string[]
}

const LINUX_FAMILIES = FAMILIES.filter((f) => f.deviceType === 'linux')
const RTOS_FAMILIES = FAMILIES.filter((f) => f.deviceType === 'rtos')
/** os-release ID / VERSION_ID of the families whose ecosystem the server derives itself. */
const OS_RELEASE: Record<string, [string, string]> = {
  debian12: ['debian', '12'],
  ubuntu2204: ['ubuntu', '22.04'],
  ubuntu2004: ['ubuntu', '20.04'],
  alpine318: ['alpine', '3.18.6']
}
const WORDS = [
  'xml',
  'ssl',
  'curl',
  'png',
  'jpeg',
  'z',
  'ffi',
  'gcrypt',
  'ssh',
  'sqlite',
  'yaml',
  'uv',
  'event',
  'pcap',
  'usb',
  'drm',
  'glib',
  'dbus',
  'nss',
  'ldap'
]
const PEOPLE = ['alice', 'bob', 'carol', 'dmitri', 'erin', 'farid', 'grace', 'hiro']
const RTOS_THREADS = ['main', 'idle', 'net_rx', 'net_tx', 'sensor_poll', 'ble_host', 'logging', 'shell', 'ota_update', 'watchdog']

interface SimDevice {
  index: number
  type: 'linux' | 'rtos'
  family: Family
  hostname: string
  machineId: string
  uid?: string
  credential?: string
}

function planDevices(options: SimulateOptions): SimDevice[] {
  const run = createHash('sha256').update(options.token).digest('hex').slice(0, 10)
  return Array.from({ length: options.count }, (_, index) => {
    const type = options.type === 'mixed' ? (index % 4 === 3 ? 'rtos' : 'linux') : options.type
    const families = type === 'linux' ? LINUX_FAMILIES : RTOS_FAMILIES
    const family = families[index % families.length]!
    const number = String(index + 1).padStart(5, '0')
    return { index, type, family, hostname: `sim-${family.key}-${number}`, machineId: `sim-${run}-${number}` }
  })
}

/** The inventory of one simulated device for one round (threads and a package move between rounds). */
export function simulatedInventory(
  device: Pick<SimDevice, 'index' | 'type' | 'family' | 'hostname'>,
  packageCount: number,
  round: number
): Record<string, unknown> {
  const r = prng(device.index * 7919 + 17)
  const family = device.family
  const osRelease = OS_RELEASE[family.key]
  const ecosystem: Record<string, string> = osRelease === undefined ? { ecosystem: family.ecosystem } : {}
  const packages: Array<Record<string, string>> = family.binaries.map(([name, source]) => ({
    name,
    version: family.sources[source] ?? '1.0',
    source_name: source,
    ...ecosystem,
    ...(device.type === 'linux' ? { architecture: 'amd64' } : {})
  }))
  if (device.type === 'linux') {
    const first = packages.length
    for (let i = first; i < packageCount; i++) {
      const word = WORDS[i % WORDS.length]!
      // Every 5th round one synthetic package is upgraded: a realistic, small change.
      const bump = round > 0 && round % 5 === 0 && i === first + (round % 50) ? 1 : 0
      packages.push({
        name: `lib${word}${Math.floor(i / WORDS.length)}-sim`,
        version: `${1 + (i % 7)}.${i % 13}.${(i % 5) + bump}-1`,
        source_name: `${word}-sim-${Math.floor(i / 40)}`,
        architecture: 'amd64',
        ...ecosystem
      })
    }
  }
  const base = {
    hostname: device.hostname,
    device_type: device.type,
    agent_version: 'simulator',
    platform_name: family.platformName,
    platform_version: family.platformVersion,
    ...(osRelease === undefined ? {} : { platform_id: osRelease[0], platform_version_id: osRelease[1] }),
    kernel_version: family.kernelVersions[device.index % family.kernelVersions.length]!,
    kernel_arch: family.arches[device.index % family.arches.length]!,
    packages
  }
  if (device.type === 'rtos') {
    const cpu = prng(device.index * 31 + round)
    const threads = RTOS_THREADS.slice(0, 4 + (device.index % 6)).map((name) => ({
      thread_name: name,
      avg_cpu_usage: Math.round(cpu.next() * 3000) / 100
    }))
    return { ...base, threads }
  }
  const humans = PEOPLE.slice(0, 1 + (device.index % 3))
  return {
    ...base,
    user_accounts: [
      { username: 'root', uid: 0, home_directory: '/root', shell: '/bin/bash', group_name: 'root', privileges: 'root' },
      {
        username: 'daemon',
        uid: 1,
        home_directory: '/usr/sbin',
        shell: '/usr/sbin/nologin',
        group_name: 'daemon',
        privileges: 'service'
      },
      {
        username: 'sshd',
        uid: 105,
        home_directory: '/run/sshd',
        shell: '/usr/sbin/nologin',
        group_name: 'nogroup',
        privileges: 'service'
      },
      ...humans.map((name, i) => ({
        username: name,
        uid: 1000 + i,
        home_directory: `/home/${name}`,
        shell: '/bin/bash',
        group_name: name,
        privileges: i === 0 ? 'sudo' : 'standard'
      }))
    ],
    network_interfaces: [
      { name: 'lo', state: 'UNKNOWN', ip_addresses: ['127.0.0.1', '::1'] },
      {
        name: 'eth0',
        state: 'UP',
        ip_addresses: [
          `10.${(device.index >> 16) & 255}.${(device.index >> 8) & 255}.${device.index & 255}`,
          `fe80::${r.hex(4)}:${r.hex(4)}`
        ]
      }
    ]
  }
}

/** Runs tasks with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!
      await task(item)
    }
  })
  await Promise.all(workers)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function simulateDevices(options: SimulateOptions): Promise<SimulateResult> {
  const log = options.log ?? (() => {})
  const server = options.server.replace(/\/+$/, '')
  const errors = new Set<string>()
  const fail = (message: string) => {
    if (errors.size < 10) errors.add(message)
  }
  const devices = planDevices(options)
  const result: SimulateResult = { enrolled: 0, newDevices: 0, enrolFailed: 0, enrolSeconds: 0, rounds: [], errors: [] }

  let started = performance.now()
  await pool(devices, options.concurrency, async (device) => {
    try {
      const response = await fetch(`${server}/api/v1/agents/enroll/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-provision-token': options.token },
        body: JSON.stringify({
          hostname: device.hostname,
          device_type: device.type,
          machine_id: device.machineId,
          agent_version: 'simulator'
        })
      })
      const body = (await response.json()) as { uid?: string; credential?: string; created?: boolean; detail?: string }
      if (response.status !== 200 && response.status !== 201)
        throw new Error(`enrol: HTTP ${response.status} ${body.detail ?? ''}`)
      device.uid = body.uid
      device.credential = body.credential
      result.enrolled++
      if (body.created === true) result.newDevices++
    } catch (error) {
      result.enrolFailed++
      fail((error as Error).message)
    }
  })
  result.enrolSeconds = (performance.now() - started) / 1000
  log(
    `enrolled ${result.enrolled} devices (${result.newDevices} new) in ${result.enrolSeconds.toFixed(1)} s, ${result.enrolFailed} failed`
  )

  const enrolled = devices.filter((d) => d.uid !== undefined)
  for (let round = 0; round < options.reports; round++) {
    started = performance.now()
    const stats: RoundResult = { round: round + 1, ok: 0, failed: 0, seconds: 0, reportsPerSecond: 0, bytesSent: 0 }
    await pool(enrolled, options.concurrency, async (device) => {
      try {
        const json = Buffer.from(JSON.stringify(simulatedInventory(device, options.packages, round)))
        const body = options.gzip === false ? json : gzipSync(json, { level: 1 })
        stats.bytesSent += body.length
        const response = await fetch(`${server}/api/v1/devices/${device.uid}/inventory/`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            authorization: `Device ${device.credential}`,
            ...(options.gzip === false ? {} : { 'content-encoding': 'gzip' })
          },
          body
        })
        const answer = (await response.json()) as { detail?: string }
        if (response.status !== 200) throw new Error(`report: HTTP ${response.status} ${answer.detail ?? ''}`)
        stats.ok++
      } catch (error) {
        stats.failed++
        fail((error as Error).message)
      }
    })
    stats.seconds = (performance.now() - started) / 1000
    stats.reportsPerSecond = stats.ok / Math.max(stats.seconds, 1e-9)
    result.rounds.push(stats)
    log(
      `round ${stats.round}: ${stats.ok} reports in ${stats.seconds.toFixed(1)} s (${stats.reportsPerSecond.toFixed(1)} reports/s, ${(stats.bytesSent / 1e6).toFixed(1)} MB sent), ${stats.failed} failed`
    )
    const wait = options.interval * 1000 - (performance.now() - started)
    if (round + 1 < options.reports && wait > 0) await sleep(wait)
  }
  result.errors = [...errors]
  return result
}
