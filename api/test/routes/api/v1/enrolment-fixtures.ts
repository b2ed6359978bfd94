import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { count, eq } from 'drizzle-orm'
import type { Db } from '../../../../src/db/client.js'
import { devices, vulnerabilities } from '../../../../src/db/schema/index.js'
import { importOsv } from '../../../../src/lib/vulns/import.js'
import { buildTestApp, OTHER_PASSWORD, type Session, type TestApp } from '../../../helpers.js'
import { TEST_OSV } from '../../../shared-data.js'

/** A test app (no demo DETECT data) with a session per tenant and the agent-side calls. */
export interface EnrolApp extends TestApp {
  demo: Session
  other: Session
  demoTenant: string
  otherTenant: string
  /** Creates a provision token through the console API; answers the token string and uid. */
  token: (session?: Session, name?: string) => Promise<{ uid: string; token: string }>
  /** POSTs exactly this body (default: machine 1). */
  enrol: (token: string | undefined, body?: Record<string, unknown>) => Promise<LightMyRequestResponse>
  report: (uid: string, credential: string, body: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>
  get: (url: string, session?: Session) => Promise<LightMyRequestResponse>
  send: (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    session?: Session
  ) => Promise<LightMyRequestResponse>
  deviceCount: () => Promise<number>
}

export interface EnrolBody {
  hostname: string
  device_type: 'linux' | 'rtos'
  machine_id: string
  agent_version: string
}

export const machine = (n: number, type: 'linux' | 'rtos' = 'linux'): EnrolBody => ({
  hostname: `test-${type}-${n}`,
  device_type: type,
  machine_id: `0123456789abcdef0123456789ab${String(n).padStart(4, '0')}`,
  agent_version: '1.0.0'
})

export async function buildEnrolApp(): Promise<EnrolApp> {
  const t = await buildTestApp()
  const demo = await t.login()
  const other = await t.login('other@example.com', OTHER_PASSWORD)
  const demoTenant = t.seeded.demo.tenantUid
  const otherTenant = t.seeded.other.tenantUid
  const send: EnrolApp['send'] = (method, url, payload, session = demo) =>
    t.app.inject({
      method,
      url,
      headers: session.headers(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> })
    })
  return {
    ...t,
    demo,
    other,
    demoTenant,
    otherTenant,
    send,
    get: (url, session = demo) => t.app.inject({ url, headers: session.headers(false) }),
    token: async (session = demo, name = 'rollout') => {
      const tenant = session === other ? otherTenant : demoTenant
      const response = await send('POST', `/api/v1/tenants/${tenant}/provision-tokens/`, { name }, session)
      assert.equal(response.statusCode, 201, response.body)
      return response.json()
    },
    enrol: (token, body = { ...machine(1) }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/agents/enroll/',
        headers: token === undefined ? {} : { 'x-provision-token': token },
        payload: body
      }),
    report: (uid, credential, body, headers = {}) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/devices/${uid}/inventory/`,
        headers: { authorization: `Device ${credential}`, ...headers },
        ...(typeof body === 'string' || Buffer.isBuffer(body)
          ? { body: body as string | Buffer }
          : { payload: body as Record<string, unknown> })
      }),
    deviceCount: async () => {
      const [row] = await t.app.db.select({ n: count() }).from(devices)
      return row?.n ?? 0
    }
  }
}

/** Enrols and returns uid + credential, asserting success. */
export async function enrolled(
  t: EnrolApp,
  token: string,
  body: EnrolBody = machine(1)
): Promise<{ uid: string; credential: string }> {
  const response = await t.enrol(token, { ...body })
  assert.ok(response.statusCode === 201 || response.statusCode === 200, response.body)
  return response.json()
}

/**
 * Loads one of our own OSV records (fixtures/test-osv) with the feed importer (`import-osv`), and checks
 * the CVSS base score it derived from the record's vector (the tests name the vector beside the
 * number; null: the record has no CVSS vector).
 */
export async function loadOsvRecord(db: Db, file: string, score: number | null): Promise<void> {
  const summary = await importOsv(db, path.join(TEST_OSV, file))
  assert.equal(summary.records, 1, `${file} imported`)
  const record = JSON.parse(fs.readFileSync(path.join(TEST_OSV, file), 'utf8')) as {
    id: string
    aliases?: string[] | null
    upstream?: string[]
  }
  const cve =
    [record.id, ...(record.aliases ?? []), ...(record.upstream ?? [])]
      .map((id) => /CVE-\d{4}-\d+$/.exec(id)?.[0])
      .find((id) => id !== undefined) ?? record.id
  const [row] = await db.select({ score: vulnerabilities.score }).from(vulnerabilities).where(eq(vulnerabilities.cveId, cve))
  assert.equal(row?.score ?? null, score, `${cve} score`)
}

/** A realistic Alpine 3.18 inventory (what the Linux agent sends), to vary per test. */
export function alpineInventory(overrides: Record<string, unknown> = {}) {
  return {
    hostname: 'edge-gw-01',
    device_type: 'linux',
    agent_version: '1.0.0',
    platform_name: 'Alpine Linux',
    platform_version: '3.18.4',
    platform_id: 'alpine',
    platform_version_id: '3.18.4',
    kernel_version: '6.1.55-0-lts',
    kernel_arch: 'x86_64',
    user_accounts: [
      { username: 'root', uid: 0, group_name: 'root', home_directory: '/root', shell: '/bin/ash', privileges: 'root' },
      {
        username: 'daemon',
        uid: 2,
        group_name: 'daemon',
        home_directory: '/sbin',
        shell: '/sbin/nologin',
        privileges: 'service'
      },
      {
        username: 'alice',
        uid: 1000,
        group_name: 'alice',
        home_directory: '/home/alice',
        shell: '/bin/ash',
        privileges: 'standard'
      }
    ],
    network_interfaces: [
      { name: 'lo', state: 'UNKNOWN', ip_addresses: ['127.0.0.1', '::1'] },
      { name: 'eth0', state: 'UP', ip_addresses: ['10.20.0.5', 'fe80::5054:ff:fe12:3456'] }
    ],
    packages: [
      { name: 'musl', version: '1.2.4-r2', source_name: 'musl', architecture: 'x86_64' },
      { name: 'busybox', version: '1.36.1-r5', source_name: 'busybox', architecture: 'x86_64' },
      { name: 'openvpn', version: '2.6.8-r0', source_name: 'openvpn', architecture: 'x86_64' },
      { name: 'libssl3', version: '3.1.4-r1', source_name: 'openssl', architecture: 'x86_64' }
    ],
    ...overrides
  }
}

export async function deviceOf(t: EnrolApp, uid: string, session?: Session): Promise<LightMyRequestResponse> {
  const tenant = session === t.other ? t.otherTenant : t.demoTenant
  return t.get(`/api/v1/tenants/${tenant}/devices/${uid}/`, session)
}

export async function credentialHashOf(db: Db, uid: string): Promise<string | null> {
  const [row] = await db.select({ hash: devices.credentialHash }).from(devices).where(eq(devices.uid, uid))
  return row?.hash ?? null
}
