import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { csvOf } from '../../../../../csv-helpers.js'
import type { Json, Session } from '../../../../../helpers.js'
import { REPO_ROOT } from '../../../../../shared-data.js'
import { buildInsightsApp, REPORTS, type InsightsApp } from '../insights-fixtures.js'

// Triage of SBOM vulnerabilities: the console's analysis per component and vulnerability, kept
// across re-uploads, its trail, the VEX upload and the CycloneDX export. The SBOM is our own
// fixtures/test-vex/vex-all-states.cdx-1.6.json: root acme-gateway 4.2.0 (bom-ref "acme-gateway",
// no purl) and libexample (purl pkg:generic/libexample@1.0.0); CVE-2999-0032 is false_positive in
// the file, CVE-2999-0037 has no analysis, both affect libexample; CVE-2999-0035 affects the root.

const SBOM = fs.readFileSync(path.join(REPO_ROOT, 'fixtures', 'test-vex', 'vex-all-states.cdx-1.6.json'), 'utf8')
const LIB = { purl: 'pkg:generic/libexample@1.0.0' }

describe('SBOM triage', () => {
  let t: InsightsApp
  let report: { uid: string; token: string }
  const base = (): string => `${REPORTS}${report.uid}/sbom/`
  const put = async (body: unknown, session: Session = t.demo) =>
    await t.app.inject({ method: 'PUT', url: `${base()}analyses/`, headers: session.headers(), payload: body as Json })
  const vex = async (body: unknown, session: Session = t.demo) =>
    await t.app.inject({ method: 'POST', url: `${base()}vex/`, headers: session.headers(), payload: body as Json })
  const analyses = async (): Promise<Json[]> => (await t.get(`${base()}analyses/`)).json().results
  const csvRow = async (id: string): Promise<Record<string, string>> =>
    csvOf(await t.get(`${base()}vulnerabilities/export.csv`), /sbom-vulnerabilities/).rows.find((row) => row.id === id)!
  const exported = async (): Promise<Json> => {
    const response = await t.get(`${base()}export.cdx.json`)
    assert.equal(response.statusCode, 200, response.body)
    assert.match(response.headers['content-type'] as string, /^application\/vnd\.cyclonedx\+json/)
    return response.json()
  }

  before(async () => {
    t = await buildInsightsApp()
    report = await t.create('Triage')
    assert.equal((await t.upload(report.token, [{ field: 'sbom', content: SBOM }])).statusCode, 200)
  })
  after(async () => await t.close())

  it('sets an analysis, says who and when, and keeps it across a re-upload of the same component', async () => {
    const response = await put({
      component: LIB,
      vulnerability_id: 'CVE-2999-0037',
      state: 'not_affected',
      justification: 'code_not_present',
      response: ['will_not_fix'],
      detail: '  The vulnerable function is compiled out.  '
    })
    assert.equal(response.statusCode, 200, response.body)
    const set = response.json()
    assert.equal(set.component_key, LIB.purl)
    assert.equal(set.detail, 'The vulnerable function is compiled out.')
    assert.equal(set.source, 'console')
    assert.deepEqual(set.updated_by, { kind: 'user', uid: set.updated_by.uid, label: 'demo@example.com' })
    assert.ok(Math.abs(Date.parse(set.updated_at) - Date.now()) < 60_000)

    assert.equal((await t.upload(report.token, [{ field: 'sbom', content: SBOM }])).statusCode, 200)
    const [kept] = (await analyses()).filter((a) => a.vulnerability_id === 'CVE-2999-0037')
    assert.equal(kept.state, 'not_affected')
    const row = await csvRow('CVE-2999-0037')
    assert.equal(row.analysis_state, 'not_affected')
    assert.equal(row.analysis_justification, 'code_not_present')
    assert.match(row.analysis_by, /^console: demo@example\.com at /)
  })

  it("wins over the file's own analysis, and both are visible", async () => {
    assert.equal((await put({ component: LIB, vulnerability_id: 'CVE-2999-0032', state: 'exploitable' })).statusCode, 200)
    const row = await csvRow('CVE-2999-0032')
    assert.equal(row.analysis_state, 'exploitable')
    assert.equal(row.file_analysis_state, 'false_positive')
    // Untouched: the file's analysis, said to be the file's.
    const untouched = await csvRow('CVE-2999-0033')
    assert.equal(untouched.analysis_state, 'resolved')
    assert.equal(untouched.analysis_by, 'SBOM file')
    // The stored SBOM still says what the file said.
    const sbom = (await t.sbom(report.uid)).json as Json
    assert.equal(sbom.vulnerabilities.find((v: Json) => v.id === 'CVE-2999-0032').analysis.state, 'false_positive')
  })

  it('keys a component without purl by name and version (the root)', async () => {
    const response = await put({
      component: { name: 'acme-gateway', version: '4.2.0' },
      vulnerability_id: 'CVE-2999-0035',
      state: 'resolved',
      response: ['update']
    })
    assert.equal(response.statusCode, 200, response.body)
    assert.equal(response.json().component_key, 'name:acme-gateway@4.2.0')
    assert.equal((await csvRow('CVE-2999-0035')).analysis_state, 'resolved')
  })

  it('records every change in the trail, newest first', async () => {
    await put({ component: LIB, vulnerability_id: 'CVE-2999-0036', state: 'in_triage', detail: 'looking' })
    await put({ component: LIB, vulnerability_id: 'CVE-2999-0036', state: 'false_positive', detail: 'wrong product' })
    const trail = (await t.get(`${base()}analyses/trail/?vulnerability_id=CVE-2999-0036`)).json()
    assert.equal(trail.count, 2)
    assert.deepEqual(
      trail.results.map((c: Json) => [c.state, c.detail, c.actor.label, c.source]),
      [
        ['false_positive', 'wrong product', 'demo@example.com', 'console'],
        ['in_triage', 'looking', 'demo@example.com', 'console']
      ]
    )
    const all = (await t.get(`${base()}analyses/trail/`)).json()
    assert.ok(all.count >= 5)
  })

  it('refuses values CycloneDX does not define with a 400 and a detail, storing nothing', async () => {
    const before = await analyses()
    const cases: Json[] = [
      { component: LIB, vulnerability_id: 'CVE-2999-0031', state: 'fixed' },
      { component: LIB, vulnerability_id: 'CVE-2999-0031', state: 'not_affected', justification: 'because' },
      { component: LIB, vulnerability_id: 'CVE-2999-0031', state: 'resolved', response: ['ignore'] },
      { component: LIB, vulnerability_id: 'CVE-2999-0031', state: 'exploitable', justification: 'code_not_present' },
      { component: {}, vulnerability_id: 'CVE-2999-0031', state: 'resolved' },
      { component: LIB, vulnerability_id: ' ', state: 'resolved' },
      { component: LIB, vulnerability_id: 'CVE-2999-0031', state: 'resolved', detail: 'x'.repeat(5001) }
    ]
    for (const body of cases) {
      const response = await put(body)
      assert.equal(response.statusCode, 400, JSON.stringify(body))
      assert.equal(typeof response.json().detail, 'string')
    }
    assert.deepEqual(await analyses(), before)
  })

  it("answers another tenant's user 404 everywhere and changes nothing", async () => {
    const before = await analyses()
    const body = { component: LIB, vulnerability_id: 'CVE-2999-0037', state: 'exploitable' }
    assert.equal((await put(body, t.other)).statusCode, 404)
    assert.equal((await vex({ bomFormat: 'CycloneDX', vulnerabilities: [] }, t.other)).statusCode, 404)
    for (const url of ['analyses/', 'analyses/trail/', 'export.cdx.json', 'vulnerabilities/export.csv'])
      assert.equal((await t.get(`${base()}${url}`, t.other)).statusCode, 404, url)
    assert.deepEqual(await analyses(), before)
  })

  it('applies a VEX in bulk: good entries stored, bad ones refused by index with the reason', async () => {
    const response = await vex({
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      vulnerabilities: [
        // By bom-ref (the root), and by purl.
        {
          id: 'CVE-2999-0031',
          analysis: { state: 'not_affected', justification: 'requires_environment' },
          affects: [{ ref: 'acme-gateway' }]
        },
        { id: 'CVE-2999-0033', analysis: { state: 'exploitable', detail: 'regressed' }, affects: [{ ref: LIB.purl }] },
        { id: 'CVE-2999-0034', analysis: { state: 'fixed' }, affects: [{ ref: LIB.purl }] },
        { id: 'CVE-2999-0034', analysis: { state: 'resolved' }, affects: [{ ref: 'nothing-here' }] },
        { id: 'CVE-2999-0034', affects: [{ ref: LIB.purl }] },
        // A BOM-Link into the report's SBOM.
        {
          id: 'CVE-2999-0034',
          analysis: { state: 'resolved_with_pedigree' },
          affects: [{ ref: 'urn:cdx:00000000-0000-4000-8000-000000000031/1#pkg%3Ageneric%2Flibexample%401.0.0' }]
        }
      ]
    })
    assert.equal(response.statusCode, 200, response.body)
    const answer = response.json()
    assert.equal(answer.applied, 3)
    assert.deepEqual(
      answer.rejected.map((r: Json) => r.index),
      [2, 3, 4]
    )
    assert.match(answer.rejected[0].reason, /^vulnerabilities\[2\]\.analysis\.state must be one of/)
    assert.match(answer.rejected[1].reason, /affects\[0\]\.ref "nothing-here" names no component/)
    assert.match(answer.rejected[2].reason, /analysis\.state is missing/)
    const stored = await analyses()
    const by = (id: string): Json => stored.find((a) => a.vulnerability_id === id)!
    assert.equal(by('CVE-2999-0031').component_key, 'name:acme-gateway@4.2.0')
    assert.equal(by('CVE-2999-0031').source, 'vex')
    assert.equal(by('CVE-2999-0033').state, 'exploitable')
    assert.equal(by('CVE-2999-0034').state, 'resolved_with_pedigree')
    assert.match((await csvRow('CVE-2999-0033')).analysis_by, /^VEX upload by demo@example\.com/)

    for (const bad of [{ bomFormat: 'SPDX' }, { bomFormat: 'CycloneDX', vulnerabilities: [] }]) {
      const refused = await vex(bad)
      assert.equal(refused.statusCode, 400, JSON.stringify(bad))
      assert.match(refused.json().detail, /^vex: /)
    }
    assert.equal((await vex([])).statusCode, 400)
  })

  it('applies a VEX sent with the scan (-F vex=@file) after storing it; a bad or lone VEX is a 400 that stores nothing', async () => {
    const other = await t.create('Scan with VEX')
    const document = {
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      vulnerabilities: [
        {
          id: 'CVE-2999-0037',
          analysis: { state: 'not_affected', justification: 'code_not_reachable' },
          affects: [{ ref: LIB.purl }]
        },
        { id: 'CVE-2999-0036', analysis: { state: 'bogus' }, affects: [{ ref: LIB.purl }] }
      ]
    }
    const refused = [
      [
        { field: 'sbom', content: SBOM },
        { field: 'vex', content: '{"bomFormat":"SPDX"}' }
      ],
      [
        { field: 'sbom', content: SBOM },
        { field: 'vex', content: '{nope' }
      ],
      [{ field: 'vex', content: JSON.stringify(document) }]
    ]
    for (const files of refused) {
      const response = await t.upload(other.token, files)
      assert.equal(response.statusCode, 400, response.body)
      assert.match(response.json().detail, /^vex: /)
    }
    assert.equal((await t.get(`${REPORTS}${other.uid}/sbom`)).statusCode, 404, 'nothing stored')
    const response = await t.upload(other.token, [
      { field: 'sbom', content: SBOM },
      { field: 'vex', content: JSON.stringify(document) }
    ])
    assert.equal(response.statusCode, 200, response.body)
    const answer = response.json()
    assert.equal(answer.sbom.components, 1)
    assert.equal(answer.vex.applied, 1)
    assert.deepEqual(
      answer.vex.rejected.map((r: Json) => [r.index, r.id]),
      [[1, 'CVE-2999-0036']]
    )
    const [stored] = (await t.get(`${REPORTS}${other.uid}/sbom/analyses/`)).json().results
    assert.equal(stored.state, 'not_affected')
    assert.equal(stored.source, 'vex')
    assert.equal(stored.updated_by.kind, 'api-key')
  })

  it('exports the SBOM as CycloneDX 1.6 with the analyses that hold, saying where each comes from', async () => {
    const bom = await exported()
    assert.equal(bom.bomFormat, 'CycloneDX')
    assert.equal(bom.specVersion, '1.6')
    assert.match(bom.serialNumber, /^urn:uuid:[0-9a-f-]{36}$/)
    assert.equal(bom.metadata.component.name, 'acme-gateway')
    assert.deepEqual(
      bom.components.map((c: Json) => c.purl),
      [LIB.purl]
    )
    const of = (id: string): Json[] => bom.vulnerabilities.filter((v: Json) => v.id === id)
    const [triaged] = of('CVE-2999-0037')
    assert.deepEqual(
      { ...triaged.analysis, lastUpdated: undefined },
      {
        state: 'not_affected',
        justification: 'code_not_present',
        response: ['will_not_fix'],
        detail: 'The vulnerable function is compiled out.',
        lastUpdated: undefined
      }
    )
    const props = Object.fromEntries(triaged.properties.map((p: Json) => [p.name, p.value]))
    assert.equal(props['console:analysis-source'], 'console')
    assert.equal(props['console:analysis-by'], 'demo@example.com')
    const [overridden] = of('CVE-2999-0032')
    assert.equal(overridden.analysis.state, 'exploitable')
    assert.ok(overridden.properties.some((p: Json) => p.name === 'console:file-analysis-state' && p.value === 'false_positive'))
    // The file's own analysis where the console has none; no nulls anywhere.
    assert.equal(of('CVE-2999-0033')[0]!.analysis.state, 'exploitable')
    assert.ok(!JSON.stringify(bom).includes(':null'))
  })

  it('writes a vulnerability analysed differently per component once per analysis', async () => {
    const other = await t.create('Split')
    const bom = JSON.parse(SBOM)
    bom.vulnerabilities = [{ id: 'CVE-2999-0040', 'bom-ref': 'v40', affects: [{ ref: 'acme-gateway' }, { ref: LIB.purl }] }]
    assert.equal((await t.upload(other.token, [{ field: 'sbom', content: JSON.stringify(bom) }])).statusCode, 200)
    const response = await t.app.inject({
      method: 'PUT',
      url: `${REPORTS}${other.uid}/sbom/analyses/`,
      headers: t.demo.headers(),
      payload: { component: LIB, vulnerability_id: 'CVE-2999-0040', state: 'not_affected', justification: 'code_not_reachable' }
    })
    assert.equal(response.statusCode, 200, response.body)
    const exportedBom = (await t.get(`${REPORTS}${other.uid}/sbom/export.cdx.json`)).json()
    assert.deepEqual(
      exportedBom.vulnerabilities.map((v: Json) => [v['bom-ref'], v.analysis?.state ?? null, v.affects.map((a: Json) => a.ref)]),
      [
        ['v40#1', null, ['acme-gateway']],
        ['v40#2', 'not_affected', [LIB.purl]]
      ]
    )
    // Still open: one of its components is.
    const row = csvOf(await t.get(`${REPORTS}${other.uid}/sbom/vulnerabilities/export.csv`), /sbom-vulnerabilities/).rows[0]!
    assert.equal(row.analysis_state, '')
  })
})
