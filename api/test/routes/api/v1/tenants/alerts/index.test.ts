import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { eq, inArray, sql } from 'drizzle-orm'
import { alerts, devices } from '../../../../../../src/db/schema/index.js'
import { rowsOf } from '../../../../../../src/lib/sql-rows.js'
import { assertBadRequest, assertNotFound, buildDetectApp, keysOf, type DetectApp } from '../../detect-fixtures.js'
import { queryPlan } from '../../../../../helpers.js'

const PRIORITY_RANK: Record<string, number> = { Critical: 4, High: 3, Medium: 2, Low: 1 }
const DETAIL_KEYS = [
  'associated_alert_ids',
  'created_at',
  'description',
  'device',
  'device_hostname',
  'elastic_alert_created_at',
  'elastic_alert_id',
  'elastic_index',
  'elastic_rule_id',
  'elastic_rule_name',
  'event_data',
  'indicator',
  'mitre_ids',
  'model',
  'name',
  'priority',
  'recommendation',
  'status',
  'summary',
  'uid',
  'updated_at'
]

describe('alerts: /api/v1/tenants/:tenant/alerts/', () => {
  let t: DetectApp
  let base: string
  before(async () => {
    t = await buildDetectApp()
    base = `/api/v1/tenants/${t.demoTenant}/alerts/`
  })
  after(async () => {
    await t.close()
  })

  it('lists alerts newest first with count and the contract shape', async () => {
    const body = (await t.get(base)).json()
    assert.ok(body.count >= 300, `count ${body.count}`)
    assert.equal(body.results.length, 10)
    for (const alert of body.results) {
      assert.deepEqual(keysOf(alert), [
        'device',
        'device_hostname',
        'elastic_alert_created_at',
        'name',
        'priority',
        'status',
        'uid'
      ])
    }
    const times = body.results.map((a: { elastic_alert_created_at: string }) => Date.parse(a.elastic_alert_created_at))
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a)
    )
  })

  it('filters by status; both states exist', async () => {
    const open = (await t.get(`${base}?status=OPEN&limit=200`)).json()
    const closed = (await t.get(`${base}?status=CLOSED&limit=1`)).json()
    const all = (await t.get(`${base}?limit=1`)).json()
    assert.ok(open.count > 0 && closed.count > 0)
    assert.equal(open.count + closed.count, all.count)
    for (const alert of open.results) assert.equal(alert.status, 'OPEN')
  })

  it('orders by priority severity, name and hostname; pages without overlap', async () => {
    const byPriority = (await t.get(`${base}?ordering=-priority&limit=200`)).json().results
    const ranks = byPriority.map((a: { priority: string }) => PRIORITY_RANK[a.priority]!)
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => b - a)
    )
    assert.equal(byPriority[0].priority, 'Critical')
    for (const key of ['name', 'status', 'priority', 'elastic_alert_created_at', 'device_hostname']) {
      for (const ordering of [key, `-${key}`])
        assert.equal((await t.get(`${base}?ordering=${ordering}`)).statusCode, 200, ordering)
    }
    const page1 = (await t.get(`${base}?ordering=name&limit=20`)).json().results.map((a: { uid: string }) => a.uid)
    const page2 = (await t.get(`${base}?ordering=name&limit=20&offset=20`)).json().results.map((a: { uid: string }) => a.uid)
    const both = (await t.get(`${base}?ordering=name&limit=40`)).json().results.map((a: { uid: string }) => a.uid)
    assert.deepEqual([...page1, ...page2], both)
  })

  it('every page, deep ones too (read from the far end), holds the rows the ordering puts there', async () => {
    // One alert without a device: NULL hostnames sort last in both directions.
    const [orphan] = await t.app.db
      .select({ uid: alerts.uid, device: alerts.deviceUid })
      .from(alerts)
      .where(eq(alerts.tenantUid, t.demoTenant))
      .orderBy(alerts.name)
      .limit(1)
    await t.app.db.update(alerts).set({ deviceUid: null }).where(eq(alerts.uid, orphan!.uid))
    const expected = async (order: string) =>
      rowsOf<{ uid: string }>(
        await t.app.db.execute(
          sql.raw(`select a.uid from alerts a left join devices d on d.uid = a.device_uid
                   where a.tenant_uid = '${t.demoTenant}' order by ${order}, a.uid`)
        )
      ).map((row) => row.uid)
    const cases: Array<[string, string]> = [
      ['', 'a.elastic_alert_created_at desc'],
      ['elastic_alert_created_at', 'a.elastic_alert_created_at'],
      ['-priority', 'a.priority_rank desc'],
      ['name', 'a.name'],
      ['-device_hostname', 'd.hostname desc nulls last'],
      ['device_hostname', 'd.hostname nulls last']
    ]
    try {
      for (const [ordering, order] of cases) {
        const want = await expected(order)
        const pages: string[] = []
        for (let offset = 0; offset < want.length; offset += 23) {
          const page = (await t.get(`${base}?ordering=${ordering}&limit=23&offset=${offset}`)).json()
          assert.equal(page.count, want.length)
          pages.push(...page.results.map((a: { uid: string }) => a.uid))
        }
        assert.deepEqual(pages, want, `ordering "${ordering}"`)
      }
      // In time order with a status and priorities, pages start from the day the rollups name.
      for (const [ordering, order] of cases.slice(0, 2)) {
        const want = rowsOf<{ uid: string }>(
          await t.app.db.execute(
            sql.raw(`select a.uid from alerts a where a.tenant_uid = '${t.demoTenant}' and a.status = 'OPEN'
                     and a.priority in ('Critical', 'High') order by ${order}, a.uid`)
          )
        ).map((row) => row.uid)
        const pages: string[] = []
        for (let offset = 0; offset < want.length + 5; offset += 7) {
          const page = (
            await t.get(`${base}?ordering=${ordering}&status=OPEN&priority=High,Critical&limit=7&offset=${offset}`)
          ).json()
          assert.equal(page.count, want.length)
          pages.push(...page.results.map((a: { uid: string }) => a.uid))
        }
        assert.deepEqual(pages, want, `ordering "${ordering}", OPEN Critical and High`)
      }
    } finally {
      await t.app.db.update(alerts).set({ deviceUid: orphan!.device }).where(eq(alerts.uid, orphan!.uid))
    }
  })

  it('searches name, hostname and description', async () => {
    const brute = (await t.get(`${base}?search=brute%20force&limit=200`)).json()
    assert.ok(brute.count > 0)
    for (const alert of brute.results) assert.match(alert.name, /Brute Force/)
    const first = (await t.get(base)).json().results[0]
    const byHost = (await t.get(`${base}?search=${encodeURIComponent(first.device_hostname)}&limit=200`)).json()
    assert.ok(byHost.results.some((a: { uid: string }) => a.uid === first.uid))
  })

  it("searches a substring of the alert's name or description, or of its device's hostname, in this tenant only", async () => {
    const mark = `zq${Date.now().toString(36)}`
    const demoDevice = await t.deviceOf(t.demoTenant)
    const otherDevice = await t.deviceOf(t.otherTenant)
    const alert = (tenantUid: string, deviceUid: string, n: number, text: { name?: string; description?: string }) => ({
      tenantUid,
      deviceUid,
      name: text.name ?? `Plain alert ${n}`,
      description: text.description ?? '',
      priority: 'Low',
      priorityRank: 1,
      elasticAlertId: `${mark}-${n}`,
      elasticAlertCreatedAt: new Date()
    })
    const inserted = await t.app.db
      .insert(alerts)
      .values([
        alert(t.demoTenant, demoDevice, 1, { name: `Odd ${mark.toUpperCase()} login` }),
        alert(t.demoTenant, demoDevice, 2, { description: `seen by ${mark}_50%` }),
        alert(t.otherTenant, otherDevice, 3, { name: `Odd ${mark} login` })
      ])
      .returning({ uid: alerts.uid })
    const [byName, byDescription, otherTenants] = inserted.map((row) => row.uid)
    const uids = async (search: string) =>
      (await t.get(`${base}?search=${encodeURIComponent(search)}&limit=200`)).json().results.map((a: { uid: string }) => a.uid)
    try {
      assert.deepEqual((await uids(mark)).sort(), [byName, byDescription].sort())
      assert.ok(!(await uids(mark)).includes(otherTenants))
      // % and _ are text, not wildcards.
      assert.deepEqual(await uids(`${mark}_50%`), [byDescription])
      assert.deepEqual(await uids(`${mark}x50`), [])
      // Another tenant's hostname finds none of that tenant's alerts.
      const [other] = await t.app.db.select({ hostname: devices.hostname }).from(devices).where(eq(devices.uid, otherDevice))
      assert.ok(!(await uids(other!.hostname)).includes(otherTenants))
    } finally {
      // The other tests count the seeded alerts.
      await t.app.db.delete(alerts).where(inArray(alerts.uid, [byName!, byDescription!, otherTenants!]))
    }
  })

  it("reads the alert's own text through its trigram indexes, not every alert", async () => {
    const plan = await queryPlan(
      t.app.db,
      sql`select uid from alerts where name ilike '%brute force%' or description ilike '%brute force%'`
    )
    assert.match(plan, /alerts_name_trgm_idx/)
    assert.match(plan, /alerts_description_trgm_idx/)
  })

  it('filters by priority, device, rule and time range, each agreeing with the rows', async () => {
    interface Row {
      uid: string
      priority: string
      device: string | null
      status: string
      elastic_alert_created_at: string
    }
    const all: Row[] = []
    for (let offset = 0; ; offset += 200) {
      const page = (await t.get(`${base}?limit=200&offset=${offset}`)).json()
      all.push(...page.results)
      if (all.length >= page.count) break
    }
    const check = async (query: string, expected: (row: Row) => boolean) => {
      const want = all.filter(expected).map((row) => row.uid)
      const got: string[] = []
      for (let offset = 0; ; offset += 200) {
        const page = (await t.get(`${base}?limit=200&offset=${offset}&${query}`)).json()
        assert.equal(page.count, want.length, query)
        got.push(...page.results.map((row: Row) => row.uid))
        if (got.length >= page.count) break
      }
      assert.deepEqual(got, want, query)
      return want.length
    }
    assert.ok((await check('priority=Critical', (a) => a.priority === 'Critical')) > 0)
    assert.ok(
      (await check('priority=High,Low&status=OPEN', (a) => ['High', 'Low'].includes(a.priority) && a.status === 'OPEN')) > 0
    )
    const device = all.find((a) => a.device !== null)!.device!
    assert.ok((await check(`device=${device.toUpperCase()}`, (a) => a.device === device)) > 0)
    const sample = (await t.get(`${base}${all[0]!.uid}/`)).json()
    const rule = sample.elastic_rule_name as string
    const byRule = (await t.get(`${base}?limit=200&rule=${encodeURIComponent(rule)}`)).json()
    assert.ok(byRule.count > 0)
    for (const item of byRule.results.slice(0, 5))
      assert.equal((await t.get(`${base}${item.uid}/`)).json().elastic_rule_name, rule)
    assert.equal((await t.get(`${base}?rule=${encodeURIComponent(rule.toLowerCase())}X`)).json().count, 0, 'exact rule name')
    const times = all.map((a) => a.elastic_alert_created_at).sort()
    const from = times[Math.floor(times.length / 3)]!
    const to = times[Math.floor((2 * times.length) / 3)]!
    const inside = await check(
      `created_after=${encodeURIComponent(from)}&created_before=${encodeURIComponent(to)}`,
      (a) => a.elastic_alert_created_at >= from && a.elastic_alert_created_at < to
    )
    assert.ok(inside > 0 && inside < all.length)
  })

  it('time-range totals (whole UTC days from the rollups, part-days row by row) equal a count of the rows, after a status change too', async () => {
    const [span] = rowsOf<{ first: string; last: string }>(
      await t.app.db.execute(sql`select min(elastic_alert_created_at) as first, max(elastic_alert_created_at) as last
        from alerts where tenant_uid = ${t.demoTenant}`)
    )
    const first = new Date(span!.first).getTime()
    const last = new Date(span!.last).getTime()
    assert.ok(last - first > 3 * 86_400_000, 'the seed spans several days')
    const midnight = Math.floor((first + last) / 2 / 86_400_000) * 86_400_000
    const instants = [first - 1, first + 3_600_000, midnight, midnight + 1, midnight + 43_200_000, last - 7_200_000, last + 1]
    const expected = async (after?: number, before?: number, status?: string, priorities?: string[]) => {
      const rows = rowsOf<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::integer as n from alerts where tenant_uid = ${t.demoTenant}
          ${after === undefined ? sql`` : sql`and elastic_alert_created_at >= ${new Date(after).toISOString()}`}
          ${before === undefined ? sql`` : sql`and elastic_alert_created_at < ${new Date(before).toISOString()}`}
          ${status === undefined ? sql`` : sql`and status = ${status}`}
          ${
            priorities === undefined
              ? sql``
              : sql`and priority in (${sql.join(
                  priorities.map((p) => sql`${p}`),
                  sql`, `
                )})`
          }`)
      )
      return rows[0]!.n
    }
    const check = async () => {
      for (const [status, priorities] of [
        [undefined, undefined],
        ['OPEN', undefined],
        ['CLOSED', ['Critical', 'High']]
      ] as Array<[string | undefined, string[] | undefined]>) {
        const filters = `${status === undefined ? '' : `&status=${status}`}${priorities === undefined ? '' : `&priority=${priorities.join(',')}`}`
        for (const after of [undefined, ...instants]) {
          for (const before of [undefined, ...instants]) {
            if (after === undefined && before === undefined) continue
            if (after !== undefined && before !== undefined && before <= after) continue
            const query = `${after === undefined ? '' : `&created_after=${new Date(after).toISOString()}`}${before === undefined ? '' : `&created_before=${new Date(before).toISOString()}`}${filters}`
            const page = (await t.get(`${base}?limit=1${query}`)).json()
            assert.equal(page.count, await expected(after, before, status, priorities), query)
          }
        }
      }
    }
    await check()
    // A status change moves the rollups in its transaction (and the tenant's data version: no stale total).
    const [open] = rowsOf<{ uid: string }>(
      await t.app.db.execute(sql`select uid from alerts where tenant_uid = ${t.demoTenant} and status = 'OPEN'
        and elastic_alert_created_at >= ${new Date(midnight).toISOString()} order by elastic_alert_created_at limit 1`)
    )
    const patched = await t.send('PATCH', `${base}${open!.uid}/`, { status: 'CLOSED' })
    assert.equal(patched.statusCode, 200)
    try {
      await check()
    } finally {
      await t.send('PATCH', `${base}${open!.uid}/`, { status: 'OPEN' })
    }
  })

  it('rejects unknown filter values with 400 naming what is allowed', async () => {
    for (const [query, detail] of [
      ['priority=Urgent', /Invalid priority "Urgent". Allowed values: Critical, High, Medium, Low/],
      ['priority=High,critical', /Invalid priority "critical"/],
      ['device=laptop-7', /device must be a uid/],
      ['created_after=last%20week', /created_after must be an ISO 8601 date-time/],
      ['created_before=2026-13-01T00:00:00Z', /created_before must be/]
    ] as const) {
      const response = await t.get(`${base}?${query}`)
      assertBadRequest(response, query)
      assert.match(response.json().detail, detail, query)
    }
    assertBadRequest(await t.get(`${base}?rule=${'r'.repeat(501)}`))
  })

  it('rejects bad list input with 400', async () => {
    const bad = await t.get(`${base}?ordering=severity`)
    assertBadRequest(bad)
    assert.match(bad.json().detail, /Allowed values: name, -name, status/)
    for (const query of ['status=open', 'status=DONE', 'limit=0', 'limit=300', 'offset=-3', 'foo=bar']) {
      assertBadRequest(await t.get(`${base}?${query}`), query)
    }
  })

  it('answers one alert with event data, MITRE ids and associated alerts linked inside the tenant', async () => {
    const withLinks = (await t.get(`${base}?limit=200`)).json().results
    let found: Record<string, unknown> | undefined
    for (const item of withLinks) {
      const alert = (await t.get(`${base}${item.uid}/`)).json()
      if (alert.associated_alert_ids.some((a: { link: string | null }) => a.link !== null)) {
        found = alert
        break
      }
    }
    assert.ok(found, 'an alert with associated alerts')
    assert.deepEqual(keysOf(found), DETAIL_KEYS)
    assert.equal(typeof found.event_data, 'object')
    assert.ok(Object.keys(found.event_data as object).length > 2)
    assert.ok((found.mitre_ids as string[]).every((id) => /^T\d{4}(\.\d{3})?$/.test(id)))
    for (const associated of found.associated_alert_ids as Array<{
      link: string | null
      elastic_alert_id: string
      elastic_rule_name: string
    }>) {
      assert.deepEqual(keysOf(associated), ['elastic_alert_id', 'elastic_rule_name', 'link'])
      if (associated.link !== null) {
        const linked = (await t.get(`${base}${associated.link}/`)).json()
        assert.equal(linked.elastic_alert_id, associated.elastic_alert_id)
      }
    }
    const device = (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/${found.device as string}/`)).json()
    assert.equal(device.hostname, found.device_hostname)
  })

  it('PATCH sets the status, answers the alert and regenerates the summary', async () => {
    const uid = (await t.get(`${base}?status=OPEN&limit=1`)).json().results[0].uid
    const before = (await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)).json()
    const response = await t.send('PATCH', `${base}${uid}/`, { status: 'CLOSED' })
    assert.equal(response.statusCode, 200)
    assert.equal(response.json().status, 'CLOSED')
    assert.deepEqual(keysOf(response.json()), DETAIL_KEYS)
    assert.equal((await t.get(`${base}${uid}/`)).json().status, 'CLOSED')
    const latest = (await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)).json()
    assert.equal(latest.counts.open_alerts, before.counts.open_alerts - 1)
    assert.equal(latest.counts.closed_alerts, before.counts.closed_alerts + 1)
    const reopened = await t.send('PATCH', `${base}${uid}/`, { status: 'OPEN' })
    assert.equal(reopened.json().status, 'OPEN')
  })

  it('PATCH rejects bad bodies (400), a missing CSRF header (403) and no session (401)', async () => {
    const uid = await t.alertOf(t.demoTenant)
    for (const payload of [{}, { status: 'closed' }, { status: 'CLOSED', name: 'x' }, { status: 1 }, []]) {
      assertBadRequest(await t.send('PATCH', `${base}${uid}/`, payload), JSON.stringify(payload))
    }
    const noCsrf = await t.app.inject({
      method: 'PATCH',
      url: `${base}${uid}/`,
      headers: t.demo.headers(false),
      payload: { status: 'CLOSED' }
    })
    assert.equal(noCsrf.statusCode, 403)
    const anonymous = await t.app.inject({ method: 'PATCH', url: `${base}${uid}/`, payload: { status: 'CLOSED' } })
    assert.equal(anonymous.statusCode, 401)
  })

  it("another tenant's alert → 404 for GET and PATCH, and it stays unchanged", async () => {
    const foreign = await t.alertOf(t.otherTenant)
    const original = (await t.get(`/api/v1/tenants/${t.otherTenant}/alerts/${foreign}/`, t.other)).json()
    assertNotFound(await t.get(`${base}${foreign}/`))
    assertNotFound(await t.send('PATCH', `${base}${foreign}/`, { status: original.status === 'OPEN' ? 'CLOSED' : 'OPEN' }))
    assertNotFound(await t.get(`${base}not-a-uuid/`))
    const after = (await t.get(`/api/v1/tenants/${t.otherTenant}/alerts/${foreign}/`, t.other)).json()
    assert.equal(after.status, original.status)
  })
})
