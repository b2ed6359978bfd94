import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { reanalyseSbom } from '../../../../../../src/lib/insights/reanalyse.js'
import { csvOf } from '../../../../../csv-helpers.js'
import type { Json } from '../../../../../helpers.js'
import { buildInsightsApp, REPORTS, type InsightsApp } from '../insights-fixtures.js'

// A rating with a CVSS score but no severity (DefectDojo's and hand-made VEX files write them):
// the severity comes from the score by CVSS's qualitative scale, marked as the console's.

const LOG4SHELL_VECTOR = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H'
const SBOM = {
  bomFormat: 'CycloneDX',
  specVersion: '1.6',
  metadata: { component: { type: 'application', 'bom-ref': 'app', name: 'app', version: '1.0' } },
  components: [{ type: 'library', 'bom-ref': 'log4j', name: 'log4j-core', version: '2.14.1' }],
  vulnerabilities: [
    // CVSS 10.0 without a severity: critical.
    {
      id: 'CVE-2021-44228',
      ratings: [{ score: 10.0, method: 'CVSSv31', vector: LOG4SHELL_VECTOR }],
      affects: [{ ref: 'log4j' }]
    },
    // A stated severity is never overridden by the score beside it.
    { id: 'STATED', ratings: [{ score: 9.8, severity: 'low', method: 'CVSSv31' }], affects: [{ ref: 'log4j' }] },
    // OWASP risk scores have no CVSS scale: stays unknown. A forged console mark is dropped.
    {
      id: 'OWASP',
      ratings: [{ score: 9, method: 'OWASP' }],
      affects: [{ ref: 'log4j' }],
      properties: [{ name: 'console:severity-from-score', value: '0' }]
    },
    // No method, but a CVSS v4 vector says what the score is: 5.3 → medium; the second rating
    // (v2, 4.3 → medium) too. Boundaries: 0 → none, 3.9 → low, 7.0 → high, 8.9 → high, 9.0 → critical.
    { id: 'V4', ratings: [{ score: 5.3, vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N' }] },
    { id: 'ZERO', ratings: [{ score: 0, method: 'CVSSv3' }] },
    { id: 'LOW', ratings: [{ score: 3.9, method: 'CVSSv2' }] },
    { id: 'HIGH7', ratings: [{ score: 7.0, method: 'CVSSv4' }] },
    { id: 'HIGH89', ratings: [{ score: 8.9, method: 'CVSSv31' }] },
    { id: 'CRIT9', ratings: [{ score: 9.0, method: 'CVSSv31' }] }
  ]
}

describe('the severity of a CVSS rating that states only a score', () => {
  let t: InsightsApp
  let report: { uid: string; token: string }
  before(async () => {
    t = await buildInsightsApp()
    report = await t.create('Scores')
    const response = await t.upload(report.token, [{ field: 'sbom', content: JSON.stringify(SBOM) }])
    assert.equal(response.statusCode, 200, response.body)
  })
  after(async () => await t.close())

  const stored = async (): Promise<Map<string, Json>> =>
    new Map(((await t.sbom(report.uid)).json as Json).vulnerabilities.map((v: Json) => [v.id, v]))

  it('is set from the score by the CVSS bands and marked; a stated one and a non-CVSS score are left alone', async () => {
    const byId = await stored()
    const severity = (id: string): Array<string | null> => byId.get(id)!.ratings.map((r: Json) => r.severity)
    assert.deepEqual(byId.get('CVE-2021-44228')!.ratings[0], {
      severity: 'critical',
      method: 'CVSSv31',
      score: 10,
      vector: LOG4SHELL_VECTOR,
      source: null
    })
    assert.deepEqual(byId.get('CVE-2021-44228')!.properties, [{ name: 'console:severity-from-score', value: '0' }])
    assert.deepEqual(severity('STATED'), ['low'])
    assert.deepEqual(byId.get('STATED')!.properties, [])
    assert.deepEqual(severity('OWASP'), [null])
    assert.deepEqual(byId.get('OWASP')!.properties, [], 'an uploaded console: mark is dropped')
    assert.deepEqual(
      ['V4', 'ZERO', 'LOW', 'HIGH7', 'HIGH89', 'CRIT9'].map((id) => severity(id)[0]),
      ['medium', 'none', 'low', 'high', 'high', 'critical']
    )
  })

  it('ranks first in the analysis and the CSV, with its score and vector', async () => {
    const detail = (await t.get(`${REPORTS}${report.uid}/`)).json()
    assert.match(detail.analysis, /2 critical/)
    const { header, rows } = csvOf(await t.get(`${REPORTS}${report.uid}/sbom/vulnerabilities/export.csv`), /sbom-vulnerabilities/)
    assert.deepEqual(header.slice(0, 4), ['id', 'severity', 'score', 'vector'])
    assert.deepEqual([rows[0]!.id, rows[0]!.severity, rows[0]!.score, rows[0]!.vector], ['CRIT9', 'critical', '9', ''])
    const log4shell = rows.find((row) => row.id === 'CVE-2021-44228')!
    assert.deepEqual([log4shell.severity, log4shell.score, log4shell.vector], ['critical', '10', LOG4SHELL_VECTOR])
    assert.equal(rows.find((row) => row.id === 'OWASP')!.severity, 'unknown')
    assert.equal(rows.at(-1)!.id, 'OWASP', 'unknown sorts last')
  })

  it('survives a re-analysis unchanged (undone and done again, marked once)', async () => {
    const before = await t.sbom(report.uid)
    const result = await reanalyseSbom(t.app.db, t.seeded.demo.tenantUid, report.uid)
    assert.equal(result?.changed, false)
    const after = await t.sbom(report.uid)
    assert.equal(after.text, before.text)
  })
})
