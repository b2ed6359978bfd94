import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Json } from '../../../../../helpers.js'
import { assertBadRequest, assertNotFound } from '../../detect-fixtures.js'
import { buildInsightsApp, REPORTS, type InsightsApp } from '../insights-fixtures.js'

// The scan history: every SBOM upload kept (INSIGHTS_SCAN_RETENTION of them, 3 here), the list
// with counts, the diff of two, the newest scan's counts following the triage, and the reports
// list's scan columns.

interface Bom {
  components: Array<[name: string, version: string]>
  /** id, severity, affected component name, the file's analysis state. */
  vulnerabilities: Array<[id: string, severity: string, affects: string, state?: string]>
}

/** A CycloneDX 1.6 BOM of npm components (bom-ref = purl) and their vulnerabilities. */
function bom({ components, vulnerabilities }: Bom): string {
  const purl = (name: string): string => `pkg:npm/${name}@${components.find(([n]) => n === name)![1]}`
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    metadata: { component: { type: 'application', name: 'shop', version: '1.0.0' } },
    components: components.map(([name, version]) => ({
      type: 'library',
      'bom-ref': `pkg:npm/${name}@${version}`,
      name,
      version,
      purl: `pkg:npm/${name}@${version}`
    })),
    vulnerabilities: vulnerabilities.map(([id, severity, affects, state]) => ({
      id,
      ratings: [{ severity }],
      affects: [{ ref: purl(affects) }],
      ...(state === undefined ? {} : { analysis: { state } })
    }))
  })
}

const FIRST: Bom = {
  components: [
    ['lodash', '4.17.20'],
    ['left-pad', '1.3.0'],
    ['express', '4.18.0']
  ],
  vulnerabilities: [
    ['CVE-2021-23337', 'high', 'lodash'],
    ['CVE-2999-0001', 'critical', 'express'],
    ['CVE-2999-0002', 'low', 'left-pad', 'not_affected']
  ]
}
// lodash upgraded, left-pad removed, chalk added; the lodash CVE fixed, express's still open, a new one on chalk.
const SECOND: Bom = {
  components: [
    ['lodash', '4.17.21'],
    ['express', '4.18.0'],
    ['chalk', '5.3.0']
  ],
  vulnerabilities: [
    ['CVE-2999-0001', 'critical', 'express'],
    ['CVE-2999-0003', 'medium', 'chalk']
  ]
}

