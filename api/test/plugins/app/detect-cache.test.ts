import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { after, before, describe, it } from 'node:test'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { alerts, devicePackages, devices } from '../../../src/db/schema/index.js'
import { bumpTenantData } from '../../../src/lib/data-version.js'
import { buildTestApp, OTHER_PASSWORD, type Session, type TestApp } from '../../helpers.js'

// Mirrors src/plugins/app/detect-cache.ts and src/lib/detect/cached-detail.ts: device and alert
// detail are served from a cache keyed by tenant and data version; every write made in this
// process shows at once, another process's writes within CACHE_TTL_SECONDS.

const TEST_KEY = 'test-agent-key'
/** The tenant TEST_KEY stands for (set once the app is seeded). */
let tenantOfKey = ''

/** Test-only write routes that change a device WITHOUT calling bumpTenantData (a forgetful write path). */
function forgetfulWrites(app: FastifyInstance): void {
  const rename = async (tenantUid: string, uid: string, hostname: string) => {
    await app.db
      .update(devices)
      .set({ hostname })
      .where(and(eq(devices.tenantUid, tenantUid), eq(devices.uid, uid)))
    return { ok: true }
  }
  app.apiKeyResolvers.push(async (key) => (key === TEST_KEY ? { kind: 'test', id: 'agent', tenantUid: tenantOfKey } : null))
  app.post<{ Body: { uid: string; hostname: string } }>('/api/v1/test/rename-device/', async (request) =>
    rename(request.user!.tenantUid, request.body.uid, request.body.hostname)
  )
  app.put<{ Body: { uid: string; hostname: string } }>(
    '/api/v1/test/agent-rename/',
    { config: { auth: 'api-key', apiKeyKinds: ['test'] } },
    async (request) => rename(request.apiKey!.tenantUid, request.body.uid, request.body.hostname)
  )
}

