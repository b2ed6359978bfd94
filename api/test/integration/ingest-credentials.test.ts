import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { createSensorKey, revokeSensorKey } from '../../src/lib/honeypot/sensor-keys.js'
import { cowrieEvent } from '../lib/honeypot/honeypot-helpers.js'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openTestDatabase } from '../helpers.js'
import { alpineInventory, buildEnrolApp, enrolled, machine, type EnrolApp } from '../routes/api/v1/enrolment-fixtures.js'
import { multipart, REPORTS, SCAN } from '../routes/api/v1/insights/insights-fixtures.js'

/**
 * OWASP ASVS 5.0 V8.2.1 (function-level access restricted to consumers with explicit permissions):
 * every machine-facing ingest or upload route takes exactly ONE kind of credential. Each
 * credential is sent in every header a route could read it from (X-API-Key, X-Provision-Token,
 * Authorization: Device), so a route that reads the wrong header, or accepts the wrong kind
 * through the right header, shows up as a cell that is not 401.
 */

const CREDENTIALS = [
  'none',
  'garbage',
  'session cookie',
  'tenant API key',
  'revoked API key',
  'report token',
  'sensor key',
  'revoked sensor key',
  'device credential',
  'provision token'
] as const
type Credential = (typeof CREDENTIALS)[number]

interface Route {
  name: string
  /** The one credential this route accepts; every other one answers 401. */
  accepts: Credential
  ok: number
  send: (headers: Record<string, string>) => Promise<LightMyRequestResponse>
}

