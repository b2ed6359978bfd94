import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { assertBadRequest, assertNotFound, keysOf } from '../../detect-fixtures.js'
import { debianServerTree } from '../../../../../../src/lib/insights/seed-data/system-trees.js'
import { buildInsightsApp, readTestSbom, REPORTS, type InsightsApp } from '../insights-fixtures.js'

const REPORT_KEYS = [
  'analysis',
  'assessment_type',
  'context',
  'created_at',
  'has_audit',
  'has_sbom',
  'has_scan_uploaded',
  'industry',
  'make',
  'model',
  'name',
  'scan_uploaded_at',
  'token',
  'uid'
]
const EMPTY_CONTEXT = {
  make: '',
  model: '',
  internet_facing: false,
  ota_capable: false,
  encryption_at_rest: false,
  encryption_in_transit: false,
  industry: '',
  purpose: '',
  environment: '',
  sold_in: ''
}

describe('insight reports: /api/v1/insights/reports/', () => {
  let t: InsightsApp
  before(async () => {
    t = await buildInsightsApp()
  })
  after(async () => {
    await t.close()
  })

  it('creates a report with defaults and its own random upload token', async () => {
    const created = await t.send('POST', REPORTS, { name: '  Edge gateway  ' })
    assert.equal(created.statusCode, 201)
    const report = created.json()
    assert.deepEqual(keysOf(report), REPORT_KEYS)
    assert.equal(report.name, 'Edge gateway')
    assert.equal(report.assessment_type, 'system')
    assert.match(report.token, /^rt_[A-Za-z0-9_-]{32}$/)
    assert.deepEqual(
      [report.has_scan_uploaded, report.has_sbom, report.has_audit, report.scan_uploaded_at, report.analysis],
      [false, false, false, null, null]
    )
    assert.deepEqual([report.make, report.model, report.industry], [null, null, null])
    assert.deepEqual(report.context, EMPTY_CONTEXT)
    assert.ok(Math.abs(Date.parse(report.created_at) - Date.now()) < 60_000)

    const app = await t.create('Billing service', t.demo, 'application')
    assert.equal(app.assessment_type, 'application')
    assert.notEqual(app.token, report.token)
    assert.deepEqual((await t.get(`${REPORTS}${report.uid}/`)).json(), report)
  })

  it('lists the tenant reports newest first, with count, limit and offset', async () => {
    const names = ['first', 'second', 'third']
    for (const name of names) await t.create(name)
    const { count, results } = (await t.get(REPORTS)).json()
    assert.ok(count >= 3)
    assert.equal(results.length, count)
    for (const item of results)
      assert.deepEqual(keysOf(item), [
        'assessment_type',
        'created_at',
        'critical_vulnerabilities',
        'has_scan_uploaded',
        'name',
        'open_vulnerabilities',
        'scan_status',
        'scan_uploaded_at',
        'uid'
      ])
    assert.deepEqual(
      results.slice(0, 3).map((r: { name: string }) => r.name),
      ['third', 'second', 'first']
    )
    const times = results.map((r: { created_at: string }) => Date.parse(r.created_at))
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a)
    )
    const page = (await t.get(`${REPORTS}?limit=2&offset=1`)).json()
    assert.equal(page.count, count)
    assert.deepEqual(page.results, results.slice(1, 3))
    for (const query of ['limit=0', 'limit=1001', 'limit=x', 'offset=-1', 'page=2']) {
      assertBadRequest(await t.get(`${REPORTS}?${query}`), query)
    }
  })

  it('PATCH changes only the given context fields (and the name), and the top-level make/model/industry follow', async () => {
    const { uid } = await t.create('Context test')
    const first = await t.send('PATCH', `${REPORTS}${uid}/`, {
      context: { make: 'Acme', model: 'GW-200', internet_facing: true }
    })
    assert.equal(first.statusCode, 200)
    assert.deepEqual(first.json().context, { ...EMPTY_CONTEXT, make: 'Acme', model: 'GW-200', internet_facing: true })
    assert.deepEqual([first.json().make, first.json().model, first.json().industry], ['Acme', 'GW-200', null])

    const purpose = 'Controls the conveyor belt.\nLine 2 of the purpose. '.repeat(10)
    const second = await t.send('PATCH', `${REPORTS}${uid}/`, {
      context: {
        industry: 'Manufacturing',
        purpose,
        ota_capable: true,
        encryption_at_rest: true,
        encryption_in_transit: false,
        environment: 'Factory floor',
        sold_in: 'EU'
      }
    })
    assert.deepEqual(second.json().context, {
      make: 'Acme',
      model: 'GW-200',
      internet_facing: true,
      ota_capable: true,
      encryption_at_rest: true,
      encryption_in_transit: false,
      industry: 'Manufacturing',
      purpose,
      environment: 'Factory floor',
      sold_in: 'EU'
    })
    assert.equal(second.json().industry, 'Manufacturing')

    const renamed = await t.send('PATCH', `${REPORTS}${uid}/`, { name: ' Renamed ', context: { make: '' } })
    assert.equal(renamed.json().name, 'Renamed')
    assert.equal(renamed.json().make, null)
    assert.equal(renamed.json().context.make, '')
    assert.deepEqual((await t.send('PATCH', `${REPORTS}${uid}/`, {})).json(), renamed.json())
    assert.deepEqual((await t.get(`${REPORTS}${uid}/`)).json(), renamed.json())
  })

  it('bad input is a 400 with a JSON detail, and nothing changes', async () => {
    for (const payload of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 5 },
      { name: 'x'.repeat(201) },
      { name: 'x', assessment_type: 'device' },
      { name: 'x', token: 'rt_mine' },
      { name: 'x', context: {} }
    ]) {
      assertBadRequest(await t.send('POST', REPORTS, payload), JSON.stringify(payload))
    }
    const { uid } = await t.create('Validation')
    const before = (await t.get(`${REPORTS}${uid}/`)).json()
    for (const payload of [
      { context: { internet_facing: 'yes' } },
      { context: { make: 5 } },
      { context: { make: 'x'.repeat(2001) } },
      { context: { purpose: 'x'.repeat(10001) } },
      { context: { colour: 'red' } },
      { context: 'x' },
      { name: ' ' },
      { token: 'rt_x' },
      { assessment_type: 'application' },
      { make: 'top-level' }
    ]) {
      const response = await t.send('PATCH', `${REPORTS}${uid}/`, payload)
      assertBadRequest(response, JSON.stringify(payload))
      assert.equal(typeof response.json().errors, 'object')
    }
    // The long-text limits are 10,000 for purpose and environment, 2,000 for the rest.
    assert.equal(
      (await t.send('PATCH', `${REPORTS}${uid}/`, { context: { purpose: 'x'.repeat(10000), make: 'm'.repeat(2000) } }))
        .statusCode,
      200
    )
    await t.send('PATCH', `${REPORTS}${uid}/`, { context: { purpose: '', make: '' } })
    assert.deepEqual((await t.get(`${REPORTS}${uid}/`)).json(), before)
    // A NUL escape is valid JSON but cannot be stored: a 400, not a 500.
    for (const [method, url, body] of [
      ['POST', REPORTS, '{"name":"a\\u0000b"}'],
      ['PATCH', `${REPORTS}${uid}/`, '{"context":{"make":"\\u0000"}}']
    ] as const) {
      const nul = await t.app.inject({
        method,
        url,
        headers: { ...t.demo.headers(), 'content-type': 'application/json' },
        payload: body
      })
      assertBadRequest(nul, body)
    }
    assert.deepEqual((await t.get(`${REPORTS}${uid}/`)).json(), before)
    const notJson = await t.app.inject({
      method: 'POST',
      url: REPORTS,
      headers: { ...t.demo.headers(), 'content-type': 'text/plain' },
      payload: 'name=x'
    })
    assert.equal(notJson.statusCode, 415)
  })

  it('needs a session, and CSRF on unsafe calls', async () => {
    const { uid } = await t.create('Auth')
    for (const url of [REPORTS, `${REPORTS}${uid}/`, `${REPORTS}${uid}/rules/`, `${REPORTS}${uid}/sbom`]) {
      const response = await t.app.inject({ url })
      assert.equal(response.statusCode, 401, url)
      assert.equal(response.json().detail, 'Authentication credentials were not provided.')
    }
    // The upload token is not a console credential.
    const { token } = (await t.get(`${REPORTS}${uid}/`)).json()
    assert.equal((await t.app.inject({ url: `${REPORTS}${uid}/`, headers: { 'x-api-key': token } })).statusCode, 401)
    const noCsrf = await t.app.inject({ method: 'DELETE', url: `${REPORTS}${uid}/`, headers: t.demo.headers(false) })
    assert.equal(noCsrf.statusCode, 403)
    assert.equal((await t.get(`${REPORTS}${uid}/`)).statusCode, 200)
  })

  it('an unknown or malformed uid is a 404 on every route', async () => {
    for (const uid of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const base = `${REPORTS}${encodeURIComponent(uid)}/`
      assertNotFound(await t.get(base), uid)
      assertNotFound(await t.send('PATCH', base, { context: { make: 'x' } }), uid)
      assertNotFound(await t.send('DELETE', base), uid)
      assertNotFound(await t.get(`${base}rules/`), uid)
      assertNotFound(await t.get(`${base}sbom`), uid)
    }
  })

  it('a report without a scan says so on rules and sbom', async () => {
    const { uid } = await t.create('Empty')
    const rules = await t.get(`${REPORTS}${uid}/rules/`)
    assert.equal(rules.statusCode, 404)
    assert.deepEqual(rules.json(), { detail: 'No audit data available.' })
    for (const url of [`${REPORTS}${uid}/sbom`, `${REPORTS}${uid}/sbom/`]) {
      const sbom = await t.get(url)
      assert.equal(sbom.statusCode, 404)
      assert.deepEqual(sbom.json(), { detail: 'No SBOM data available.' })
    }
  })

  it("keeps the SBOM's dependency graph: served with the SBOM and in the CycloneDX export", async () => {
    const { uid, token } = await t.create('Graph')
    assert.equal((await t.upload(token, [{ field: 'sbom', content: readTestSbom('shop-npm.cdx-1.7.json') }])).statusCode, 200)
    const graph = (await t.get(`${REPORTS}${uid}/sbom`)).json().dependencies
    assert.equal(graph.length, 4)
    assert.deepEqual(graph[0], { ref: 'app', dependsOn: ['lockfile'] })
    assert.deepEqual(graph[3], { ref: 'pkg:npm/loose-envify@1.4.0', dependsOn: ['pkg:npm/js-tokens@4.0.0'] })
    assert.deepEqual((await t.get(`${REPORTS}${uid}/sbom/export.cdx.json`)).json().dependencies, graph)
  })

  it('DELETE removes the report and its scan; the token stops working', async () => {
    const { uid, token } = await t.create('Doomed')
    assert.equal((await t.upload(token, [{ field: 'sbom', content: readTestSbom('shop-npm.cdx-1.7.json') }])).statusCode, 200)
    assert.equal((await t.send('DELETE', `${REPORTS}${uid}/`)).statusCode, 204)
    assertNotFound(await t.get(`${REPORTS}${uid}/`))
    assertNotFound(await t.get(`${REPORTS}${uid}/sbom`))
    assertNotFound(await t.send('DELETE', `${REPORTS}${uid}/`))
    assert.ok(!(await t.get(REPORTS)).json().results.some((r: { uid: string }) => r.uid === uid))
    const upload = await t.upload(token, [{ field: 'sbom', content: readTestSbom('shop-npm.cdx-1.7.json') }])
    assert.equal(upload.statusCode, 401)
  })
})