describe('DETECT detail cache', () => {
  let t: TestApp
  let demo: Session
  let other: Session
  let tenant: string
  let deviceUid: string
  let alertUid: string
  const deviceUrl = () => `/api/v1/tenants/${tenant}/devices/${deviceUid}/`
  const alertUrl = () => `/api/v1/tenants/${tenant}/alerts/${alertUid}/`
  const get = (url: string, session = demo) => t.app.inject({ url, headers: session.headers(false) })
  const hostname = async () => (await get(deviceUrl())).json().hostname as string
  const setHostname = (name: string) => t.app.db.update(devices).set({ hostname: name }).where(eq(devices.uid, deviceUid))

  before(async () => {
    // A long TTL: a fresh answer below comes from invalidation, never from expiry.
    t = await buildTestApp({ detect: true, env: { CACHE_TTL_SECONDS: '300' }, extend: forgetfulWrites })
    demo = await t.login()
    other = await t.login('other@example.com', OTHER_PASSWORD)
    tenant = t.seeded.demo.tenantUid
    tenantOfKey = tenant
    const [alert] = await t.app.db
      .select({ uid: alerts.uid, device: alerts.deviceUid })
      .from(alerts)
      .where(eq(alerts.tenantUid, tenant))
      .orderBy(alerts.uid)
      .limit(1)
    assert.ok(alert?.device)
    alertUid = alert.uid
    deviceUid = alert.device
  })
  after(async () => {
    await t.close()
  })

  it('answers the same bytes from the cache as when it built them, as JSON', async () => {
    // An upper-case uid names the same device: one cache entry, the same answer.
    for (const url of [deviceUrl(), alertUrl(), deviceUrl().replace(deviceUid, deviceUid.toUpperCase())]) {
      const first = await get(url)
      const second = await get(url)
      assert.equal(first.statusCode, 200, url)
      assert.equal(second.body, first.body)
      assert.equal(second.headers['content-type'], 'application/json; charset=utf-8')
      assert.equal(typeof second.headers['content-security-policy'], 'string', 'security headers on cached answers too')
    }
  })

  it('serves cached answers compressed the way the compress plugin negotiates', async () => {
    const plain = await get(alertUrl())
    assert.ok(plain.rawPayload.length > 1024, 'big enough to be compressed')
    assert.equal(plain.headers['content-encoding'], undefined)
    const cases: Array<[string, string | undefined, (body: Buffer) => Buffer]> = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
      ['x-gzip', 'gzip', gunzipSync],
      ['*', 'gzip', gunzipSync],
      ['identity', undefined, (body) => body],
      ['deflate', undefined, (body) => body]
    ]
    for (const [accept, encoding, decode] of cases) {
      for (let i = 0; i < 2; i++) {
        const response = await t.app.inject({ url: alertUrl(), headers: { ...demo.headers(false), 'accept-encoding': accept } })
        assert.equal(response.statusCode, 200)
        assert.equal(response.headers['content-encoding'], encoding, accept)
        if (encoding !== undefined) assert.equal(response.headers.vary, 'accept-encoding')
        assert.equal(response.headers['content-type'], 'application/json; charset=utf-8')
        assert.equal(decode(response.rawPayload).toString('utf8'), plain.body, accept)
      }
    }
  })

  it('bumpTenantData makes the next read fresh; until then the cached answer stands', async () => {
    const original = await hostname()
    await setHostname('renamed-behind-the-cache')
    assert.equal(await hostname(), original, 'a write that did not bump is not seen (yet)')
    bumpTenantData(tenant)
    assert.equal(await hostname(), 'renamed-behind-the-cache')
    assert.equal(
      (await get(alertUrl())).json().device_hostname,
      'renamed-behind-the-cache',
      'alert detail shows the device write too'
    )
    await setHostname(original)
    bumpTenantData(tenant)
  })

  it('an alert PATCH shows in the cached detail at once', async () => {
    const before = (await get(alertUrl())).json().status as string
    const next = before === 'OPEN' ? 'CLOSED' : 'OPEN'
    const patch = await t.app.inject({ method: 'PATCH', url: alertUrl(), headers: demo.headers(), payload: { status: next } })
    assert.equal(patch.statusCode, 200)
    assert.equal((await get(alertUrl())).json().status, next)
    await t.app.inject({ method: 'PATCH', url: alertUrl(), headers: demo.headers(), payload: { status: before } })
    assert.equal((await get(alertUrl())).json().status, before)
  })

  it('any unsafe request of the tenant invalidates, even from a write path that forgot bumpTenantData', async () => {
    const original = await hostname()
    const byUser = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/rename-device/',
      headers: demo.headers(),
      payload: { uid: deviceUid, hostname: 'renamed-by-a-user' }
    })
    assert.equal(byUser.statusCode, 200)
    assert.equal(await hostname(), 'renamed-by-a-user')

    const byAgent = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/test/agent-rename/',
      headers: { 'x-api-key': TEST_KEY },
      payload: { uid: deviceUid, hostname: 'renamed-by-an-agent' }
    })
    assert.equal(byAgent.statusCode, 200)
    assert.equal(await hostname(), 'renamed-by-an-agent')

    await setHostname(original)
    bumpTenantData(tenant)
  })

  it('the packages total is cached too, and follows a write at once', async () => {
    const url = `/api/v1/tenants/${tenant}/devices/${deviceUid}/packages/?limit=5`
    const before = (await get(url)).json().count as number
    assert.equal((await get(`${url}&offset=5`)).json().count, before)
    await t.app.db
      .insert(devicePackages)
      .values({ tenantUid: tenant, deviceUid, name: 'zz-new-package', version: '1.0', ecosystem: 'Debian:12' })
    bumpTenantData(tenant)
    assert.equal((await get(url)).json().count, before + 1)
    const searched = (await get(`${url}&search=zz-new`)).json()
    assert.deepEqual([searched.count, searched.results.map((p: { name: string }) => p.name)], [1, ['zz-new-package']])
    const beyond = (await get(`/api/v1/tenants/${tenant}/devices/${deviceUid}/packages/?offset=100000`)).json()
    assert.deepEqual(beyond, { count: before + 1, results: [] })
  })

  it('the alert and device list totals and the dashboard are cached, and follow a write at once', async () => {
    const alertList = `/api/v1/tenants/${tenant}/alerts/?status=OPEN&limit=5`
    const deviceList = `/api/v1/tenants/${tenant}/devices/?limit=5`
    const dashboard = `/api/v1/tenants/${tenant}/dashboard/strategic/`
    const openAlerts = (await get(alertList)).json().count as number
    const deviceCount = (await get(deviceList)).json().count as number
    const openOnDashboard = () =>
      get(dashboard).then((r) => r.json().alerts_by_status.find((s: { status: string }) => s.status === 'OPEN').count as number)
    assert.equal(await openOnDashboard(), openAlerts)
    const [added] = await t.app.db
      .insert(alerts)
      .values({
        tenantUid: tenant,
        name: 'zz cached-total alert',
        priority: 'Low',
        priorityRank: 1,
        elasticAlertId: `cache-test-${randomUUID()}`,
        elasticAlertCreatedAt: new Date()
      })
      .returning({ uid: alerts.uid })
    const [device] = await t.app.db
      .insert(devices)
      .values({ tenantUid: tenant, hostname: 'zz-cached-total', deviceType: 'linux' })
      .returning({ uid: devices.uid })
    assert.equal((await get(alertList)).json().count, openAlerts, 'a write that did not bump is not seen (yet)')
    assert.equal((await get(`${alertList}&offset=5`)).json().count, openAlerts, 'another page: the same total')
    bumpTenantData(tenant)
    assert.equal((await get(alertList)).json().count, openAlerts + 1)
    assert.equal((await get(deviceList)).json().count, deviceCount + 1)
    assert.equal(await openOnDashboard(), openAlerts + 1)
    const searched = (await get(`/api/v1/tenants/${tenant}/alerts/?search=cached-total`)).json()
    assert.deepEqual([searched.count, searched.results.map((a: { uid: string }) => a.uid)], [1, [added!.uid]])
    const beyond = (await get(`/api/v1/tenants/${tenant}/alerts/?status=OPEN&offset=100000`)).json()
    assert.deepEqual(beyond, { count: openAlerts + 1, results: [] })
    await t.app.db.delete(alerts).where(eq(alerts.uid, added!.uid))
    await t.app.db.delete(devices).where(eq(devices.uid, device!.uid))
    bumpTenantData(tenant)
  })

  it("never hands a tenant's cached answer to another tenant", async () => {
    assert.equal((await get(deviceUrl())).statusCode, 200)
    assert.equal((await get(alertUrl())).statusCode, 200)
    assert.equal((await get(`${deviceUrl()}packages/`)).statusCode, 200)
    for (const url of [deviceUrl(), alertUrl(), `${deviceUrl()}packages/`]) {
      const sameUrl = await get(url, other)
      assert.equal(sameUrl.statusCode, 404, url)
      assert.deepEqual(sameUrl.json(), { detail: 'Not found.' })
      const ownTenant = await get(url.replace(tenant, t.seeded.other.tenantUid), other)
      assert.equal(ownTenant.statusCode, 404)
      assert.deepEqual(ownTenant.json(), { detail: 'Not found.' })
    }
    assert.equal((await t.app.inject({ url: deviceUrl() })).statusCode, 401)
  })

  it('never caches a 404: an object that appears later is found', async () => {
    const uid = randomUUID()
    const url = `/api/v1/tenants/${tenant}/devices/${uid}/`
    assert.equal((await get(url)).statusCode, 404)
    await t.app.db.insert(devices).values({
      uid,
      tenantUid: tenant,
      hostname: 'late-arrival',
      deviceType: 'linux',
      platformName: 'Debian GNU/Linux',
      platformVersion: '12',
      kernelArch: 'x86_64',
      kernelVersion: '6.1.0'
    })
    const found = await get(url)
    assert.equal(found.statusCode, 200)
    assert.equal(found.json().hostname, 'late-arrival')
    const packages = await get(`${url}packages/`)
    assert.equal(packages.statusCode, 200, 'a device without packages is no 404')
    assert.deepEqual(packages.json(), { count: 0, results: [] })
  })
})

describe('DETECT detail cache: writes by another process', () => {
  it('are seen within CACHE_TTL_SECONDS', async () => {
    const t = await buildTestApp({ detect: true, env: { CACHE_TTL_SECONDS: '1' } })
    try {
      const demo = await t.login()
      const [device] = await t.app.db
        .select({ uid: devices.uid })
        .from(devices)
        .where(eq(devices.tenantUid, t.seeded.demo.tenantUid))
        .limit(1)
      const url = `/api/v1/tenants/${t.seeded.demo.tenantUid}/devices/${device!.uid}/`
      assert.equal((await t.app.inject({ url, headers: demo.headers(false) })).statusCode, 200)
      await t.app.db.update(devices).set({ hostname: 'renamed-elsewhere' }).where(eq(devices.uid, device!.uid))
      await sleep(1100)
      assert.equal((await t.app.inject({ url, headers: demo.headers(false) })).json().hostname, 'renamed-elsewhere')
    } finally {
      await t.close()
    }
  })
})