describe('scan history: /api/v1/insights/reports/{uid}/scans/', () => {
  let t: InsightsApp
  let report: { uid: string; token: string }
  const scans = async (uid = report.uid) => (await t.get(`${REPORTS}${uid}/scans/`)).json().results as Json[]
  const diff = async (from: string, to: string, session = t.demo, uid = report.uid) =>
    await t.get(`${REPORTS}${uid}/scans/diff/?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, session)
  const upload = async (content: Bom, token = report.token): Promise<void> => {
    const response = await t.upload(token, [{ field: 'sbom', content: bom(content) }])
    assert.equal(response.statusCode, 200, response.body)
  }

  before(async () => {
    t = await buildInsightsApp({ env: { INSIGHTS_SCAN_RETENTION: '3' } })
    report = await t.create('History')
  })
  after(async () => await t.close())

  it('a report without an upload has no scans, and the list says so', async () => {
    assert.deepEqual(await scans(), [])
    const row = (await t.get(REPORTS)).json().results.find((r: Json) => r.uid === report.uid)
    assert.deepEqual(
      [row.scan_status, row.scan_uploaded_at, row.open_vulnerabilities, row.critical_vulnerabilities],
      ['not_uploaded', null, null, null]
    )
  })

  it('keeps each upload with its counts, newest first, and the reports list shows the newest', async () => {
    await upload(FIRST)
    await upload(SECOND)
    const [second, first] = await scans()
    assert.equal((await scans()).length, 2)
    assert.deepEqual(
      [first!.components, first!.vulnerabilities, first!.open, first!.critical],
      // CVE-2999-0002 is not_affected in the file: not open.
      [3, 3, 2, 1]
    )
    assert.deepEqual([second!.components, second!.vulnerabilities, second!.open, second!.critical], [3, 2, 2, 1])
    assert.ok(Date.parse(second!.uploaded_at as string) >= Date.parse(first!.uploaded_at as string))

    const row = (await t.get(REPORTS)).json().results.find((r: Json) => r.uid === report.uid)
    assert.deepEqual(
      [row.scan_status, row.open_vulnerabilities, row.critical_vulnerabilities],
      ['sbom', second!.open, second!.critical]
    )
    assert.equal(row.scan_uploaded_at, second!.uploaded_at)
  })

  it('diffs two scans: components added, removed, upgraded; vulnerabilities new, fixed, still open', async () => {
    const [second, first] = await scans()
    const response = await diff(first!.id as string, second!.id as string)
    assert.equal(response.statusCode, 200, response.body)
    const body = response.json()
    assert.equal(body.from.id, first!.id)
    assert.equal(body.to.id, second!.id)
    assert.deepEqual(body.components, {
      added: [{ name: 'chalk', purl: 'pkg:npm/chalk@5.3.0', version: '5.3.0' }],
      removed: [{ name: 'left-pad', purl: 'pkg:npm/left-pad@1.3.0', version: '1.3.0' }],
      upgraded: [{ name: 'lodash', purl: 'pkg:npm/lodash@4.17.21', from_version: '4.17.20', to_version: '4.17.21' }]
    })
    assert.deepEqual(body.vulnerabilities, {
      new: [{ id: 'CVE-2999-0003', severity: 'medium' }],
      fixed: [{ id: 'CVE-2021-23337', severity: 'high' }],
      still_open: [{ id: 'CVE-2999-0001', severity: 'critical' }]
    })
    // The other way round, the same change reversed.
    const back = (await diff(second!.id as string, first!.id as string)).json()
    assert.deepEqual(
      back.components.upgraded.map((u: Json) => [u.from_version, u.to_version]),
      [['4.17.21', '4.17.20']]
    )
    assert.deepEqual(
      back.vulnerabilities.new.map((v: Json) => v.id),
      ['CVE-2021-23337']
    )
  })

  it("the newest scan's counts follow the console's triage; the diff of a scan with itself is empty", async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `${REPORTS}${report.uid}/sbom/analyses/`,
      headers: t.demo.headers(),
      payload: { component: { purl: 'pkg:npm/express@4.18.0' }, vulnerability_id: 'CVE-2999-0001', state: 'not_affected' }
    })
    assert.equal(put.statusCode, 200, put.body)
    const [second, first] = await scans()
    assert.deepEqual([second!.open, second!.critical], [1, 0])
    // The earlier scan keeps what held when it was replaced.
    assert.deepEqual([first!.open, first!.critical], [2, 1])
    const row = (await t.get(REPORTS)).json().results.find((r: Json) => r.uid === report.uid)
    assert.deepEqual([row.open_vulnerabilities, row.critical_vulnerabilities], [1, 0])

    // Re-uploaded unchanged: the triage holds, nothing is new.
    await upload(SECOND)
    const [third] = await scans()
    const same = (await diff(second!.id as string, third!.id as string)).json()
    assert.deepEqual(same.components, { added: [], removed: [], upgraded: [] })
    assert.deepEqual(same.vulnerabilities, { new: [], fixed: [], still_open: [{ id: 'CVE-2999-0003', severity: 'medium' }] })
  })

  it('keeps only INSIGHTS_SCAN_RETENTION scans; a dropped one is a 404 with its reason', async () => {
    const oldest = (await scans()).at(-1)!
    await upload(FIRST)
    const kept = await scans()
    assert.equal(kept.length, 3)
    assert.ok(!kept.some((scan) => scan.id === oldest.id))
    const response = await diff(oldest.id as string, kept[0]!.id as string)
    assert.equal(response.statusCode, 404)
    assert.match(response.json().detail, /^from: no such scan/)
  })

  it('refuses a diff without two scan ids with a 400', async () => {
    const [latest] = await scans()
    assertBadRequest(await diff('not-a-uuid', latest!.id as string), 'bad from')
    assertBadRequest(await t.get(`${REPORTS}${report.uid}/scans/diff/?from=${latest!.id as string}`), 'no to')
    assertBadRequest(await t.get(`${REPORTS}${report.uid}/scans/diff/?from=a&to=b&x=1`), 'unknown parameter')
  })

  it("another tenant's report and scans are a 404, and its scans never diff against ours", async () => {
    const [latest] = await scans()
    const id = latest!.id as string
    assertNotFound(await t.get(`${REPORTS}${report.uid}/scans/`, t.other), 'list')
    assertNotFound(await diff(id, id, t.other), 'diff')
    const foreign = await t.create('Theirs', t.other)
    await upload(FIRST, foreign.token)
    const [theirs] = (await t.get(`${REPORTS}${foreign.uid}/scans/`, t.other)).json().results
    // Our report, their scan id: not a scan of this report.
    const mixed = await diff(id, theirs.id)
    assert.equal(mixed.statusCode, 404)
    assert.match(mixed.json().detail, /^to: no such scan/)
    assert.equal((await diff(theirs.id, theirs.id, t.other, foreign.uid)).statusCode, 200)
  })

  it('an audit-only upload adds no scan, and the status names both parts', async () => {
    const before = (await scans()).length
    const audit = { rules: { rules: [] }, results: [], profile_scores: {} }
    const response = await t.upload(report.token, [{ field: 'audit', content: JSON.stringify(audit) }])
    assert.equal(response.statusCode, 200, response.body)
    assert.equal((await scans()).length, before)
    const row = (await t.get(REPORTS)).json().results.find((r: Json) => r.uid === report.uid)
    assert.equal(row.scan_status, 'sbom_and_audit')
  })
})