describe('insight reports: tenant isolation', () => {
  let t: InsightsApp
  before(async () => {
    t = await buildInsightsApp()
  })
  after(async () => {
    await t.close()
  })

  it("another tenant's report is a 404 on GET, PATCH, DELETE, rules and sbom; the list never shows it", async () => {
    const foreign = await t.create('Other tenant gateway', t.other)
    const upload = await t.upload(foreign.token, [{ field: 'sbom', content: readTestSbom('shop-npm.cdx-1.7.json') }])
    assert.equal(upload.statusCode, 200)
    const mine = await t.create('Mine')
    const seenByOwner = (await t.get(`${REPORTS}${foreign.uid}/`, t.other)).json()
    const sbomByOwner = (await t.sbom(foreign.uid, t.other)).text

    const base = `${REPORTS}${foreign.uid}/`
    assertNotFound(await t.get(base))
    assertNotFound(await t.send('PATCH', base, { name: 'hijacked', context: { make: 'evil' } }))
    assertNotFound(await t.send('DELETE', base))
    assertNotFound(await t.get(`${base}rules/`))
    assertNotFound(await t.get(`${base}sbom`))
    const list = (await t.get(REPORTS)).json()
    assert.ok(list.results.some((r: { uid: string }) => r.uid === mine.uid))
    assert.ok(!list.results.some((r: { uid: string }) => r.uid === foreign.uid))
    assert.ok(!(await t.get(REPORTS, t.other)).json().results.some((r: { uid: string }) => r.uid === mine.uid))

    // Nothing the demo user tried changed the other tenant's report.
    assert.deepEqual((await t.get(base, t.other)).json(), seenByOwner)
    assert.equal((await t.sbom(foreign.uid, t.other)).text, sbomByOwner)
  })

  it("a report token uploads only into its own report, whoever's tenant it is", async () => {
    const mine = await t.create('Token scope')
    const theirs = await t.create('Their token scope', t.other)
    assert.equal(
      (await t.upload(theirs.token, [{ field: 'sbom', content: readTestSbom('vex-only.cdx-1.4.json') }])).statusCode,
      200
    )
    assert.equal((await t.get(`${REPORTS}${mine.uid}/`)).json().has_scan_uploaded, false)
    assert.equal((await t.get(`${REPORTS}${theirs.uid}/`, t.other)).json().has_sbom, true)
  })
})