describe('ingest and upload routes × credential types (ASVS V8.2.1)', () => {
  let t: EnrolApp
  const secrets = {} as Record<Exclude<Credential, 'none' | 'session cookie'>, string>
  let deviceUid = ''
  let routes: Route[] = []

  before(async () => {
    t = await buildEnrolApp()
    const keys = `/api/v1/tenants/${t.demoTenant}/api-keys/`
    secrets['tenant API key'] = (await t.send('POST', keys, { name: 'matrix' })).json().key
    const revoked = (await t.send('POST', keys, { name: 'matrix revoked' })).json()
    await t.send('PATCH', `${keys}${revoked.uid}/`, { revoked: true })
    secrets['revoked API key'] = revoked.key
    secrets['report token'] = (await t.send('POST', REPORTS, { name: 'matrix', assessment_type: 'system' })).json().token
    secrets['sensor key'] = (await createSensorKey(t.app.db, 'matrix')).key
    const gone = await createSensorKey(t.app.db, 'matrix revoked')
    await revokeSensorKey(t.app.db, gone.info.id)
    secrets['revoked sensor key'] = gone.key
    secrets['provision token'] = (await t.token()).token
    const device = await enrolled(t, secrets['provision token'])
    deviceUid = device.uid
    secrets['device credential'] = device.credential
    secrets.garbage = 'garbage-credential-0123456789abcdef'

    const inject = t.app.inject.bind(t.app)
    const sbom = await multipart([
      { field: 'sbom', content: JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, components: [] }) }
    ])
    routes = [
      {
        name: 'POST /honeypot/events/',
        accepts: 'sensor key',
        ok: 200,
        send: (headers) =>
          inject({
            method: 'POST',
            url: '/api/v1/honeypot/events/',
            headers: { ...headers, 'content-type': 'application/x-ndjson' },
            payload: `${cowrieEvent('cowrie.session.connect', 'matrix01', 60_000)}\n`
          })
      },
      {
        name: 'POST /tenants/{tenant}/alerts/ingest/',
        accepts: 'tenant API key',
        ok: 200,
        send: (headers) =>
          inject({
            method: 'POST',
            url: `/api/v1/tenants/${t.demoTenant}/alerts/ingest/`,
            headers,
            payload: {
              '@timestamp': '2026-11-20T08:15:42.118Z',
              'kibana.alert.uuid': 'matrix-1',
              'kibana.alert.rule.name': 'Matrix'
            }
          })
      },
      {
        name: 'POST /agents/enroll/',
        accepts: 'provision token',
        ok: 201,
        // A machine of its own, so enrolling does not replace the device credential used below.
        send: (headers) =>
          inject({
            method: 'POST',
            url: '/api/v1/agents/enroll/',
            headers,
            payload: { ...machine(Math.floor(Math.random() * 9000) + 1000) }
          })
      },
      {
        name: 'PUT /devices/{uid}/inventory/',
        accepts: 'device credential',
        ok: 200,
        send: (headers) =>
          inject({
            method: 'PUT',
            url: `/api/v1/devices/${deviceUid}/inventory/`,
            headers,
            payload: alpineInventory({ hostname: 'test-linux-1' })
          })
      },
      {
        name: 'POST /insights/cli/scan',
        accepts: 'report token',
        ok: 200,
        send: (headers) =>
          inject({ method: 'POST', url: SCAN, headers: { ...headers, 'content-type': sbom.contentType }, payload: sbom.payload })
      },
      ...(['linux', 'rtos'] as const).flatMap((type) =>
        (['install', 'uninstall'] as const).map((script): Route => ({
          name: `GET /agents/${type}/${script}`,
          accepts: 'tenant API key',
          ok: 200,
          send: (headers) => inject({ url: `/api/v1/agents/${type}/${script}`, headers })
        }))
      )
    ]
  })
  after(async () => {
    await t.close()
  })

  const headersFor = (credential: Credential): Record<string, string> => {
    if (credential === 'none') return {}
    if (credential === 'session cookie') return t.demo.headers()
    const secret = secrets[credential]
    return { 'x-api-key': secret, 'x-provision-token': secret, authorization: `Device ${secret}` }
  }

  it('each route accepts only its own credential; every other one is 401', async () => {
    const wrong: string[] = []
    for (const route of routes) {
      for (const credential of CREDENTIALS) {
        const response = await route.send(headersFor(credential))
        const expected = credential === route.accepts ? route.ok : 401
        // 201 and 200 both mean "enrolled" (a re-enrolment of the same machine answers 200).
        const got = route.accepts === 'provision token' && response.statusCode === 200 ? 201 : response.statusCode
        if (got !== expected)
          wrong.push(
            `${route.name} with ${credential}: ${response.statusCode} (expected ${expected}) ${response.body.slice(0, 120)}`
          )
        else if (got === 401 && typeof response.json().detail !== 'string')
          wrong.push(`${route.name} with ${credential}: 401 without a JSON detail`)
      }
    }
    assert.deepEqual(wrong, [])
  })

  it('the honeynet data is unchanged by a refused tenant key or report token', async () => {
    const session = await t.login()
    const metrics = async () => (await t.app.inject({ url: '/api/v1/honeypot-metrics/', headers: session.headers() })).json()
    const before = await metrics()
    for (const credential of ['tenant API key', 'report token'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/honeypot/events/',
        headers: { 'x-api-key': secrets[credential], 'content-type': 'application/x-ndjson' },
        payload: `${cowrieEvent('cowrie.session.connect', `forged-${credential.length}`, 30_000, { src_ip: '198.51.100.66' })}\n`
      })
      assert.equal(response.statusCode, 401, credential)
    }
    assert.deepEqual(await metrics(), before)
  })
})

describe('API-key routes fail closed (ASVS V8.2.1)', () => {
  it('a route with auth api-key that names no key kinds cannot be registered', async () => {
    const { database, cleanup } = await openTestDatabase()
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false })
    try {
      assert.throws(
        () => app.post('/api/v1/test-any-key/', { config: { auth: 'api-key' } }, async () => ({})),
        /must list the key kinds it accepts/
      )
      assert.throws(
        () => app.post('/api/v1/test-any-key-2/', { config: { auth: 'cookie-or-api-key', apiKeyKinds: [] } }, async () => ({})),
        /must list/
      )
    } finally {
      await app.close()
      await cleanup()
    }
  })
})
