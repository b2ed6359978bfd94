import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildInsightsApp, REPORTS, type InsightsApp } from '../insights-fixtures.js'

// The Overview's summary counts open and closed vulnerabilities as the console's analysis leaves
// them (it wins over the file's VEX, as on the SBOM tab). Written for this test from CycloneDX
// 1.6's vulnerability analysis; the ids are invented (CVE-2999-…).
const PURL = 'pkg:npm/left-pad@1.3.0'
const SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.6',
  components: [{ type: 'library', 'bom-ref': 'left-pad', name: 'left-pad', version: '1.3.0', purl: PURL }],
  vulnerabilities: [
    { id: 'CVE-2999-0201', ratings: [{ severity: 'critical' }], affects: [{ ref: 'left-pad' }] },
    {
      id: 'CVE-2999-0202',
      ratings: [{ severity: 'high' }],
      analysis: { state: 'false_positive' },
      affects: [{ ref: 'left-pad' }]
    },
    {
      id: 'CVE-2999-0203',
      ratings: [{ severity: 'medium' }],
      analysis: { state: 'not_affected', justification: 'code_not_reachable' },
      affects: [{ ref: 'left-pad' }]
    }
  ]
})

describe('the Overview summary and the console’s analyses', () => {
  let t: InsightsApp
  let report: { uid: string; token: string }
  const summary = async (): Promise<string> => (await t.get(`${REPORTS}${report.uid}/`)).json().analysis
  const triage = async (vulnerabilityId: string, state: string) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `${REPORTS}${report.uid}/sbom/analyses/`,
      headers: t.demo.headers(),
      payload: { component: { purl: PURL }, vulnerability_id: vulnerabilityId, state }
    })
    assert.equal(response.statusCode, 200, response.body)
  }

  before(async () => {
    t = await buildInsightsApp()
    report = await t.create('Overview triage')
    assert.equal((await t.upload(report.token, [{ field: 'sbom', content: SBOM }])).statusCode, 200)
  })
  after(async () => await t.close())

  it('counts the file’s VEX at upload, then the console’s analysis once set (and again after a re-upload)', async () => {
    const sentence = /By analysis \(the console's, else the file's VEX\): ([^.]*)\./
    assert.equal(sentence.exec(await summary())?.[1], '1 open, 1 not affected, 1 false positive')

    await triage('CVE-2999-0201', 'resolved')
    await triage('CVE-2999-0203', 'in_triage')
    assert.equal(sentence.exec(await summary())?.[1], '1 open, 1 false positive, 1 resolved')

    // The same file again: the console's analyses are kept, and counted.
    assert.equal((await t.upload(report.token, [{ field: 'sbom', content: SBOM }])).statusCode, 200)
    assert.equal(sentence.exec(await summary())?.[1], '1 open, 1 false positive, 1 resolved')
  })
})