describe('insight reports: the demo seed', () => {
  let t: InsightsApp
  before(async () => {
    t = await buildInsightsApp({ insights: true })
  })
  after(async () => {
    await t.close()
  })

  it('gives the demo tenant a system report with SBOM and audit, an application report, and one awaiting upload', async () => {
    const { results } = (await t.get(REPORTS)).json()
    assert.equal(results.length, 3)
    const reports = await Promise.all(results.map(async (r: { uid: string }) => (await t.get(`${REPORTS}${r.uid}/`)).json()))
    const system = reports.find((r) => r.assessment_type === 'system' && r.has_audit)
    assert.ok(system)
    assert.equal(system.has_sbom, true)
    assert.match(system.analysis, /^Compliance audit: \d+ rules/)
    assert.ok(system.make && system.model && system.industry)
    const audit = (await t.get(`${REPORTS}${system.uid}/rules/`)).json()
    assert.ok(audit.rules.rules.length >= 40)
    for (const profile of ['cis_level1', 'cis_level2', 'pci_dss']) {
      assert.ok(audit.rules.globals.profiles[profile].description)
      assert.ok(audit.profile_scores[profile].max > 0)
    }
    assert.deepEqual(new Set(audit.results.map((r: { status: string }) => r.status)), new Set(['PASS', 'FAIL', 'SKIPPED']))
    assert.ok(
      audit.rules.rules.every(
        (r: { regulations: unknown[]; os: object }) => r.regulations.length > 0 && Object.keys(r.os).length > 0
      )
    )
    // The system SBOM is console-scan's output on the Debian 12 fixture tree: one component per
    // stanza of its dpkg status file.
    type Sbom = {
      spec_version: string
      metadata: { component: { name: string; version: string | null }; tools: { components: Array<{ name: string }> } }
      components: Array<{ purl: string | null; type: string }>
    }
    const sbom = (await t.sbom(system.uid)).json as Sbom
    assert.deepEqual([sbom.metadata.component.name, sbom.metadata.component.version], ['Debian GNU/Linux', '12'])
    assert.deepEqual(
      sbom.metadata.tools.components.map((tool) => tool.name),
      ['console-scan']
    )
    const status = debianServerTree()['var/lib/dpkg/status']!
    const stanzas = status.split('\n\n').filter((stanza) => stanza.trim() !== '').length
    assert.equal(sbom.components.length, stanzas)
    assert.ok(sbom.components.every((c) => /^pkg:deb\/debian\/[^@]+@[^?]+\?arch=amd64&distro=debian-12/.test(c.purl ?? '')))

    // The application SBOM is the console's own dependency tree, from the repository's pnpm-lock.yaml.
    const application = reports.find((r) => r.assessment_type === 'application')
    assert.equal(application.has_sbom, true)
    const own = (await t.sbom(application.uid)).json as Sbom
    assert.equal(own.spec_version, '1.6')
    assert.equal(own.metadata.component.name, 'security-console')
    const libraries = own.components.filter((c) => c.type === 'library')
    assert.ok(libraries.length > 100 && libraries.every((c) => c.purl?.startsWith('pkg:npm/')))
    assert.ok(
      libraries.some((c) => c.purl === 'pkg:npm/fastify@5.12.8'),
      "the API's own Fastify, as locked"
    )
    assert.ok(reports.some((r) => !r.has_scan_uploaded))

    const other = (await t.get(REPORTS, t.other)).json()
    assert.equal(other.count, 1)
    assert.ok(!results.some((r: { uid: string }) => r.uid === other.results[0].uid))
    const gateway = (await t.sbom(other.results[0].uid, t.other)).json as Sbom
    assert.deepEqual([gateway.metadata.component.name, gateway.metadata.component.version], ['Alpine Linux', '3.18.6'])
    assert.ok(gateway.components.length > 20 && gateway.components.every((c) => c.purl?.startsWith('pkg:apk/alpine/')))
  })
})
