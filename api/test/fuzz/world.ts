import assert from 'node:assert/strict'
import type { LightMyRequestResponse } from 'fastify'
import { vulnerabilities } from '../../src/db/schema/index.js'
import { createSensorKey } from '../../src/lib/honeypot/sensor-keys.js'
import { buildTestApp, DEMO_PASSWORD, OTHER_PASSWORD, type Session, type TestApp } from '../helpers.js'
import { alpineInventory, machine } from '../routes/api/v1/enrolment-fixtures.js'
import { multipart } from '../routes/api/v1/insights/insights-fixtures.js'

/** What tenant B's data is named after: a response to anyone else that holds one of these leaked it. */
export const B_MARKER = 'zz-tenant-b-secret'
const mark = (what: string): string => `${B_MARKER}-${what}`

export const CREDENTIALS = [
  'none',
  'garbage',
  'session A',
  'API key A',
  'revoked API key A',
  'report token A',
  'provision token A',
  'device credential A',
  'sensor key'
] as const
export type Credential = (typeof CREDENTIALS)[number]

/** Tenant A's objects whose loss would end a credential; only safe methods get their uids. */
interface Fragile {
  apiKey: string
  provisionToken: string
  device: string
  report: string
}

export interface FuzzWorld {
  t: TestApp
  tenantA: string
  tenantB: string
  /** uids of tenant A's objects, by the URL segment that lists them (devices, alerts, api-keys...). */
  idsA: Record<string, string[]>
  /** uids only tenant B has, and B's secrets and marker strings: none may reach a non-B response. */
  secretsB: string[]
  /** uids of tenant B's objects (to put in requests), as idsA. */
  idsB: Record<string, string[]>
  /** Shared, tenant-less ids: CVEs, agent builds. */
  sharedIds: Record<string, string[]>
  fragileA: Set<string>
  /** Request headers carrying one credential (a secret goes in every header a route could read). */
  headers: (credential: Credential, options?: { csrf?: boolean; freshSession?: boolean }) => Promise<Record<string, string>>
  /** Signs tenant A's session in again if a route ended it. */
  ensureSession: () => Promise<void>
}

/** Every string under a key named uid/id/*_uid, anywhere in a JSON value. */
function collectIds(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) collectIds(item, into)
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' && (key === 'uid' || key === 'id' || key.endsWith('_uid')) && item.length >= 8) into.add(item)
      else collectIds(item, into)
    }
  }
  return into
}

