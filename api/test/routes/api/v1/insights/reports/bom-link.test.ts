import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Json } from '../../../../../helpers.js'
import { buildInsightsApp, REPORTS, type InsightsApp } from '../insights-fixtures.js'

// An SBOM whose own vulnerabilities name their components by BOM-Link, as CycloneDX 1.6 defines it
// ("Linking external BOMs": urn:cdx:<serialNumber without urn:uuid:>/<version>#<bom-ref>, the
// bom-ref percent-encoded). Written for this test; the ids are invented (CVE-2999-…).
const SERIAL = '3e671687-395b-41f5-a30f-a58921a69b79'
const REF = 'pkg:npm/%40acme/widget@2.1.0'
const link = (serial: string, ref: string) => `urn:cdx:${serial}/1#${encodeURIComponent(ref)}`
const SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.6',
  serialNumber: `urn:uuid:${SERIAL}`,
  version: 1,
  metadata: { component: { type: 'application', name: 'bom-link-app', version: '1.0.0', 'bom-ref': 'app' } },
  components: [{ type: 'library', 'bom-ref': REF, group: '@acme', name: 'widget', version: '2.1.0', purl: REF }],
  vulnerabilities: [
    // Into this BOM (its serial number, upper-case as some tools write uuids): the component.
    {
      id: 'CVE-2999-0101',
      ratings: [{ severity: 'critical' }],
      affects: [{ ref: link(SERIAL.toUpperCase(), REF) }]
    },
    // Into another BOM: not this file's component, kept as written.
    {
      id: 'CVE-2999-0102',
      ratings: [{ severity: 'high' }],
      affects: [{ ref: link('00000000-0000-4000-8000-000000000999', REF) }]
    }
  ]
})

describe('BOM-Link refs in an SBOM’s own vulnerabilities', () => {
  let t: InsightsApp
  let report: { uid: string; token: string }
  const reportRow = async (): Promise<Json> => (await t.get(REPORTS)).json().results.find((row: Json) => row.uid === report.uid)

  before(async () => {
    t = await buildInsightsApp()
    report = await t.create('BOM-Link')
    const uploaded = await t.upload(report.token, [{ field: 'sbom', content: SBOM }])
    assert.equal(uploaded.statusCode, 200, uploaded.body)
  })
  after(async () => await t.close())

  it('resolves a link into the same BOM to the component, and leaves one into another BOM as written', async () => {
    const { json } = await t.sbom(report.uid)
    const affects = (json as Json).vulnerabilities.map((v: Json) => [v.id, v.affects.map((a: Json) => a.ref)])
    assert.deepEqual(affects, [
      ['CVE-2999-0101', [REF]],
      ['CVE-2999-0102', [link('00000000-0000-4000-8000-000000000999', REF)]]
    ])
    // The Overview's summary names the component, not the link.
    const { analysis } = (await t.get(`${REPORTS}${report.uid}/`)).json()
    assert.match(analysis, /CVE-2999-0101 \(critical\) affecting widget 2\.1\.0/)
  })

  it('lets the console’s analysis of the component close the vulnerability the link names', async () => {
    assert.equal((await reportRow()).open_vulnerabilities, 2)
    const put = await t.app.inject({
      method: 'PUT',
      url: `${REPORTS}${report.uid}/sbom/analyses/`,
      headers: t.demo.headers(),
      payload: {
        component: { purl: REF },
        vulnerability_id: 'CVE-2999-0101',
        state: 'not_affected',
        justification: 'code_not_reachable'
      }
    })
    assert.equal(put.statusCode, 200, put.body)
    assert.deepEqual([(await reportRow()).open_vulnerabilities, (await reportRow()).critical_vulnerabilities], [1, 0])
  })
})
