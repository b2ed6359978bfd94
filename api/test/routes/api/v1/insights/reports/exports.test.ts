import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { naturalKey } from '../../../../../../src/lib/insights/table-exports.js'
import { csvOf } from '../../../../../csv-helpers.js'
import type { Json } from '../../../../../helpers.js'
import { assertBadRequest, assertNotFound } from '../../detect-fixtures.js'
import { REPO_ROOT } from '../../../../../shared-data.js'
import { buildInsightsApp, readTestSbom, REPORTS, type InsightsApp } from '../insights-fixtures.js'

const SEVERITIES = ['unknown', 'none', 'low', 'medium', 'high', 'critical']

/** The report tables as CSV: Compliance Rules, SBOM Components and Vulnerabilities (lib/insights/table-exports.ts). */
describe('CSV exports of a report: rules, SBOM components and vulnerabilities', () => {
  let t: InsightsApp
  let report: string
  let sbom: Json
  before(async () => {
    t = await buildInsightsApp({ insights: true })
    const reports = (await t.get(REPORTS)).json().results as Array<{ uid: string }>
    for (const { uid } of reports) {
      const detail = (await t.get(`${REPORTS}${uid}/`)).json()
      if (detail.has_sbom && detail.has_audit) report = uid
    }
    assert.ok(report, 'a demo report with SBOM and audit')
    sbom = (await t.sbom(report)).json as Json
  })
  after(async () => {
    await t.close()
  })

  it('rules: result order, filtered by profile, severity, status and text', async () => {
    const audit = (await t.get(`${REPORTS}${report}/rules/`)).json()
    const rules = new Map<string, Json>(audit.rules.rules.map((rule: Json) => [rule.id, rule]))
    const all = csvOf(await t.get(`${REPORTS}${report}/rules/export.csv`), /compliance-rules/)
    assert.deepEqual(all.header, ['id', 'title', 'severity', 'status', 'message', 'profiles'])
    assert.deepEqual(
      all.rows.map((row) => [row.id, row.status, row.message]),
      audit.results.map((r: Json) => [r.id, r.status, r.message])
    )
    const profile = Object.keys(audit.rules.globals.profiles)[0]!
    const filtered = csvOf(
      await t.get(
        `${REPORTS}${report}/rules/export.csv?profile=${encodeURIComponent(profile)}&status=FAIL,SKIPPED&severity=high,critical`
      ),
      /compliance-rules/
    ).rows
    const expected = audit.results.filter((r: Json) => {
      const rule = rules.get(r.id)
      return rule?.profiles.includes(profile) && r.status !== 'PASS' && ['high', 'critical'].includes(rule.severity)
    })
    assert.ok(expected.length > 0)
    assert.deepEqual(
      filtered.map((row) => row.id),
      expected.map((r: Json) => r.id)
    )
    const word = String(all.rows[0]!.title.split(' ')[0]).toUpperCase()
    const searched = csvOf(
      await t.get(`${REPORTS}${report}/rules/export.csv?search=${encodeURIComponent(word)}`),
      /compliance-rules/
    ).rows
    assert.ok(searched.length > 0)
    for (const row of searched) assert.ok(`${row.title} ${row.id} ${row.message}`.toLowerCase().includes(word.toLowerCase()))
  })

  it('components: filtered by type and sorted as the table sorts them (natural order, missing values last)', async () => {
    const components = sbom.components as Json[]
    const type = components[0]!.type as string
    const ofType = components.filter((c) => (c.type || 'unknown') === type)
    for (const ordering of ['name', '-name', 'version', '-version', 'type']) {
      const { header, rows } = csvOf(
        await t.get(`${REPORTS}${report}/sbom/components/export.csv?type=${type}&ordering=${ordering}`),
        /sbom-components/
      )
      assert.deepEqual(header, ['name', 'type', 'version', 'group', 'licenses', 'purl', 'bom_ref'])
      assert.equal(rows.length, ofType.length, ordering)
      assert.deepEqual(new Set(rows.map((row) => row.bom_ref)), new Set(ofType.map((c) => c['bom-ref'] ?? '')))
      const field = ordering.replace('-', '')
      const keys = rows.map((row) => naturalKey(row[field]))
      const present = keys.filter((key) => key !== '')
      assert.deepEqual(keys.slice(0, present.length), present, 'missing values last')
      const sorted = [...present].sort()
      assert.deepEqual(present, ordering.startsWith('-') ? sorted.reverse() : sorted, ordering)
    }
    assert.equal(
      csvOf(await t.get(`${REPORTS}${report}/sbom/components/export.csv`), /sbom-components/).rows.length,
      components.length
    )
  })

  it('vulnerabilities: highest severity first by default, with KEV and EPSS; filtered by component type', async () => {
    const vulnerabilities = sbom.vulnerabilities as Json[]
    assert.ok(vulnerabilities.length > 0)
    const { header, rows } = csvOf(await t.get(`${REPORTS}${report}/sbom/vulnerabilities/export.csv`), /sbom-vulnerabilities/)
    assert.deepEqual(header, [
      'id',
      'severity',
      'score',
      'vector',
      'source',
      'affected_components',
      'kev',
      'epss',
      'epss_percentile',
      'demo',
      // The analysis that holds (triage.test.ts checks the values).
      'analysis_state',
      'analysis_justification',
      'analysis_response',
      'analysis_detail',
      'analysis_by',
      'file_analysis_state'
    ])
    assert.equal(rows.length, vulnerabilities.length)
    const ranks = rows.map((row) => SEVERITIES.indexOf(row.severity))
    assert.ok(ranks.every((rank) => rank >= 0))
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => b - a)
    )
    const highest = (v: Json) =>
      Math.max(0, ...(v.ratings as Json[]).map((r) => SEVERITIES.indexOf(String(r.severity).toLowerCase())))
    const byId = new Map(vulnerabilities.map((v) => [v.id, v]))
    for (const row of rows.slice(0, 10)) assert.equal(SEVERITIES.indexOf(row.severity), highest(byId.get(row.id)!), row.id)
    for (const row of rows) assert.match(row.kev!, /^(true|false)$/)
    const byId2 = csvOf(
      await t.get(`${REPORTS}${report}/sbom/vulnerabilities/export.csv?ordering=id`),
      /sbom-vulnerabilities/
    ).rows
    const keys = byId2.map((row) => naturalKey(row.id))
    assert.deepEqual(keys, [...keys].sort())
    const component = (sbom.components as Json[]).find((c) =>
      vulnerabilities.some((v) => v.affects.some((a: Json) => a.ref === c['bom-ref']))
    )!
    const typed = csvOf(
      await t.get(`${REPORTS}${report}/sbom/vulnerabilities/export.csv?type=${encodeURIComponent(component.type)}`),
      /sbom-vulnerabilities/
    ).rows
    assert.ok(typed.length > 0 && typed.length <= rows.length)
    assert.equal(
      csvOf(await t.get(`${REPORTS}${report}/sbom/vulnerabilities/export.csv?type=no-such-type`), /sbom-vulnerabilities/).rows
        .length,
      0
    )
  })

  it("components and vulnerabilities: the table's search and Analysis filter narrow the CSV as they narrow the table", async () => {
    const shop = await t.create('Search export')
    const shopSbom = readTestSbom('shop-npm.cdx-1.7.json')
    assert.equal((await t.upload(shop.token, [{ field: 'sbom', content: shopSbom }])).statusCode, 200)
    const components = async (query: string) =>
      csvOf(await t.get(`${REPORTS}${shop.uid}/sbom/components/export.csv?${query}`), /sbom-components/).rows
    // Name, group or purl, any case; with the type filter and sort the table shows.
    assert.deepEqual(
      (await components('search=LODASH&type=library&ordering=-version')).map((row) => row.version),
      ['4.17.21', '4.17.20']
    )
    assert.deepEqual(
      (await components('search=pkg%3Anpm%2Fsemver')).map((row) => row.version),
      ['5.7.1', '6.3.0', '7.3.8']
    )
    assert.deepEqual(
      (await components('search=%2540example')).map((row) => row.name),
      ['cookies']
    )
    assert.deepEqual(await components('search=no-such-package'), [])
    assert.equal((await components('search=%20%20')).length, 13, 'blank: every row')

    // Our VEX file: 7 vulnerabilities, 3 open (exploitable, in_triage, none), of acme-gateway (root) and libexample.
    const vex = await t.create('Search export VEX')
    const vexSbom = fs.readFileSync(path.join(REPO_ROOT, 'fixtures', 'test-vex', 'vex-all-states.cdx-1.6.json'))
    assert.equal((await t.upload(vex.token, [{ field: 'sbom', content: vexSbom }])).statusCode, 200)
    const ids = async (query: string) =>
      csvOf(await t.get(`${REPORTS}${vex.uid}/sbom/vulnerabilities/export.csv?${query}`), /sbom-vulnerabilities/).rows.map(
        (row) => row.id
      )
    assert.deepEqual(await ids('search=cve-2999-0032'), ['CVE-2999-0032'])
    // An affected component's name@version, name or purl; the root component by its bom-ref.
    assert.deepEqual(await ids('search=acme-gateway%404.2&ordering=id'), ['CVE-2999-0031', 'CVE-2999-0035'])
    assert.equal((await ids('search=PKG%3Ageneric%2Flibexample')).length, 5)
    assert.deepEqual(await ids('vex=open&ordering=id'), ['CVE-2999-0035', 'CVE-2999-0036', 'CVE-2999-0037'])
    assert.deepEqual(await ids('vex=resolved&ordering=-id'), ['CVE-2999-0034', 'CVE-2999-0033'])
    assert.deepEqual(await ids('vex=not_affected,false_positive&ordering=id'), ['CVE-2999-0031', 'CVE-2999-0032'])
    assert.deepEqual(await ids('vex=open&search=libexample&ordering=id'), ['CVE-2999-0036', 'CVE-2999-0037'])
    // The console's analysis holds over the file's: triaged not_affected, it leaves the open ones.
    const triaged = await t.app.inject({
      method: 'PUT',
      url: `${REPORTS}${vex.uid}/sbom/analyses/`,
      headers: t.demo.headers(),
      payload: {
        component: { purl: 'pkg:generic/libexample@1.0.0' },
        vulnerability_id: 'CVE-2999-0037',
        state: 'not_affected',
        justification: 'code_not_present'
      }
    })
    assert.equal(triaged.statusCode, 200, triaged.body)
    assert.deepEqual(await ids('vex=open&ordering=id'), ['CVE-2999-0035', 'CVE-2999-0036'])
    assertBadRequest(await t.get(`${REPORTS}${vex.uid}/sbom/vulnerabilities/export.csv?vex=closed`))
    assertBadRequest(await t.get(`${REPORTS}${vex.uid}/sbom/components/export.csv?search=${'x'.repeat(201)}`))
  })

  it("bad input → 400; a report without a scan, another tenant's or a junk uid → 404", async () => {
    for (const url of [
      `${REPORTS}${report}/sbom/components/export.csv?ordering=licenses`,
      `${REPORTS}${report}/sbom/vulnerabilities/export.csv?ordering=-score`,
      `${REPORTS}${report}/rules/export.csv?severity=urgent`,
      `${REPORTS}${report}/rules/export.csv?status=pass`,
      `${REPORTS}${report}/rules/export.csv?limit=5`
    ]) {
      assertBadRequest(await t.get(url), url)
    }
    const empty = await t.create('Awaiting upload')
    assert.equal((await t.get(`${REPORTS}${empty.uid}/rules/export.csv`)).json().detail, 'No audit data available.')
    assert.equal((await t.get(`${REPORTS}${empty.uid}/sbom/components/export.csv`)).json().detail, 'No SBOM data available.')
    const theirs = (await t.get(REPORTS, t.other)).json().results[0].uid
    for (const path of ['rules/export.csv', 'sbom/components/export.csv', 'sbom/vulnerabilities/export.csv']) {
      assertNotFound(await t.get(`${REPORTS}${theirs}/${path}`), path)
      assertNotFound(await t.get(`${REPORTS}not-a-uid/${path}`), path)
      assert.equal((await t.app.inject({ url: `${REPORTS}${report}/${path}` })).statusCode, 401)
    }
  })
})
