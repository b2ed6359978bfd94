import assert from 'node:assert/strict'
import { gzipSync } from 'node:zlib'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import {
  alpineInventory,
  buildEnrolApp,
  deviceOf,
  enrolled,
  loadOsvRecord,
  machine,
  type EnrolApp
} from '../enrolment-fixtures.js'

describe('inventory: PUT /api/v1/devices/{uid}/inventory/', () => {
  let t: EnrolApp
  let token: string
  let n = 100
  /** A freshly enrolled device. */
  const device = async (type: 'linux' | 'rtos' = 'linux') => enrolled(t, token, machine(n++, type))
  const packagesOf = async (uid: string) =>
    (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/${uid}/packages/?limit=500&ordering=name`)).json()

  before(async () => {
    t = await buildEnrolApp()
    token = (await t.token()).token
    // Our own OSV record: openvpn in Alpine v3.18 before 2.6.7-r0, CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H = 9.8.
    await loadOsvRecord(t.app.db, 'alpine/ALPINE-CVE-2999-0010.json', 9.8)
  })
  after(async () => {
    await t.close()
  })

  it('stores the report as the device inventory (platform, kernel, accounts, interfaces, packages) and stamps last_connected', async () => {
    const { uid, credential } = await device()
    const inventory = alpineInventory({
      packages: [
        ...alpineInventory().packages,
        { name: 'openvpn-auth-pam', version: '2.6.5-r0', source_name: 'openvpn', architecture: 'x86_64' }
      ]
    })
    const started = Date.now()
    const response = await t.report(uid, credential, inventory)
    assert.equal(response.statusCode, 200, response.body)
    const answer = response.json()
    assert.equal(answer.package_count, 5)
    assert.equal(answer.cve_count, 1, 'openvpn-auth-pam is built from openvpn 2.6.5-r0, listed in the OSV record')
    assert.equal(answer.high_risk_cve_count, 1)
    assert.equal(answer.alerts_raised, 0, 'the first report is the baseline')

    const detail = (await deviceOf(t, uid)).json()
    assert.equal(detail.hostname, 'edge-gw-01', 'the report names the host')
    assert.equal(detail.platform_name, 'Alpine Linux')
    assert.equal(detail.platform_version, '3.18.4')
    assert.equal(detail.kernel_version, '6.1.55-0-lts')
    assert.equal(detail.kernel_arch, 'x86_64')
    assert.equal(detail.risk_score, 'High')
    assert.ok(Date.parse(detail.last_connected) >= started - 1000)
    assert.deepEqual(
      detail.user_accounts.map((a: { username: string; privileges: string }) => `${a.username}:${a.privileges}`),
      ['root:root', 'daemon:service', 'alice:standard']
    )
    assert.deepEqual(detail.network_interfaces, [
      { name: 'eth0', state: 'UP', ip_addresses: '10.20.0.5, fe80::5054:ff:fe12:3456' },
      { name: 'lo', state: 'UNKNOWN', ip_addresses: '127.0.0.1, ::1' }
    ])
    const packages = await packagesOf(uid)
    const vulnerable = packages.results.find((p: { name: string }) => p.name === 'openvpn-auth-pam')
    assert.equal(vulnerable.cve_id, 'CVE-2999-0010')
    assert.equal(vulnerable.score, 9.8)
    assert.equal(packages.results.find((p: { name: string }) => p.name === 'openvpn').cve_id, null, '2.6.8-r0 is past the fix')
    // The device list finds it by an address of the report.
    const found = (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/?search=10.20.0.5`)).json()
    assert.ok(found.results.some((d: { uid: string }) => d.uid === uid))
  })

  it('each report replaces the previous inventory whole', async () => {
    const { uid, credential } = await device()
    await t.report(uid, credential, alpineInventory())
    const next = alpineInventory({
      hostname: 'edge-gw-01b',
      user_accounts: [
        { username: 'root', uid: 0, group_name: 'root', home_directory: '/root', shell: '/bin/ash', privileges: 'root' }
      ],
      network_interfaces: [{ name: 'eth1', state: 'DOWN', ip_addresses: [] }],
      packages: [{ name: 'busybox', version: '1.36.1-r6', source_name: 'busybox', architecture: 'x86_64' }]
    })
    assert.equal((await t.report(uid, credential, next)).statusCode, 200)
    const detail = (await deviceOf(t, uid)).json()
    assert.equal(detail.hostname, 'edge-gw-01b')
    assert.deepEqual(
      detail.user_accounts.map((a: { username: string }) => a.username),
      ['root']
    )
    assert.deepEqual(detail.network_interfaces, [{ name: 'eth1', state: 'DOWN', ip_addresses: '' }])
    assert.deepEqual(
      (await packagesOf(uid)).results.map((p: { name: string; version: string }) => `${p.name} ${p.version}`),
      ['busybox 1.36.1-r6']
    )
    assert.equal(detail.package_count, 1)

    // Lists left out are empty lists: the report is the whole inventory.
    assert.equal((await t.report(uid, credential, { hostname: 'edge-gw-01b' })).statusCode, 200)
    const empty = (await deviceOf(t, uid)).json()
    assert.deepEqual([empty.user_accounts, empty.network_interfaces, empty.package_count], [[], [], 0])
  })

  it('RTOS devices report threads; the threads route shows them, replaced on the next report', async () => {
    const { uid, credential } = await device('rtos')
    const rtos = {
      hostname: 'pump-07',
      device_type: 'rtos',
      platform_name: 'Zephyr',
      platform_version: '3.5.0',
      kernel_arch: 'cortex-m4',
      kernel_version: 'zephyr-v3.5.0',
      packages: [
        { name: 'zephyr', version: '3.5.0', ecosystem: 'Zephyr' },
        { name: 'mbedtls', version: '3.4.0', ecosystem: 'Zephyr' }
      ],
      threads: [
        { thread_name: 'net_rx', avg_cpu_usage: 12.25 },
        { thread_name: 'idle', avg_cpu_usage: 78 }
      ]
    }
    assert.equal((await t.report(uid, credential, rtos)).statusCode, 200)
    const threads = (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/${uid}/threads/`)).json().results
    assert.deepEqual(
      threads.map((x: { thread_name: string; avg_cpu_usage: number }) => [x.thread_name, x.avg_cpu_usage]).sort(),
      [
        ['idle', 78],
        ['net_rx', 12.25]
      ]
    )
    await t.report(uid, credential, { ...rtos, threads: [{ thread_name: 'main', avg_cpu_usage: 3.5 }] })
    const after = (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/${uid}/threads/`)).json().results
    assert.deepEqual(after, [{ thread_name: 'main', avg_cpu_usage: 3.5 }])
    const wrongType = await t.report(uid, credential, { ...rtos, device_type: 'linux' })
    assert.equal(wrongType.statusCode, 400)
    assert.match(wrongType.json().detail, /enrolled as rtos/)
  })

  it('a bad report gets a 400 (or 413) with a clear detail and changes nothing', async () => {
    const { uid, credential } = await device()
    assert.equal((await t.report(uid, credential, alpineInventory())).statusCode, 200)
    const snapshot = async () => ({ detail: (await deviceOf(t, uid)).json(), packages: await packagesOf(uid) })
    const before = await snapshot()
    const base = alpineInventory()
    const account = base.user_accounts[0]!
    const cases: Array<[string, unknown, string | null]> = [
      ['wrong type', { ...base, user_accounts: [{ ...account, uid: 'zero' }] }, 'user_accounts.0.uid'],
      ['negative uid', { ...base, user_accounts: [{ ...account, uid: -1 }] }, 'user_accounts.0.uid'],
      ['unknown privilege', { ...base, user_accounts: [{ ...account, privileges: 'god' }] }, 'user_accounts.0.privileges'],
      ['unknown field', { ...base, colour: 'blue' }, 'colour'],
      ['unknown nested field', { ...base, packages: [{ name: 'a', version: '1', licence: 'MIT' }] }, 'packages.0.licence'],
      ['missing hostname', { ...base, hostname: undefined }, 'hostname'],
      ['control characters', { ...base, hostname: 'evil\u0007host' }, 'hostname'],
      ['string too long', { ...base, packages: [{ name: 'p'.repeat(257), version: '1' }] }, 'packages.0.name'],
      [
        'not an IP address',
        { ...base, network_interfaces: [{ name: 'eth0', ip_addresses: ['10.0.0.300'] }] },
        'network_interfaces.0.ip_addresses.0'
      ],
      [
        'too many packages',
        { ...base, packages: Array.from({ length: 20_001 }, (_, i) => ({ name: `p${i}`, version: '1' })) },
        'packages'
      ],
      ['CPU above 100', { ...base, threads: [{ thread_name: 'x', avg_cpu_usage: 150 }] }, 'threads.0.avg_cpu_usage'],
      ['not an object', [1, 2, 3], null]
    ]
    for (const [what, body, field] of cases) {
      const response = await t.report(uid, credential, body)
      assert.equal(response.statusCode, 400, `${what}: ${response.body.slice(0, 300)}`)
      assert.equal(typeof response.json().detail, 'string')
      if (field !== null)
        assert.ok(field in (response.json().errors ?? {}), `${what}: ${field} named in ${response.body.slice(0, 300)}`)
    }
    const malformed = await t.report(uid, credential, '{"hostname": "x", "packages": [', { 'content-type': 'application/json' })
    assert.equal(malformed.statusCode, 400)
    assert.equal(malformed.json().detail, 'Malformed JSON body.')
    const notJson = await t.report(uid, credential, 'hostname=x', { 'content-type': 'application/x-www-form-urlencoded' })
    assert.equal(notJson.statusCode, 415)
    // 17 MB of valid JSON: over the 16 MiB limit.
    const huge = JSON.stringify({ ...base, packages: [{ name: 'a', version: 'v'.repeat(17 * 1024 * 1024) }] })
    const tooLarge = await t.report(uid, credential, huge, { 'content-type': 'application/json' })
    assert.equal(tooLarge.statusCode, 413)
    assert.equal(tooLarge.json().detail, 'Request body is too large.')
    // A gzip bomb is judged by its inflated size.
    const bomb = gzipSync(Buffer.from(huge))
    assert.ok(bomb.length < 1024 * 1024)
    const inflated = await t.report(uid, credential, bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
    assert.equal(inflated.statusCode, 413)

    assert.deepEqual(await snapshot(), before, 'nothing changed, not even last_connected')
  })

  it('text PostgreSQL refuses is a 400 naming the field, and the report changes nothing (ASVS 5.0 2.2.1; 2.3.3: one report, all or nothing)', async () => {
    const { uid, credential } = await device()
    assert.equal((await t.report(uid, credential, alpineInventory())).statusCode, 200)
    const before = { detail: (await deviceOf(t, uid)).json(), packages: await packagesOf(uid) }
    const base = alpineInventory()
    const pkg = base.packages[0]!
    const account = base.user_accounts[0]!
    // Each was a 500 (json_to_recordset / the accounts insert refuse a lone surrogate) or stored as U+FFFD.
    const cases: Array<[string, unknown]> = [
      ['packages.0.name', { ...base, packages: [{ ...pkg, name: 'musl\ud800' }] }],
      ['packages.0.version', { ...base, packages: [{ ...pkg, version: '\udc001.2' }] }],
      ['packages.0.source_name', { ...base, packages: [{ ...pkg, source_name: 'm\ud800' }] }],
      ['packages.0.architecture', { ...base, packages: [{ ...pkg, architecture: 'x86\ud800' }] }],
      ['packages.0.ecosystem', { ...base, packages: [{ ...pkg, ecosystem: 'Alpine\ud800' }] }],
      ['user_accounts.0.username', { ...base, user_accounts: [{ ...account, username: 'r\udfff' }] }],
      ['user_accounts.0.shell', { ...base, user_accounts: [{ ...account, shell: '/bin/\ud800' }] }],
      ['network_interfaces.0.name', { ...base, network_interfaces: [{ name: 'eth\ud800', state: 'UP', ip_addresses: [] }] }],
      ['platform_name', { ...base, platform_name: 'Alpine\ud800' }]
    ]
    for (const [field, body] of cases) {
      const response = await t.report(uid, credential, body)
      assert.equal(response.statusCode, 400, `${field}: ${response.body.slice(0, 300)}`)
      assert.deepEqual(Object.keys(response.json().errors), [field])
    }
    const duplicate = await t.report(uid, credential, JSON.stringify(base).replace('{', '{"hostname":"other-host",'), {
      'content-type': 'application/json'
    })
    assert.equal(duplicate.statusCode, 400)
    assert.deepEqual(duplicate.json().errors, { hostname: 'Duplicate key.' })
    assert.deepEqual({ detail: (await deviceOf(t, uid)).json(), packages: await packagesOf(uid) }, before, 'nothing changed')
  })

  it("CPU shares a real column cannot hold (1e-50 underflows) are stored at the agents' precision, 0.01 %", async () => {
    const { uid, credential } = await device('rtos')
    const rtos = {
      hostname: 'rtos-cpu',
      device_type: 'rtos',
      threads: [
        { thread_name: 'tiny', avg_cpu_usage: 1e-50 },
        { thread_name: 'sub', avg_cpu_usage: 5e-324 },
        { thread_name: 'busy', avg_cpu_usage: 99.996 }
      ]
    }
    const response = await t.report(uid, credential, rtos)
    assert.equal(response.statusCode, 200, response.body)
    const threads = (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/${uid}/threads/`)).json().results
    assert.deepEqual(
      threads.map((x: { thread_name: string; avg_cpu_usage: number }) => [x.thread_name, x.avg_cpu_usage]).sort(),
      [
        ['busy', 100],
        ['sub', 0],
        ['tiny', 0]
      ]
    )
  })

  it('accepts gzip bodies', async () => {
    const { uid, credential } = await device()
    const body = gzipSync(Buffer.from(JSON.stringify(alpineInventory())))
    const response = await t.report(uid, credential, body, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
    assert.equal(response.statusCode, 200, response.body)
    assert.equal(response.json().package_count, 4)
  })

  it('takes a 20,000-package report', async () => {
    const { uid, credential } = await device()
    const packages = Array.from({ length: 20_000 }, (_, i) => ({ name: `lib-${i}`, version: `1.${i}`, architecture: 'amd64' }))
    const response = await t.report(uid, credential, alpineInventory({ packages }))
    assert.equal(response.statusCode, 200, response.body.slice(0, 300))
    assert.equal(response.json().package_count, 20_000)
    // A second, mostly identical report keeps the count exact.
    packages[0] = { name: 'lib-0', version: '2.0', architecture: 'amd64' }
    packages.pop()
    const next = await t.report(uid, credential, alpineInventory({ packages }))
    assert.equal(next.json().package_count, 19_999)
  })

  it('refuses a missing, malformed, wrong or other device credential with 401 and the same detail', async () => {
    const a = await device()
    const b = await device()
    const refusals = [
      await t.app.inject({ method: 'PUT', url: `/api/v1/devices/${a.uid}/inventory/`, payload: alpineInventory() }),
      await t.report(a.uid, 'dc_short', alpineInventory()),
      await t.report(a.uid, `dc_${'A'.repeat(43)}`, alpineInventory()),
      await t.report(a.uid, b.credential, alpineInventory()),
      await t.report('not-a-uid', a.credential, alpineInventory()),
      await t.report('00000000-0000-4000-8000-000000000000', a.credential, alpineInventory()),
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/devices/${a.uid}/inventory/`,
        headers: { authorization: `Bearer ${a.credential}` },
        payload: alpineInventory()
      })
    ]
    for (const refused of refusals) {
      assert.equal(refused.statusCode, 401)
      assert.match(refused.json().detail, /^Invalid device credential/)
      assert.equal(refused.headers['www-authenticate'], 'Device')
    }
    // A signed-in console user is not a device.
    const asUser = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/devices/${a.uid}/inventory/`,
      headers: t.demo.headers(),
      payload: alpineInventory()
    })
    assert.equal(asUser.statusCode, 401)
    assert.equal((await deviceOf(t, a.uid)).json().last_connected, null)
  })

  it('a removed device is gone for its tenant, its credential stops working, and only its tenant can remove it', async () => {
    const { uid, credential } = await device()
    assert.equal((await t.report(uid, credential, alpineInventory())).statusCode, 200)
    const url = `/api/v1/tenants/${t.demoTenant}/devices/${uid}/`
    // Another tenant, with its own tenant in the path or with ours, cannot remove it.
    assert.equal((await t.send('DELETE', `/api/v1/tenants/${t.otherTenant}/devices/${uid}/`, undefined, t.other)).statusCode, 404)
    assert.equal((await t.send('DELETE', url, undefined, t.other)).statusCode, 404)
    assert.equal((await deviceOf(t, uid)).statusCode, 200, 'still there after the refused attempts')

    assert.equal((await t.send('DELETE', url)).statusCode, 204)
    assert.equal((await deviceOf(t, uid)).statusCode, 404)
    assert.equal((await t.get(`${url}packages/`)).statusCode, 404)
    const refused = await t.report(uid, credential, alpineInventory())
    assert.equal(refused.statusCode, 401, 'the removed device can no longer report')
    assert.equal((await t.send('DELETE', url)).statusCode, 404, 'a second removal finds nothing')
  })

  it('a burst of reports from many devices: every report is stored and the summary catches up', async () => {
    const fleet = await Promise.all(Array.from({ length: 12 }, () => device()))
    const answers = await Promise.all(
      fleet.map((d, i) =>
        t.report(
          d.uid,
          d.credential,
          alpineInventory({
            hostname: `burst-${i}`,
            packages: Array.from({ length: 10 + i }, (_, j) => ({ name: `pkg-${j}`, version: '1.0' }))
          })
        )
      )
    )
    for (const answer of answers) assert.equal(answer.statusCode, 200, answer.body)
    const expected = fleet.reduce((sum, _, i) => sum + 10 + i, 0)
    const list = (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/?search=burst-&limit=50`)).json()
    assert.equal(
      list.results.reduce((sum: number, d: { package_count: number }) => sum + d.package_count, 0),
      expected
    )
    // Summaries coalesce during a burst: the trailing one counts every device (polled, not timed).
    const total = await t.app.db.execute(
      sql`select coalesce(sum(package_count), 0)::int as n from devices where tenant_uid = ${t.demoTenant}`
    )
    const packages = Number((Array.isArray(total) ? total : (total as { rows: Array<{ n: number }> }).rows)[0]!.n)
    for (const deadline = Date.now() + 60_000; ;) {
      const counts = (await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)).json().counts
      if (counts.packages === packages) break
      assert.ok(Date.now() < deadline, `summary still counts ${counts.packages} of ${packages} packages`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  })

  it('the tenant summary counts the reported devices', async () => {
    const { uid, credential } = await device()
    const beforeCounts = (await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)).json().counts
    await t.report(uid, credential, alpineInventory())
    // Right after the burst above a trailing regeneration may still be due: poll (not timed).
    for (const deadline = Date.now() + 60_000; ;) {
      const counts = (await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)).json().counts
      if (counts.packages === beforeCounts.packages + 4) break
      assert.ok(Date.now() < deadline, `summary counts ${counts.packages}, expected ${beforeCounts.packages + 4}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  })
})
