import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { normaliseSbom } from '../../../../../../src/lib/insights/cyclonedx.js'
import { demoAudit } from '../../../../../../src/lib/insights/seed-data/audit.js'
import { needsSharedData } from '../../../../../shared-data.js'
import {
  buildInsightsApp,
  multipart,
  readSharedSbom,
  readTestSbom,
  REPORTS,
  SCAN,
  sharedSboms,
  testSboms,
  type InsightsApp
} from '../insights-fixtures.js'

const json = (value: unknown): string => JSON.stringify(value)
const AUDIT = json(demoAudit())
/** Our own CycloneDX 1.7 file: 13 components, one vulnerability (fixtures/test-sbom). */
const SHOP = readTestSbom('shop-npm.cdx-1.7.json')
const VEX = readTestSbom('vex-only.cdx-1.4.json')
const REPORT_TOKEN_ERROR = { detail: 'Invalid or missing report token.' }

describe('scan upload: POST /api/v1/insights/cli/scan', () => {
  let t: InsightsApp
  before(async () => {
    t = await buildInsightsApp()
  })
  after(async () => {
    await t.close()
  })

  /** What a client can see of a report's scan: the report, its SBOM bytes and its audit. */
  const snapshot = async (uid: string) => ({
    report: (await t.get(`${REPORTS}${uid}/`)).json(),
    sbom: (await t.sbom(uid)).text,
    rules: (await t.get(`${REPORTS}${uid}/rules/`)).body
  })

  /** Uploads each file into a new report and checks what a client gets back. */
  const acceptsEach = async (files: string[], read: (file: string) => Buffer): Promise<void> => {
    for (const file of files) {
      const { uid, token } = await t.create(file)
      const raw = JSON.parse(read(file).toString('utf8'))
      // Sent with a misleading MIME type on purpose: the content decides.
      const response = await t.upload(token, [{ field: 'sbom', content: read(file), type: 'text/plain', filename: 'scan.txt' }])
      assert.equal(response.statusCode, 200, `${file}: ${response.body}`)
      const expected = normaliseSbom(raw)
      assert.deepEqual(
        response.json(),
        {
          report_uid: uid,
          has_scan_uploaded: true,
          sbom: {
            spec_version: raw.specVersion,
            components: expected.components.length,
            vulnerabilities: (raw.vulnerabilities ?? []).length
          },
          audit: null
        },
        file
      )
      const { response: got, json: sbom } = await t.sbom(uid)
      assert.equal(got.statusCode, 200)
      assert.equal(got.headers['content-encoding'], 'gzip', file)
      assert.match(got.headers['content-type'] as string, /^application\/json/)
      assert.deepEqual(sbom, expected, file)
      const report = (await t.get(`${REPORTS}${uid}/`)).json()
      assert.deepEqual([report.has_scan_uploaded, report.has_sbom, report.has_audit], [true, true, false])
      assert.ok(Math.abs(Date.parse(report.scan_uploaded_at) - Date.now()) < 60_000)
      assert.match(report.analysis, /^Software bill of materials: /)
    }
  }

  it('accepts every SBOM of our own (fixtures/test-sbom) and serves it back normalised', async () => {
    const files = testSboms()
    assert.deepEqual(files, ['portal-composer.cdx-1.4.json', 'shop-npm.cdx-1.7.json', 'vex-only.cdx-1.4.json'])
    await acceptsEach(files, readTestSbom)
  })

  it(
    'accepts every real SBOM of ../shared/data/sbom (made by other tools) and serves it back normalised',
    { skip: needsSharedData('sbom') },
    async () => {
      const files = sharedSboms()
      assert.ok(files.length >= 4 && files.includes('vex-only.cdx-1.4.json'))
      await acceptsEach(files, readSharedSbom)
    }
  )

  it('sends the SBOM uncompressed to a client that does not accept gzip, and with a trailing slash', async () => {
    const { uid, token } = await t.create('Encodings')
    await t.upload(token, [{ field: 'sbom', content: SHOP }])
    const gz = await t.sbom(uid)
    const plain = await t.get(`${REPORTS}${uid}/sbom/`, t.demo, { 'accept-encoding': 'identity' })
    assert.equal(plain.statusCode, 200)
    assert.equal(plain.headers['content-encoding'], undefined)
    assert.equal(plain.body, gz.text)
    const refused = await t.get(`${REPORTS}${uid}/sbom`, t.demo, { 'accept-encoding': 'gzip;q=0' })
    assert.notEqual(refused.headers['content-encoding'], 'gzip')
  })

  it('takes an SBOM and an audit in one request; the analysis covers both', async () => {
    const { uid, token } = await t.create('Both')
    const response = await t.upload(token, [
      { field: 'audit', content: AUDIT },
      { field: 'sbom', content: VEX }
    ])
    assert.equal(response.statusCode, 200, response.body)
    const audit = demoAudit()
    assert.deepEqual(response.json().audit, { rules: audit.rules.rules.length, results: audit.results.length })
    const rules = (await t.get(`${REPORTS}${uid}/rules/`)).json()
    assert.deepEqual(rules, audit)
    // Profiles keep the uploader's order (the profile filter and the compliance panel list them so).
    assert.deepEqual(Object.keys(rules.profile_scores), ['cis_level1', 'cis_level2', 'stig', 'pci_dss', 'hardened'])
    assert.deepEqual(Object.keys(rules.rules.globals.profiles), Object.keys(audit.rules.globals.profiles))
    const report = (await t.get(`${REPORTS}${uid}/`)).json()
    assert.deepEqual([report.has_sbom, report.has_audit], [true, true])
    assert.match(
      report.analysis,
      new RegExp(
        `^Compliance audit: ${audit.rules.rules.length} rules .*\n\nSoftware bill of materials: 0 components, 1 vulnerability; .*CVE-2999-2001 \\(high, score 8\\.2\\)`,
        's'
      )
    )
  })

  it('a part replaces only the previous part of its kind', async () => {
    const { uid, token } = await t.create('Replace')
    await t.upload(token, [
      { field: 'sbom', content: SHOP },
      { field: 'audit', content: AUDIT }
    ])
    const first = await snapshot(uid)

    // Audit only: the SBOM stays, the analysis still describes it.
    const smaller = demoAudit()
    smaller.rules.rules = smaller.rules.rules.slice(0, 3)
    smaller.results = smaller.results.slice(0, 3)
    assert.equal((await t.upload(token, [{ field: 'audit', content: json(smaller) }])).statusCode, 200)
    const second = await snapshot(uid)
    assert.equal(second.sbom, first.sbom)
    assert.deepEqual(JSON.parse(second.rules), smaller)
    assert.match(second.report.analysis, /^Compliance audit: 3 rules[^]*Software bill of materials: 13 components/)

    // SBOM only: the audit stays.
    assert.equal((await t.upload(token, [{ field: 'sbom', content: VEX }])).statusCode, 200)
    const third = await snapshot(uid)
    assert.equal(third.rules, second.rules)
    assert.equal(((await t.sbom(uid)).json as { components: unknown[] }).components.length, 0)
    assert.match(third.report.analysis, /^Compliance audit: 3 rules[^]*Software bill of materials: 0 components/)
    assert.ok(Date.parse(third.report.scan_uploaded_at) >= Date.parse(first.report.scan_uploaded_at))
  })

  it('a bad upload is refused with what is wrong, and the previous scan stays untouched', async () => {
    const { uid, token } = await t.create('Keeps its scan')
    await t.upload(token, [
      { field: 'sbom', content: SHOP },
      { field: 'audit', content: AUDIT }
    ])
    const kept = await snapshot(uid)
    const bom = (extra: Record<string, unknown>) => json({ bomFormat: 'CycloneDX', specVersion: '1.6', ...extra })
    const cases: Array<[string, Parameters<InsightsApp['upload']>[1], number, string]> = [
      [
        'not JSON',
        [{ field: 'sbom', content: '<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.4"/>' }],
        400,
        'sbom: is not valid JSON (Unexpected token'
      ],
      ['empty file', [{ field: 'sbom', content: '' }], 400, 'sbom: is empty'],
      [
        'wrong bomFormat',
        [{ field: 'sbom', content: json({ bomFormat: 'SPDX', specVersion: '1.6' }) }],
        400,
        'sbom: bomFormat must be "CycloneDX"'
      ],
      [
        'SPDX document',
        [{ field: 'sbom', content: json({ spdxVersion: 'SPDX-2.3', packages: [] }) }],
        400,
        'sbom: bomFormat must be "CycloneDX"'
      ],
      [
        'unsupported specVersion',
        [{ field: 'sbom', content: json({ bomFormat: 'CycloneDX', specVersion: '1.1' }) }],
        400,
        'sbom: specVersion 1.1 is not supported (1.2 to 1.7)'
      ],
      [
        'component without name',
        [
          {
            field: 'sbom',
            content: bom({
              components: [
                { type: 'library', name: 'a' },
                { type: 'library', name: 'b' },
                { type: 'library', name: 'c' },
                { type: 'library' }
              ]
            })
          }
        ],
        400,
        'sbom: components[3].name is missing'
      ],
      [
        'bad audit status',
        [
          {
            field: 'audit',
            content: json({
              ...demoAudit(),
              results: demoAudit().results.map((r, i) => (i === 2 ? { ...r, status: 'WARN' } : r))
            })
          }
        ],
        400,
        'audit: results[2].status must be PASS, FAIL or SKIPPED'
      ],
      [
        'good SBOM, bad audit',
        [
          { field: 'sbom', content: VEX },
          { field: 'audit', content: '{"rules": ' }
        ],
        400,
        'audit: is not valid JSON'
      ],
      [
        'bad SBOM, good audit',
        [
          { field: 'audit', content: AUDIT },
          { field: 'sbom', content: json({ bomFormat: 'CycloneDX', specVersion: '1.6', components: 'none' }) }
        ],
        400,
        'sbom: components must be an array'
      ],
      [
        'a NUL character (PostgreSQL text cannot hold it)',
        [{ field: 'sbom', content: bom({ vulnerabilities: [{ id: 'CVE-2024-0001\u0000', ratings: [{ severity: 'high' }] }] }) }],
        400,
        'sbom: vulnerabilities[0].id contains a NUL character'
      ],
      [
        'an unpaired surrogate in the audit',
        [{ field: 'audit', content: json({ ...demoAudit(), profile_scores: { '\ud800': { score: 1, max: 1 } } }) }],
        400,
        'audit: profile_scores contains a NUL character or an unpaired surrogate'
      ],
      ['an SBOM in the audit field', [{ field: 'audit', content: SHOP }], 400, 'audit: rules is missing'],
      ['unknown file field', [{ field: 'bom', content: SHOP }], 400, 'Unknown field "bom".'],
      [
        'same field twice',
        [
          { field: 'sbom', content: SHOP },
          { field: 'sbom', content: SHOP }
        ],
        400,
        'sbom: sent more than once.'
      ],
      ['no file', [], 400, 'No file uploaded.']
    ]
    for (const [what, files, status, detail] of cases) {
      const response = await t.upload(token, files)
      assert.equal(response.statusCode, status, `${what}: ${response.body}`)
      assert.match(response.headers['content-type'] as string, /^application\/json/, what)
      assert.ok(response.json().detail.startsWith(detail), `${what}: ${response.json().detail}`)
      assert.deepEqual(await snapshot(uid), kept, what)
    }

    const withText = await t.upload(token, [{ field: 'sbom', content: SHOP }], { note: 'hello' })
    assert.equal(withText.statusCode, 400)
    assert.match(withText.json().detail, /^Unknown field "note"\./)

    const asText = await t.upload(token, [], { sbom: SHOP.toString('utf8') })
    assert.equal(asText.statusCode, 400)
    assert.equal(asText.json().detail, 'sbom: send it as a file field (curl -F sbom=@bom.json), not a text field.')

    const asJson = await t.app.inject({
      method: 'POST',
      url: SCAN,
      headers: { 'x-api-key': token, 'content-type': 'application/json' },
      payload: SHOP
    })
    assert.equal(asJson.statusCode, 415)
    assert.match(asJson.json().detail, /multipart\/form-data/)

    // A truncated or boundary-less multipart body is the client's error, never a 500.
    for (const [contentType, payload] of [
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="sbom"; filename="bom.json"\r\n\r\n{"bomFormat":'
      ],
      ['multipart/form-data; boundary=x', 'not multipart at all'],
      ['multipart/form-data', '--x\r\n']
    ] as const) {
      const malformed = await t.app.inject({
        method: 'POST',
        url: SCAN,
        headers: { 'x-api-key': token, 'content-type': contentType },
        payload
      })
      assert.equal(malformed.statusCode, 400, malformed.body)
      assert.match(malformed.json().detail, /^The multipart body is malformed \(/)
    }

    // Compressed request bodies are refused rather than half-parsed.
    const { payload, contentType } = await multipart([{ field: 'sbom', content: SHOP }])
    const gzipped = await t.app.inject({
      method: 'POST',
      url: SCAN,
      headers: { 'x-api-key': token, 'content-type': contentType, 'content-encoding': 'gzip' },
      payload
    })
    assert.equal(gzipped.statusCode, 415)
    assert.deepEqual(await snapshot(uid), kept)
  })

  it('a file over 100 MB is a 413 naming the field; the previous scan stays', async () => {
    const { uid, token } = await t.create('Too large')
    await t.upload(token, [{ field: 'sbom', content: SHOP }])
    const kept = await snapshot(uid)
    // Valid JSON padded past the limit, so only the size can be the reason.
    const big = Buffer.alloc(100 * 1024 * 1024 + 16, 0x20)
    SHOP.copy(big)
    const response = await t.upload(token, [{ field: 'sbom', content: big }])
    assert.equal(response.statusCode, 413)
    assert.deepEqual(response.json(), { detail: 'sbom: file is larger than 100 MB.' })
    assert.deepEqual(await snapshot(uid), kept)
  })

  it('refuses a wrong, missing or foreign credential with 401 and stores nothing', async () => {
    const { uid, token } = await t.create('Credentials')
    await t.upload(token, [{ field: 'sbom', content: SHOP }])
    const kept = await snapshot(uid)
    const other = VEX
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    for (const candidate of [
      undefined,
      '',
      wrong,
      'rt_short',
      token.toUpperCase(),
      `${token} `,
      'ck_abcdefabcdef.secretsecretsecretsecret'
    ]) {
      const response = await t.upload(candidate, [{ field: 'sbom', content: other }])
      assert.equal(response.statusCode, 401, String(candidate))
      assert.deepEqual(response.json(), REPORT_TOKEN_ERROR)
    }
    // A signed-in session is not a report token either.
    const { payload, contentType } = await multipart([{ field: 'sbom', content: other }])
    const bySession = await t.app.inject({
      method: 'POST',
      url: SCAN,
      headers: { ...t.demo.headers(), 'content-type': contentType },
      payload
    })
    assert.equal(bySession.statusCode, 401)
    assert.deepEqual(bySession.json(), REPORT_TOKEN_ERROR)
    assert.deepEqual(await snapshot(uid), kept)
  })

  it('a tenant API key is not accepted in place of a report token', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tenants/${t.seeded.demo.tenantUid}/api-keys/`,
      headers: t.demo.headers(),
      payload: { name: 'CI' }
    })
    assert.equal(created.statusCode, 201, created.body)
    const response = await t.upload(created.json().key, [{ field: 'sbom', content: SHOP }])
    assert.equal(response.statusCode, 401)
    assert.deepEqual(response.json(), REPORT_TOKEN_ERROR)
  })
})