export async function buildFuzzWorld(): Promise<FuzzWorld> {
  const t = await buildTestApp({ detect: true, insights: true })
  const tenantA = t.seeded.demo.tenantUid
  const tenantB = t.seeded.other.tenantUid
  let sessionA = await t.login()
  const sessionB = await t.login('other@example.com', OTHER_PASSWORD)

  const call = async (
    session: Session | null,
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
    expect?: number
  ): Promise<LightMyRequestResponse> => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(session === null ? {} : session.headers()), ...headers },
      ...(payload === undefined
        ? {}
        : typeof payload === 'string' || Buffer.isBuffer(payload)
          ? { payload }
          : { payload: payload as Record<string, unknown> })
    })
    if (expect !== undefined) assert.equal(response.statusCode, expect, `${method} ${url}: ${response.body}`)
    return response
  }

  /** One tenant's data made through the API; names carry `label` so B's can be recognised. */
  const populate = async (session: Session, tenant: string, label: (what: string) => string, n: number) => {
    const tokens = `/api/v1/tenants/${tenant}/provision-tokens/`
    const keys = `/api/v1/tenants/${tenant}/api-keys/`
    const token = (await call(session, 'POST', tokens, { name: label('token') }, {}, 201)).json()
    await call(session, 'POST', tokens, { name: label('spare-token') }, {}, 201)
    const key = (await call(session, 'POST', keys, { name: label('key') }, {}, 201)).json()
    const revoked = (await call(session, 'POST', keys, { name: label('revoked-key') }, {}, 201)).json()
    await call(session, 'PATCH', `${keys}${revoked.uid}/`, { revoked: true }, {}, 200)
    await call(session, 'POST', keys, { name: label('spare-key') }, {}, 201)
    const devices = []
    for (const i of [0, 1]) {
      const enrol = await call(
        null,
        'POST',
        '/api/v1/agents/enroll/',
        { ...machine(n + i), hostname: label(`device-${i}`) },
        { 'x-provision-token': token.token }
      )
      assert.ok(enrol.statusCode === 201, enrol.body)
      const device = enrol.json()
      await call(
        null,
        'PUT',
        `/api/v1/devices/${device.uid}/inventory/`,
        alpineInventory({
          hostname: label(`device-${i}`),
          packages: [
            { name: label('package'), version: '1.0.0-r0', source_name: label('source'), architecture: 'x86_64' },
            ...alpineInventory().packages
          ]
        }),
        { authorization: `Device ${device.credential}` },
        200
      )
      devices.push(device)
    }
    await call(
      null,
      'POST',
      `/api/v1/tenants/${tenant}/alerts/ingest/`,
      {
        '@timestamp': new Date().toISOString(),
        'kibana.alert.uuid': label('alert-uuid'),
        'kibana.alert.rule.name': label('rule'),
        'kibana.alert.reason': label('reason'),
        device: devices[0].uid
      },
      { 'x-api-key': key.key },
      200
    )
    const report = (
      await call(session, 'POST', '/api/v1/insights/reports/', { name: label('report'), assessment_type: 'system' }, {}, 201)
    ).json()
    await call(session, 'POST', '/api/v1/insights/reports/', { name: label('spare-report'), assessment_type: 'system' }, {}, 201)
    const sbom = await multipart([
      {
        field: 'sbom',
        content: JSON.stringify({
          bomFormat: 'CycloneDX',
          specVersion: '1.5',
          version: 1,
          metadata: { component: { type: 'application', name: label('app') } },
          components: [
            { type: 'library', name: label('component'), version: '1.0.0', purl: `pkg:npm/${label('component')}@1.0.0` },
            { type: 'library', name: 'lodash', version: '4.17.20', purl: 'pkg:npm/lodash@4.17.20' }
          ]
        })
      }
    ])
    await call(
      null,
      'POST',
      '/api/v1/insights/cli/scan',
      sbom.payload,
      { 'x-api-key': report.token, 'content-type': sbom.contentType },
      200
    )
    return { token, key, revoked, device: devices[0], report }
  }

  const a = await populate(sessionA, tenantA, (what) => `fuzz-a-${what}`, 7100)
  const b = await populate(sessionB, tenantB, mark, 7200)

  /** A tenant's uids by collection; `all` also holds the tenant uid. */
  const listIds = async (session: Session, tenant: string): Promise<Record<string, Set<string>>> => {
    const ids: Record<string, Set<string>> = {}
    const base = `/api/v1/tenants/${tenant}`
    for (const [kind, url] of [
      ['provision-tokens', `${base}/provision-tokens/`],
      ['api-keys', `${base}/api-keys/`]
    ] as const) {
      ids[kind] = collectIds((await call(session, 'GET', url, undefined, {}, 200)).json(), new Set())
    }
    for (const [kind, url] of [
      ['devices', `${base}/devices/`],
      ['alerts', `${base}/alerts/`],
      ['reports', '/api/v1/insights/reports/']
    ] as const) {
      ids[kind] = new Set()
      for (let offset = 0; ; offset += 200) {
        const page = (await call(session, 'GET', `${url}?limit=200&offset=${offset}`, undefined, {}, 200)).json()
        collectIds(page, ids[kind])
        if ((page.results?.length ?? 0) < 200) break
      }
    }
    ids.all = new Set([tenant, ...Object.values(ids).flatMap((set) => [...set])])
    return ids
  }
  const listsA = await listIds(sessionA, tenantA)
  const listsB = await listIds(sessionB, tenantB)
  const onlyB = [...listsB.all!].filter((id) => !listsA.all!.has(id))
  assert.ok(onlyB.length > 20, `tenant B has its own uids (${onlyB.length})`)
  const arrays = (lists: Record<string, Set<string>>) =>
    Object.fromEntries(Object.entries(lists).map(([kind, set]) => [kind, [...set]]))

  const agents = collectIds((await call(sessionA, 'GET', '/api/v1/agents/', undefined, {}, 200)).json(), new Set())
  const cves = await t.app.db.select({ uid: vulnerabilities.uid }).from(vulnerabilities).limit(20)
  const sharedIds = { agents: [...agents], cves: [...cves.map((row) => row.uid), 'CVE-2024-6387', 'GHSA-jf85-cpcp-j695'] }

  const secrets: Record<Exclude<Credential, 'none' | 'session A'>, string> = {
    garbage: 'garbage-credential-0123456789abcdef',
    'API key A': a.key.key,
    'revoked API key A': a.revoked.key,
    'report token A': a.report.token,
    'provision token A': a.token.token,
    'device credential A': a.device.credential,
    'sensor key': (await createSensorKey(t.app.db, 'fuzz')).key
  }
  // The packaged IP database loads once, on the first event that needs a lookup (a few seconds,
  // by design); load it here so the 2 s bound measures each fuzzed request, not that one-off.
  const warmUp = await call(
    null,
    'POST',
    '/api/v1/honeypot/events/',
    JSON.stringify({
      eventid: 'cowrie.session.connect',
      session: 'fuzzwarm',
      src_ip: '203.0.113.9',
      sensor: 'fuzz',
      timestamp: new Date().toISOString()
    }),
    { 'x-api-key': secrets['sensor key'], 'content-type': 'application/x-ndjson' },
    200
  )
  assert.equal(warmUp.json().accepted, 1, warmUp.body)
  let freshLogins = 0

  return {
    t,
    tenantA,
    tenantB,
    idsA: arrays(listsA),
    idsB: arrays(listsB),
    secretsB: [
      ...onlyB,
      B_MARKER,
      t.seeded.other.tenantName,
      'other@example.com',
      b.key.key,
      b.token.token,
      b.report.token,
      b.device.credential
    ],
    sharedIds,
    fragileA: new Set<string>(
      Object.values({
        apiKey: a.key.uid,
        provisionToken: a.token.uid,
        device: a.device.uid,
        report: a.report.uid
      } satisfies Fragile)
    ),
    headers: async (credential, { csrf = true, freshSession = false } = {}) => {
      if (credential === 'none') return {}
      if (credential === 'session A') {
        // A sign-in from an address of its own: the fuzzed sign-ins' failures from 127.0.0.1 do not throttle it.
        const session = freshSession
          ? await t.login(undefined, DEMO_PASSWORD, { ip: `10.99.${(freshLogins >> 8) & 255}.${freshLogins++ & 255}` })
          : sessionA
        return session.headers(csrf)
      }
      const secret = secrets[credential]
      return { 'x-api-key': secret, 'x-provision-token': secret, authorization: `Device ${secret}` }
    },
    ensureSession: async () => {
      const profile = await call(sessionA, 'GET', '/api/v1/token/profile/')
      if (profile.statusCode !== 200) sessionA = await t.login(undefined, DEMO_PASSWORD, { ip: '10.98.0.1' })
    }
  }
}
