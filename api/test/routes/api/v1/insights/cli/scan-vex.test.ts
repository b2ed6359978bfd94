import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { csvOf } from '../../../../../csv-helpers.js'
import type { Json } from '../../../../../helpers.js'
import { REPO_ROOT } from '../../../../../shared-data.js'
import { buildInsightsApp, REPORTS, type InsightsApp } from '../insights-fixtures.js'

// CycloneDX VEX (`vulnerabilities[].analysis`) kept as uploaded, checked against the schema's
// values, and affects naming the root component resolved to it. Our own file:
// fixtures/test-vex/vex-all-states.cdx-1.6.json (every state once, one vulnerability without).

const TEXT = fs.readFileSync(path.join(REPO_ROOT, 'fixtures', 'test-vex', 'vex-all-states.cdx-1.6.json'), 'utf8')
const VEX: Json = JSON.parse(TEXT)

describe('VEX analysis of an SBOM', () => {
  let t: InsightsApp
  let report: { uid: string; token: string }
  before(async () => {
    t = await buildInsightsApp()
    report = await t.create('VEX')
    const response = await t.upload(report.token, [{ field: 'sbom', content: TEXT }])
    assert.equal(response.statusCode, 200, response.body)
  })
  after(async () => await t.close())

  it('keeps state, justification, response and detail of every vulnerability; null without analysis', async () => {
    const sbom = (await t.sbom(report.uid)).json as Json
    const byId = new Map<string, Json>(sbom.vulnerabilities.map((v: Json) => [v.id, v]))
    assert.deepEqual(byId.get('CVE-2999-0031')!.analysis, {
      state: 'not_affected',
      justification: 'code_not_reachable',
      response: ['will_not_fix', 'update'],
      detail: 'The vulnerable parser is never called by the gateway.'
    })
    assert.deepEqual(byId.get('CVE-2999-0032')!.analysis, {
      state: 'false_positive',
      justification: null,
      response: [],
      detail: 'The scanner matched the wrong product.'
    })
    assert.deepEqual(
      sbom.vulnerabilities.map((v: Json) => v.analysis?.state ?? null),
      ['not_affected', 'false_positive', 'resolved', 'resolved_with_pedigree', 'exploitable', 'in_triage', null]
    )
    assert.equal(byId.get('CVE-2999-0037')!.analysis, null)
  })

  it('refuses a state, justification or response CycloneDX does not define, naming the path', async () => {
    const bad = (change: (v: Json) => void): string => {
      const copy = structuredClone(VEX)
      change(copy.vulnerabilities[1])
      return JSON.stringify(copy)
    }
    const cases: Array<[string, string]> = [
      [
        bad((v) => (v.analysis.state = 'fixed')),
        'sbom: vulnerabilities[1].analysis.state must be one of resolved, resolved_with_pedigree, exploitable, in_triage, false_positive, not_affected (got "fixed")'
      ],
      [bad((v) => (v.analysis.justification = 'because')), 'sbom: vulnerabilities[1].analysis.justification must be one of'],
      [bad((v) => (v.analysis.response = ['update', 'ignore'])), 'sbom: vulnerabilities[1].analysis.response[1] must be one of'],
      [bad((v) => (v.analysis = 'not_affected')), 'sbom: vulnerabilities[1].analysis must be an object']
    ]
    const before = (await t.sbom(report.uid)).text
    for (const [content, detail] of cases) {
      const response = await t.upload(report.token, [{ field: 'sbom', content }])
      assert.equal(response.statusCode, 400, content)
      assert.ok(response.json().detail.startsWith(detail), response.json().detail)
    }
    assert.equal((await t.sbom(report.uid)).text, before, 'a refused upload changes nothing')
  })

  it("names the root component for affects pointing at its bom-ref (CSV and the report's analysis)", async () => {
    const { rows } = csvOf(await t.get(`${REPORTS}${report.uid}/sbom/vulnerabilities/export.csv`), /sbom-vulnerabilities/)
    const row = rows.find((r) => r.id === 'CVE-2999-0031')!
    assert.equal(row.affected_components, 'acme-gateway@4.2.0; acme-gateway@4.2.0')
    const detail = (await t.get(`${REPORTS}${report.uid}/`)).json()
    // CVE-2999-0035 (critical) is the most severe; it affects only the root.
    assert.match(detail.analysis, /CVE-2999-0035[^.]*acme-gateway 4\.2\.0/)
  })
})
