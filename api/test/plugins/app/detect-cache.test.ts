import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { after, before, describe, it, mock } from 'node:test'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { alerts, devicePackages, devices } from '../../../src/db/schema/index.js'
import { bumpTenantData } from '../../../src/lib/data-version.js'
import { buildTestApp, OTHER_PASSWORD, usingPostgres, type Session, type TestApp } from '../../helpers.js'

// Mirrors src/plugins/app/detect-cache.ts and src/lib/detect/cached-detail.ts: device and alert
// detail are served from a cache keyed by tenant and data version; every write made in this
// process shows at once, another process's writes within CACHE_TTL_SECONDS; on PGlite (no other
// process) an answer past its TTL is served while it is rebuilt.

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

describe('DETECT detail cache past its TTL', () => {
  /** A demo device's detail URL, the app's demo session, and a rename that bumps no data version. */
  async function setUp(t: TestApp) {
    const demo = await t.login()
    const [device] = await t.app.db
      .select({ uid: devices.uid })
      .from(devices)
      .where(eq(devices.tenantUid, t.seeded.demo.tenantUid))
      .limit(1)
    const url = `/api/v1/tenants/${t.seeded.demo.tenantUid}/devices/${device!.uid}/`
    const hostname = async () => (await t.app.inject({ url, headers: demo.headers(false) })).json().hostname as string
    const renameUnseen = (name: string) => t.app.db.update(devices).set({ hostname: name }).where(eq(devices.uid, device!.uid))
    return { demo, hostname, renameUnseen }
  }

  it(
    usingPostgres()
      ? "another process's writes are seen within CACHE_TTL_SECONDS"
      : 'on PGlite (one process) an unchanged answer is served at once and rebuilt behind it; a missed bump shows one read later',
    async () => {
      const t = await buildTestApp({ detect: true, env: { CACHE_TTL_SECONDS: '1' } })
      try {
        const { hostname, renameUnseen } = await setUp(t)
        const original = await hostname()
        await renameUnseen('renamed-elsewhere')
        await sleep(1100)
        if (usingPostgres()) {
          assert.equal(await hostname(), 'renamed-elsewhere')
        } else {
          assert.equal(await hostname(), original, 'past the TTL: the cached answer, at once')
          // The rebuild it started replaces the entry.
          let seen = original
          for (let i = 0; i < 50 && seen === original; i++) {
            await sleep(20)
            seen = await hostname()
          }
          assert.equal(seen, 'renamed-elsewhere')
        }
      } finally {
        await t.close()
      }
    }
  )

  it('a failed rebuild is not hidden behind the old answer: the next read waits for the database and shows the error', async () => {
    const t = await buildTestApp({ detect: true, env: { CACHE_TTL_SECONDS: '1' } })
    try {
      const { hostname, demo } = await setUp(t)
      const dashboard = `/api/v1/tenants/${t.seeded.demo.tenantUid}/dashboard/strategic/`
      const read = () => t.app.inject({ url: dashboard, headers: demo.headers(false) })
      assert.equal((await read()).statusCode, 200)
      assert.equal(typeof (await hostname()), 'string')
      await sleep(1100)
      // The dashboard reads the alert rollups: without them every build fails.
      await t.app.db.execute(sql`ALTER TABLE alert_rollups RENAME TO alert_rollups_away`)
      try {
        const statuses: number[] = []
        for (let i = 0; i < 20 && !statuses.includes(500) && !statuses.includes(503); i++) {
          statuses.push((await read()).statusCode)
          await sleep(20)
        }
        if (usingPostgres()) assert.notEqual(statuses[0], 200, 'past the TTL PostgreSQL rebuilds before answering')
        else assert.equal(statuses[0], 200, 'the first read past the TTL is answered from the cache (PGlite)')
        assert.ok(statuses.at(-1)! >= 500, `a later read shows the failure: ${statuses.join(', ')}`)
      } finally {
        await t.app.db.execute(sql`ALTER TABLE alert_rollups_away RENAME TO alert_rollups`)
      }
      assert.equal((await read()).statusCode, 200)
    } finally {
      await t.close()
    }
  })
})

describe('DETECT detail cache: the dashboard and the clock', () => {
  it('the 30-day chart moves at midnight UTC though the data and the cache entry did not change', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const day = (offset: number) => new Date(Date.parse(today) + offset * 86_400_000).toISOString().slice(0, 10)
    // Only Date is mocked: the timers, PGlite and the server run as usual.
    mock.timers.enable({ apis: ['Date'], now: Date.parse(`${today}T23:59:50Z`) })
    // A long TTL: only the day can make the answer change.
    const t = await buildTestApp({ detect: true, env: { CACHE_TTL_SECONDS: '300' } })
    try {
      const demo = await t.login()
      const tenantUid = t.seeded.demo.tenantUid
      await t.app.db.insert(alerts).values({
        tenantUid,
        name: 'zz month-old alert',
        priority: 'Critical',
        priorityRank: 4,
        elasticAlertId: `cache-day-${randomUUID()}`,
        elasticAlertCreatedAt: new Date(`${day(-29)}T12:00:00Z`)
      })
      bumpTenantData(tenantUid)
      const dates = async () => {
        const r = await t.app.inject({ url: `/api/v1/tenants/${tenantUid}/dashboard/strategic/`, headers: demo.headers(false) })
        assert.equal(r.statusCode, 200)
        return new Set(r.json().open_alerts_by_priority.map((p: { date: string }) => p.date))
      }
      assert.ok((await dates()).has(day(-29)), 'the oldest day of the window')
      mock.timers.tick(20_000)
      const after = await dates()
      assert.ok(!after.has(day(-29)), 'a day later it has left the window')
    } finally {
      mock.timers.reset()
      await t.close()
    }
  })
})
