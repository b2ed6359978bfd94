import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../../../../../src/lib/sql-rows.js'
import { assertBadRequest, assertNotFound, buildDetectApp, keysOf, type DetectApp } from '../../detect-fixtures.js'
import { queryPlan } from '../../../../../helpers.js'

const LIST_KEYS = [
  'cve_count',
  'created_at',
  'device_type',
  'high_risk_cve_count',
  'hostname',
  'kev_count',
  'last_connected',
  'package_count',
  'platform_name',
  'platform_version',
  'risk_score',
  'uid'
]
const RISK_RANK: Record<string, number> = { High: 3, Medium: 2, Low: 1 }

describe('devices: /api/v1/tenants/:tenant/devices/', () => {
  let t: DetectApp
  let base: string
  before(async () => {
    t = await buildDetectApp()
    base = `/api/v1/tenants/${t.demoTenant}/devices/`
  })
  after(async () => {
    await t.close()
  })

  it('lists devices with count and the contract shape, hostname order by default', async () => {
    const response = await t.get(base)
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.ok(body.count >= 60, `count ${body.count}`)
    assert.equal(body.results.length, 10)
    for (const device of body.results) {
      assert.deepEqual(keysOf(device), [...LIST_KEYS, 'package_count'].filter((k, i, a) => a.indexOf(k) === i).sort())
      assert.match(device.risk_score, /^(High|Medium|Low)$/)
      assert.match(device.device_type, /^(linux|rtos)$/)
    }
    const names = body.results.map((d: { hostname: string }) => d.hostname)
    assert.deepEqual(
      names,
      [...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0))
    )
  })

  it('pages with limit/offset without overlap and the same count', async () => {
    const first = (await t.get(`${base}?limit=7&offset=0`)).json()
    const second = (await t.get(`${base}?limit=7&offset=7`)).json()
    assert.equal(first.count, second.count)
    assert.equal(first.results.length, 7)
    const ids = new Set(first.results.map((d: { uid: string }) => d.uid))
    for (const device of second.results) assert.ok(!ids.has(device.uid))
    const beyond = (await t.get(`${base}?offset=100000`)).json()
    assert.deepEqual(beyond.results, [])
    assert.equal(beyond.count, first.count)
  })

  it('every page, deep ones too (read from the far end), holds the devices the ordering puts there', async () => {
    const cases: Array<[string, string]> = [
      ['', 'hostname'],
      ['-last_connected', 'last_connected desc nulls last'],
      ['last_connected', 'last_connected nulls last'],
      ['-risk_score', 'risk_rank desc'],
      ['-cve_count', 'cve_count desc'],
      ['-high_risk_cve_count', 'high_risk_cve_count desc'],
      ['-kev_count', 'kev_count desc'],
      ['kev_count', 'kev_count']
    ]
    for (const [ordering, order] of cases) {
      const want = rowsOf<{ uid: string }>(
        await t.app.db.execute(sql.raw(`select uid from devices where tenant_uid = '${t.demoTenant}' order by ${order}, uid`))
      ).map((row) => row.uid)
      assert.ok(want.length >= 6, `${want.length} devices`)
      const pages: string[] = []
      for (let offset = 0; offset < want.length; offset += 2) {
        pages.push(
          ...(await t.get(`${base}?ordering=${ordering}&limit=2&offset=${offset}`))
            .json()
            .results.map((d: { uid: string }) => d.uid)
        )
      }
      assert.deepEqual(pages, want, `ordering "${ordering}"`)
    }
  })

  it('most findings first is read from an index, not by sorting the fleet', async () => {
    for (const column of ['cve_count', 'high_risk_cve_count', 'kev_count']) {
      for (const [order, offset] of [
        [`${column} desc, uid`, 0],
        [`${column}, uid desc`, 3] // a deep page, read from the far end
      ] as const) {
        const plan = await queryPlan(
          t.app.db,
          sql.raw(`select * from devices where tenant_uid = '${t.demoTenant}' order by ${order} limit 2 offset ${offset}`),
          ['sort', 'seqscan']
        )
        assert.doesNotMatch(plan, /Sort/, `${order}:\n${plan}`)
      }
    }
  })

  it('orders by every allowed key, risk by severity, deterministically', async () => {
    for (const key of [
      'hostname',
      'device_type',
      'platform_name',
      'risk_score',
      'last_connected',
      'created_at',
      'cve_count',
      'high_risk_cve_count',
      'kev_count'
    ]) {
      for (const ordering of [key, `-${key}`]) {
        const response = await t.get(`${base}?ordering=${ordering}&limit=200`)
        assert.equal(response.statusCode, 200, ordering)
        const again = await t.get(`${base}?ordering=${ordering}&limit=200`)
        assert.deepEqual(
          again.json().results.map((d: { uid: string }) => d.uid),
          response.json().results.map((d: { uid: string }) => d.uid)
        )
      }
    }
    const risky = (await t.get(`${base}?ordering=-risk_score&limit=200`)).json().results
    const ranks = risky.map((d: { risk_score: string }) => RISK_RANK[d.risk_score]!)
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => b - a)
    )
    assert.equal(risky[0].risk_score, 'High')
    const cves = (await t.get(`${base}?ordering=-cve_count&limit=200`))
      .json()
      .results.map((d: { cve_count: number }) => d.cve_count)
    assert.deepEqual(
      cves,
      [...cves].sort((a, b) => b - a)
    )
  })

  it('searches hostname, platform and IP address', async () => {
    const all = (await t.get(`${base}?limit=200`)).json().results
    const host = all[3].hostname as string
    const byHost = (await t.get(`${base}?search=${encodeURIComponent(host.toUpperCase())}`)).json()
    assert.ok(byHost.results.some((d: { hostname: string }) => d.hostname === host))
    const alpine = (await t.get(`${base}?search=alpine&limit=200`)).json()
    assert.ok(alpine.count > 0)
    for (const device of alpine.results) assert.equal(device.platform_name, 'Alpine Linux')
    const detail = (await t.get(`${base}${all[0].uid}/`)).json()
    const ip = (detail.network_interfaces.find((n: { name: string }) => n.name !== 'lo').ip_addresses as string).split(', ')[0]!
    const byIp = (await t.get(`${base}?search=${encodeURIComponent(ip)}`)).json()
    assert.ok(byIp.results.some((d: { uid: string }) => d.uid === all[0].uid))
    const none = (await t.get(`${base}?search=${encodeURIComponent('%_nothing_%')}`)).json()
    assert.deepEqual(none, { count: 0, results: [] })
  })

  it('filters by type, platform, risk, KEV and high-risk findings and last seen, each agreeing with the rows', async () => {
    interface Row {
      uid: string
      device_type: string
      platform_name: string
      risk_score: string
      kev_count: number
      high_risk_cve_count: number
      last_connected: string | null
    }
    const all: Row[] = (await t.get(`${base}?limit=200`)).json().results
    assert.ok(all.length >= 60 && all.length < 200)
    const check = async (query: string, expected: (row: Row) => boolean) => {
      const body = (await t.get(`${base}?limit=200&${query}`)).json()
      const want = all.filter(expected).map((row) => row.uid)
      assert.deepEqual(
        body.results.map((row: Row) => row.uid),
        want,
        query
      )
      assert.equal(body.count, want.length, query)
      return want.length
    }
    assert.ok((await check('device_type=rtos', (d) => d.device_type === 'rtos')) > 0)
    assert.ok((await check('device_type=linux', (d) => d.device_type === 'linux')) > 0)
    assert.equal(await check('device_type=linux,rtos', () => true), all.length)
    const platform = all.find((d) => d.device_type === 'linux')!.platform_name
    assert.ok((await check(`platform=${encodeURIComponent(platform)}`, (d) => d.platform_name === platform)) > 0)
    assert.ok((await check('risk=High,Medium', (d) => d.risk_score !== 'Low')) > 0)
    const withHigh = await check('has_high_risk=true', (d) => d.high_risk_cve_count > 0)
    const withoutHigh = await check('has_high_risk=false', (d) => d.high_risk_cve_count === 0)
    assert.ok(withHigh > 0 && withHigh + withoutHigh === all.length)
    assert.equal(
      (await check('has_kev=true', (d) => d.kev_count > 0)) + (await check('has_kev=false', (d) => d.kev_count === 0)),
      all.length
    )
    const seen = all
      .map((d) => d.last_connected)
      .filter((at): at is string => at !== null)
      .sort()
    const middle = seen[Math.floor(seen.length / 2)]!
    const after = await check(
      `last_connected_after=${encodeURIComponent(middle)}`,
      (d) => d.last_connected !== null && d.last_connected >= middle
    )
    const before = await check(
      `last_connected_before=${encodeURIComponent(middle)}`,
      (d) => d.last_connected !== null && d.last_connected < middle
    )
    assert.ok(after > 0 && before > 0 && after + before === seen.length)
    await check(
      `device_type=linux&risk=High&has_high_risk=true&platform=${encodeURIComponent(platform)}`,
      (d) => d.device_type === 'linux' && d.risk_score === 'High' && d.high_risk_cve_count > 0 && d.platform_name === platform
    )
  })

  it('rejects unknown filter values with 400 naming what is allowed', async () => {
    for (const [query, detail] of [
      ['device_type=windows', /Invalid device_type "windows". Allowed values: linux, rtos/],
      ['risk=high', /Invalid risk "high". Allowed values: High, Medium, Low/],
      ['device_type=linux,mac', /Invalid device_type "mac"/],
      ['last_connected_after=yesterday', /last_connected_after must be an ISO 8601 date-time/],
      ['last_connected_before=2026-02-30T00:00:00Z', /last_connected_before must be/]
    ] as const) {
      const response = await t.get(`${base}?${query}`)
      assertBadRequest(response, query)
      assert.match(response.json().detail, detail, query)
    }
    for (const query of ['has_kev=yes', 'has_high_risk=1', `platform=${'x'.repeat(201)}`])
      assertBadRequest(await t.get(`${base}?${query}`), query)
  })

  it('rejects bad list input with 400 JSON', async () => {
    const bad = await t.get(`${base}?ordering=password`)
    assertBadRequest(bad, 'ordering')
    assert.match(bad.json().detail, /Allowed values: hostname, -hostname/)
    for (const query of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'offset=-1',
      'offset=1.5',
      'unknown=1',
      `search=${'x'.repeat(201)}`
    ]) {
      assertBadRequest(await t.get(`${base}?${query}`), query)
    }
  })

  it('answers one device with user accounts and network interfaces', async () => {
    const uid = await t.deviceOf(t.demoTenant, 'linux')
    const response = await t.get(`${base}${uid}/`)
    assert.equal(response.statusCode, 200)
    const device = response.json()
    assert.deepEqual(keysOf(device), [
      'coverage',
      'created_at',
      'cve_count',
      'demo',
      'device_type',
      'high_risk_cve_count',
      'hostname',
      'kernel_arch',
      'kernel_version',
      'kev_count',
      'last_connected',
      'network_interfaces',
      'package_count',
      'platform_name',
      'platform_version',
      'risk_score',
      'uid',
      'unmatched_packages',
      'user_accounts'
    ])
    assert.equal(device.uid, uid)
    assert.ok(
      device.user_accounts.some(
        (a: { username: string; privileges: string; uid: number }) =>
          a.username === 'root' && a.uid === 0 && a.privileges === 'root'
      )
    )
    assert.deepEqual(keysOf(device.user_accounts[0]), ['group_name', 'home_directory', 'privileges', 'shell', 'uid', 'username'])
    assert.deepEqual(keysOf(device.network_interfaces[0]), ['ip_addresses', 'name', 'state'])
    assert.ok(
      device.network_interfaces.some((n: { ip_addresses: string }) => /\d+\.\d+\.\d+\.\d+, [0-9a-f:]+/.test(n.ip_addresses))
    )
    // without the trailing slash too (the router ignores it)
    assert.equal((await t.get(`${base}${uid}`)).statusCode, 200)
  })

  it('threads: RTOS devices list threads with CPU use, Linux devices an empty list', async () => {
    const rtos = await t.deviceOf(t.demoTenant, 'rtos')
    const threads = (await t.get(`${base}${rtos}/threads/`)).json()
    assert.ok(threads.results.length > 3)
    let total = 0
    for (const thread of threads.results) {
      assert.deepEqual(keysOf(thread), ['avg_cpu_usage', 'thread_name'])
      total += thread.avg_cpu_usage
    }
    assert.ok(total <= 100.5, `total CPU ${total}`)
    const linux = await t.deviceOf(t.demoTenant, 'linux')
    assert.deepEqual((await t.get(`${base}${linux}/threads/`)).json(), { results: [] })
  })

  it('packages: one row per finding, -score first with nulls last, paged; count agrees', async () => {
    const list = (await t.get(`${base}?ordering=-cve_count&limit=1`)).json().results[0]
    const uid = list.uid as string
    const counts = (await t.get(`${base}${uid}/packages/count/`)).json()
    assert.deepEqual(keysOf(counts), ['count', 'cve_count', 'epss_loaded', 'high_risk_cve_count', 'kev_count', 'kev_loaded'])
    assert.deepEqual([counts.kev_loaded, counts.epss_loaded], [false, false], 'no KEV or EPSS data in the seed: unknown, not 0')
    assert.equal(counts.count, list.package_count)
    assert.equal(counts.cve_count, list.cve_count)
    assert.ok(counts.cve_count > 0)

    const all = (await t.get(`${base}${uid}/packages/?limit=500`)).json()
    const withCve = all.results.filter((p: { cve_id: string | null }) => p.cve_id !== null)
    assert.equal(withCve.length, counts.cve_count)
    assert.equal(
      all.count,
      counts.count -
        new Set(withCve.map((p: { name: string; version: string }) => `${p.name}@${p.version}`)).size +
        counts.cve_count
    )
    assert.equal(withCve.filter((p: { score: number }) => p.score > 7.5).length, counts.high_risk_cve_count)
    for (const row of all.results) {
      assert.deepEqual(keysOf(row), ['cve_id', 'cve_uid', 'epss', 'epss_percentile', 'kev', 'name', 'score', 'source', 'version'])
      // The seeded devices are simulated: every finding on them is the demo catalogue's.
      assert.equal(row.source, row.cve_id === null ? null : 'demo')
    }
    const scores = all.results.map((p: { score: number | null }) => p.score ?? -1)
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
      'score desc, nulls last'
    )
    const noCve = all.results.find((p: { cve_id: string | null }) => p.cve_id === null)
    assert.deepEqual([noCve.cve_uid, noCve.score], [null, null])

    const page1 = (await t.get(`${base}${uid}/packages/?limit=5`)).json()
    const page2 = (await t.get(`${base}${uid}/packages/?limit=5&offset=5`)).json()
    assert.deepEqual([...page1.results, ...page2.results], all.results.slice(0, 10))
    assert.equal(page1.count, all.count)

    const byName = (await t.get(`${base}${uid}/packages/?ordering=name&limit=500`))
      .json()
      .results.map((p: { name: string }) => p.name)
    assert.deepEqual(
      byName,
      [...byName].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0))
    )
    const searched = (await t.get(`${base}${uid}/packages/?search=ssl`)).json()
    for (const row of searched.results) assert.match(row.name, /ssl/i)
  })

  it('packages: every page, deep ones too, in every ordering both ways, with and without a search, holds the rows the SQL order puts there', async () => {
    const uid = (await t.get(`${base}?ordering=-cve_count&limit=1`)).json().results[0].uid as string
    const findings = rowsOf<{ id: number; cve_id: string }>(
      await t.app.db
        .execute(sql`select f.id, v.cve_id from package_findings f join vulnerabilities v on v.uid = f.vulnerability_uid
        where f.tenant_uid = ${t.demoTenant} and f.device_uid = ${uid} order by f.id`)
    )
    assert.ok(findings.length >= 6, `findings ${findings.length}`)
    // Every key in play: a finding without a score (it sorts among the packages without findings),
    // CVEs in KEV and with EPSS scores (ties included).
    const unscored = findings[0]!
    const [{ score } = { score: null }] = rowsOf<{ score: number | null }>(
      await t.app.db.execute(sql`select score from package_findings where id = ${unscored.id}`)
    )
    await t.app.db.execute(sql`update package_findings set score = null where id = ${unscored.id}`)
    const kev = findings.slice(1, 3).map((f) => f.cve_id)
    const epss = findings.slice(2, 6).map((f, i) => [f.cve_id, i < 2 ? 0.5 : 0.1 * i] as const)
    for (const cve of kev) await t.app.db.execute(sql`insert into kev_entries (cve_id) values (${cve}) on conflict do nothing`)
    for (const [cve, value] of epss) {
      await t.app.db.execute(
        sql`insert into epss_scores (cve_id, epss, percentile) values (${cve}, ${value}, ${value}) on conflict do nothing`
      )
    }
    const expected = async (order: string, search: string) =>
      rowsOf<{ row: string }>(
        await t.app.db.execute(
          sql.raw(`select concat_ws('|', p.name, p.version, v.cve_id, f.score, e.epss, k.cve_id) as row
            from device_packages p
            left join package_findings f on f.package_id = p.id and f.tenant_uid = '${t.demoTenant}'
            left join vulnerabilities v on v.uid = f.vulnerability_uid
            left join epss_scores e on e.cve_id = v.cve_id left join kev_entries k on k.cve_id = v.cve_id
            where p.tenant_uid = '${t.demoTenant}' and p.device_uid = '${uid}' and p.name ilike '%${search}%'
            order by ${order}, p.name, p.version, p.id, v.cve_id`)
        )
      ).map((r) => r.row)
    const kevOrder = (dir: string) => `(k.cve_id is not null) ${dir}, (v.cve_id is not null) ${dir}, f.score ${dir} nulls last`
    const cases: Array<[string, string]> = [
      ['', 'f.score desc nulls last'],
      ['score', 'f.score nulls last'],
      ['name', 'p.name'],
      ['-name', 'p.name desc'],
      ['version', 'p.version'],
      ['-version', 'p.version desc'],
      ['cve_id', 'v.cve_id nulls last'],
      ['-cve_id', 'v.cve_id desc nulls last'],
      ['kev', kevOrder('asc')],
      ['-kev', kevOrder('desc')],
      ['epss', 'e.epss nulls last'],
      ['-epss', 'e.epss desc nulls last']
    ]
    try {
      for (const search of ['', 'lib']) {
        for (const [ordering, order] of cases) {
          const want = await expected(order, search)
          assert.ok(want.length > (search === '' ? 40 : 5), `${want.length} rows`)
          const pages: string[] = []
          for (let offset = 0; offset < want.length; offset += 17) {
            const page = (
              await t.get(`${base}${uid}/packages/?ordering=${ordering}&search=${search}&limit=17&offset=${offset}`)
            ).json()
            assert.equal(page.count, want.length)
            for (const row of page.results) {
              pages.push(
                [row.name, row.version, row.cve_id, row.score, row.epss, row.kev === null ? null : row.cve_id]
                  .filter((v) => v !== null)
                  .join('|')
              )
            }
          }
          assert.deepEqual(pages, want, `ordering "${ordering}", search "${search}"`)
        }
      }
    } finally {
      await t.app.db.execute(sql`update package_findings set score = ${score} where id = ${unscored.id}`)
      await t.app.db.execute(sql`delete from kev_entries`)
      await t.app.db.execute(sql`delete from epss_scores`)
    }
  })

  it('packages: bad input → 400', async () => {
    const uid = await t.deviceOf(t.demoTenant)
    for (const query of ['limit=501', 'limit=0', 'ordering=risk', 'offset=x', 'page=2']) {
      assertBadRequest(await t.get(`${base}${uid}/packages/?${query}`), query)
    }
  })

  it("another tenant's device, an unknown or a junk uid → 404 on every device route", async () => {
    const foreign = await t.deviceOf(t.otherTenant)
    for (const uid of [foreign, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      for (const suffix of ['', 'threads/', 'packages/', 'packages/count/']) {
        assertNotFound(await t.get(`${base}${encodeURIComponent(uid)}/${suffix}`), `${uid}/${suffix}`)
      }
    }
    // and the other tenant sees its own device
    assert.equal((await t.get(`/api/v1/tenants/${t.otherTenant}/devices/${foreign}/`, t.other)).statusCode, 200)
  })

  it("the other tenant's list holds only its own devices", async () => {
    const own = (await t.get(`/api/v1/tenants/${t.otherTenant}/devices/?limit=200`, t.other)).json()
    assert.ok(own.count > 0 && own.count < 10)
    for (const device of own.results) assert.match(device.hostname, /^iso-/)
  })

  it('requires a session', async () => {
    const response = await t.app.inject({ url: base })
    assert.equal(response.statusCode, 401)
  })
})
