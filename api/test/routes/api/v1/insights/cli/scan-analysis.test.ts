import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import semver from 'semver'
import { normaliseSbom } from '../../../../../../src/lib/insights/cyclonedx.js'
import { SAMPLE_FEED } from '../../../../../../src/lib/vulns/sample.js'
import { importOsv, importOsvAndMatch } from '../../../../../../src/lib/vulns/import.js'
import { tempDir } from '../../../../../helpers.js'
import { OSV_FIXTURES, type FixtureRecord } from '../../../../../lib/vulns/osv-fixtures.js'
import { buildInsightsApp, readSbomFixture, REPORTS, type InsightsApp } from '../insights-fixtures.js'

// SBOM vulnerability analysis against the console's OSV feed, through the upload route, on the
// real database engine. Expected matches are derived here, independently of the console's
// matcher: the fixture records' SEMVER ranges turned into `semver` range expressions.

type Json = Record<string, any>
const JUICE_SHOP = 'juice-shop-11.1.2.cdx-1.4.json'
const NPM_FEED = path.join(OSV_FIXTURES, 'npm')

type OsvRecord = FixtureRecord & { withdrawn?: string, published?: string, modified?: string, references?: Array<{ type: string, url: string }> }

/** Every record of the OSV files in a folder (single records and {"vulns": [...]}). */
function recordsIn (folder: string): OsvRecord[] {
  return fs.readdirSync(folder).filter((file) => file.endsWith('.json')).flatMap((file) => {
    const parsed = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as OsvRecord | { vulns: OsvRecord[] }
    return 'vulns' in parsed ? parsed.vulns : [parsed]
  })
}

/** An OSV range as a node-semver range: [introduced, fixed) or [introduced, last_affected] intervals. */
function semverRange (events: Array<Record<string, string>>): string {
  const parts: string[] = []
  let start: string | undefined
  for (const event of events) {
    if (event.introduced !== undefined) start = event.introduced
    else if (start !== undefined && (event.fixed !== undefined || event.last_affected !== undefined)) {
      const low = start === '0' ? '' : `>=${start} `
      parts.push(event.fixed !== undefined ? `${low}<${event.fixed}` : `${low}<=${event.last_affected}`)
      start = undefined
    }
  }
  if (start !== undefined) parts.push(start === '0' ? '*' : `>=${start}`)
  return parts.join(' || ')
}

const isNpmAffected = (version: string, entry: NonNullable<FixtureRecord['affected']>[number]): boolean =>
  (entry.versions ?? []).includes(version) ||
  (entry.ranges ?? []).some((range) => range.type !== 'GIT' && semver.satisfies(version, semverRange(range.events), { includePrerelease: true }))

/** The id the console gives a record's vulnerability: its CVE aliases, else its own id. */
const vulnerabilityIds = (record: FixtureRecord): string[] => {
  const cves = [...(record.aliases ?? []), ...(record.upstream ?? [])].filter((alias) => /^CVE-\d{4}-\d+$/.test(alias))
  return cves.length > 0 ? [...new Set(cves)] : [record.id]
}

/** What the feed says about an SBOM's npm components: vulnerability id → affected bom-refs. */
function expectedMatches (raw: Json, records: OsvRecord[]): Map<string, Set<string>> {
  const components: Json[] = []
  const walk = (list: Json[] | undefined): void => { for (const c of list ?? []) { components.push(c); walk(c.components) } }
  walk(raw.components)
  const expected = new Map<string, Set<string>>()
  for (const record of records) {
    if (record.withdrawn !== undefined) continue
    for (const entry of record.affected ?? []) {
      if (entry.package?.ecosystem !== 'npm') continue
      for (const component of components) {
        const name = component.group ? `${component.group}/${component.name}` : component.name
        if (!String(component.purl ?? '').startsWith('pkg:npm/') || component['bom-ref'] === undefined || name !== entry.package.name) continue
        if (!isNpmAffected(component.version, entry)) continue
        for (const id of vulnerabilityIds(record)) expected.set(id, (expected.get(id) ?? new Set()).add(component['bom-ref']))
      }
    }
  }
  return expected
}

const isConsoleAdded = (v: Json): boolean => v.properties.some((p: Json) => p.name === 'console:source' && p.value === 'osv-feed')
const addedBy = (sbom: Json): Map<string, Set<string>> =>
  new Map(sbom.vulnerabilities.filter(isConsoleAdded).map((v: Json) => [v.id, new Set(v.affects.map((a: Json) => a.ref))]))
const refOf = (raw: Json, name: string, version: string): string => raw.components.find((c: Json) => c.name === name && c.version === version)['bom-ref']

const NPM_RECORDS = recordsIn(NPM_FEED)
const record = (id: string): OsvRecord => NPM_RECORDS.find((r) => r.id === id)!

describe('SBOM analysis against the OSV feed: POST /api/v1/insights/cli/scan', () => {
  let t: InsightsApp
  before(async () => {
    t = await buildInsightsApp()
    await importOsv(t.app.db, NPM_FEED)
  })
  after(async () => { await t.close() })

  const uploadSbom = async (content: Buffer | string, name = 'SBOM', session = t.demo) => {
    const report = await t.create(name, session)
    const response = await t.upload(report.token, [{ field: 'sbom', content }])
    assert.equal(response.statusCode, 200, response.body)
    const { json } = await t.sbom(report.uid, session)
    return { report, answer: response.json(), sbom: json as Json, details: (await t.get(`${REPORTS}${report.uid}/`, session)).json() }
  }

  it('juice-shop gains exactly the vulnerabilities its npm components have per the fixture records', async () => {
    const raw = JSON.parse(readSbomFixture(JUICE_SHOP).toString('utf8'))
    assert.equal(raw.vulnerabilities, undefined, 'the real file lists no vulnerabilities')
    const expected = expectedMatches(raw, NPM_RECORDS)
    assert.ok(expected.size >= 10, `${expected.size} expected`)
    const { answer, sbom, details } = await uploadSbom(readSbomFixture(JUICE_SHOP), 'Juice Shop')

    assert.deepEqual(addedBy(sbom), expected)
    assert.equal(sbom.vulnerabilities.length, expected.size)
    assert.equal(answer.sbom.vulnerabilities, expected.size)
    // Components are stored as uploaded; only vulnerabilities were added.
    assert.deepEqual(sbom.components, normaliseSbom(raw).components)
    assert.match(details.analysis, new RegExp(`Software bill of materials: 1,115 components, ${expected.size} vulnerabilities; by highest severity: `))
    assert.match(details.analysis, new RegExp(`The console checked 1,115 components against its OSV feed and added ${expected.size} vulnerabilities\\.$`))

    // minimist 0.2.3 (< 0.2.4) is affected by GHSA-xvch-5gv4-984h; minimist 1.2.8 (>= 1.2.6) is not.
    const minimist = record('GHSA-xvch-5gv4-984h')
    const v = sbom.vulnerabilities.find((item: Json) => item.id === 'CVE-2021-44906')
    assert.deepEqual(v.affects, [{ ref: refOf(raw, 'minimist', '0.2.3') }])
    assert.ok(!sbom.vulnerabilities.some((item: Json) => item.affects.some((a: Json) => a.ref === refOf(raw, 'minimist', '1.2.8'))))
    const vector = minimist.severity!.find((s) => s.type === 'CVSS_V3')!.score
    assert.deepEqual(v, {
      id: 'CVE-2021-44906',
      'bom-ref': null,
      source: { name: 'OSV', url: 'https://osv.dev/vulnerability/GHSA-xvch-5gv4-984h' },
      // CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H is 9.8 (NVD), critical in the v3 bands.
      ratings: [{ severity: 'critical', method: 'CVSSv31', score: 9.8, vector, source: { name: 'OSV', url: 'https://osv.dev/vulnerability/GHSA-xvch-5gv4-984h' } }],
      affects: [{ ref: refOf(raw, 'minimist', '0.2.3') }],
      description: minimist.summary,
      detail: minimist.details,
      recommendation: 'Upgrade minimist to 0.2.4.',
      advisories: minimist.references!.filter((r) => /^https?:/.test(r.url)).map((r) => ({ title: null, url: r.url })),
      published: new Date(minimist.published!).toISOString(),
      updated: new Date(minimist.modified!).toISOString(),
      cwes: [1321],
      properties: [{ name: 'console:source', value: 'osv-feed' }]
    })

    // lodash 2.4.2 has four advisories here; lodash 4.17.21 (their fixes) none.
    const lodashOld = refOf(raw, 'lodash', '2.4.2')
    const lodashIds = sbom.vulnerabilities.filter((item: Json) => item.affects.some((a: Json) => a.ref === lodashOld)).map((item: Json) => item.id).sort()
    assert.deepEqual(lodashIds, [...expected].filter(([, refs]) => refs.has(lodashOld)).map(([id]) => id).sort())
    assert.ok(lodashIds.includes('CVE-2021-23337') && lodashIds.length === 4, lodashIds.join())
    assert.ok(!sbom.vulnerabilities.some((item: Json) => item.affects.some((a: Json) => a.ref === refOf(raw, 'lodash', '4.17.21'))))
    assert.equal(sbom.vulnerabilities.find((item: Json) => item.id === 'CVE-2021-23337').recommendation, 'Upgrade lodash to 4.17.21.')
    // semver 5.7.1, 6.3.0 and 7.3.8 need different fixes of one advisory: each is named.
    const semverFix = sbom.vulnerabilities.find((item: Json) => item.id === 'CVE-2022-25883')
    assert.equal(semverFix.recommendation, 'Upgrade semver 6.3.0 to 6.3.1. Upgrade semver 5.7.1 to 5.7.2. Upgrade semver 7.3.8 to 7.5.2.')
  })

  it('leaves alone components without a purl, of a type the feed cannot order, or without a bom-ref', async () => {
    // lodash 2.4.2 is affected by GHSA-35jh-r3h4-6jhm, but none of these can be checked against it;
    // Hex and Pub have no ordering here (PyPI, Maven, Go, RubyGems, NuGet, Packagist and cargo do:
    // scan-ecosystems.test.ts).
    const raw = {
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      components: [
        { type: 'library', 'bom-ref': 'no-purl', name: 'lodash', version: '2.4.2' },
        { type: 'library', 'bom-ref': 'hex', name: 'plug', version: '1.14.0', purl: 'pkg:hex/plug@1.14.0' },
        { type: 'library', name: 'lodash', version: '2.4.2', purl: 'pkg:npm/lodash@2.4.2' },
        { type: 'library', 'bom-ref': 'bad-version', name: 'lodash', version: 'latest', purl: 'pkg:npm/lodash@latest' },
        { type: 'library', 'bom-ref': 'pub', name: 'http', version: '0.13.0', purl: 'pkg:pub/http@0.13.0' }
      ]
    }
    const { sbom, details } = await uploadSbom(JSON.stringify(raw), 'Nothing to check')
    assert.deepEqual(sbom, normaliseSbom(raw), 'stored exactly as uploaded')
    assert.match(details.analysis, /no vulnerabilities listed\. The console checked 1 component against its OSV feed and found nothing to add\.$/)
  })

  it('an SBOM that already lists a vulnerability keeps its own data and gains only the affects it missed', async () => {
    const own = {
      id: 'CVE-2021-44906',
      'bom-ref': 'own-1',
      source: { name: 'NVD', url: 'https://nvd.nist.gov/vuln/detail/CVE-2021-44906' },
      ratings: [{ source: { name: 'NVD' }, score: 9.8, severity: 'critical', method: 'CVSSv31', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
      description: 'Our own words about minimist.',
      recommendation: 'Our own advice.',
      advisories: [{ title: 'NVD', url: 'https://nvd.nist.gov/vuln/detail/CVE-2021-44906' }],
      published: '2022-03-17T00:00:00Z',
      properties: [{ name: 'scanner:triage', value: 'confirmed' }],
      affects: [{ ref: 'minimist-0.2.3' }]
    }
    // The lodash advisory listed under its GHSA id: the console's CVE-2021-23337 is the same one.
    const ghsa = { id: 'GHSA-35jh-r3h4-6jhm', affects: [{ ref: 'lodash-4.17.20' }] }
    const raw = {
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      components: [
        { type: 'library', 'bom-ref': 'minimist-0.2.3', name: 'minimist', version: '0.2.3', purl: 'pkg:npm/minimist@0.2.3' },
        { type: 'library', 'bom-ref': 'minimist-1.2.5', name: 'minimist', version: '1.2.5', purl: 'pkg:npm/minimist@1.2.5' },
        { type: 'library', 'bom-ref': 'lodash-4.17.20', name: 'lodash', version: '4.17.20', purl: 'pkg:npm/lodash@4.17.20' }
      ],
      vulnerabilities: [own, ghsa]
    }
    const expected = expectedMatches(raw, NPM_RECORDS)
    assert.deepEqual(expected.get('CVE-2021-44906'), new Set(['minimist-0.2.3', 'minimist-1.2.5']))
    assert.deepEqual(expected.get('CVE-2021-23337'), new Set(['lodash-4.17.20']))

    const { sbom, details } = await uploadSbom(JSON.stringify(raw), 'Lists its own')
    const [first, second, ...added] = sbom.vulnerabilities
    const normalised = normaliseSbom(raw).vulnerabilities
    assert.deepEqual(first, {
      ...normalised[0],
      affects: [{ ref: 'minimist-0.2.3' }, { ref: 'minimist-1.2.5' }],
      properties: [{ name: 'scanner:triage', value: 'confirmed' }, { name: 'console:added-affect', value: 'minimist-1.2.5' }]
    })
    assert.deepEqual(second, normalised[1], 'already names the only affected component: unchanged')
    // Everything else the feed knows is added once; neither listed vulnerability is duplicated.
    assert.ok(added.every(isConsoleAdded))
    assert.deepEqual(new Set(added.map((v: Json) => v.id)), new Set([...expected.keys()].filter((id) => id !== 'CVE-2021-44906' && id !== 'CVE-2021-23337')))
    assert.equal(sbom.vulnerabilities.filter((v: Json) => v.id === 'CVE-2021-44906').length, 1)
    assert.match(details.analysis, new RegExp(`added ${added.length} vulnerabilit(y|ies) and added 1 affected component to vulnerabilities the SBOM listed\\.$`))

    // The same upload again: the same document (the analysis replaces itself, it does not pile up).
    const again = await uploadSbom(JSON.stringify(raw), 'Lists its own, again')
    assert.deepEqual(again.sbom, sbom)
  })

  it('tenants stay apart: each tenant\'s SBOM is analysed and served on its own', async () => {
    const mine = await uploadSbom(readSbomFixture(JUICE_SHOP), 'Demo juice shop')
    const theirs = await uploadSbom(readSbomFixture('trivy-npm.cdx-1.7.json'), 'Other trivy', t.other)
    assert.ok(addedBy(mine.sbom).size > 0 && addedBy(theirs.sbom).size > 0)
    const theirRefs = new Set(theirs.sbom.components.map((c: Json) => c['bom-ref']))
    assert.ok(theirs.sbom.vulnerabilities.every((v: Json) => v.affects.every((a: Json) => theirRefs.has(a.ref))))
    assert.equal((await t.sbom(mine.report.uid, t.other)).response.statusCode, 404)
    assert.equal((await t.sbom(theirs.report.uid, t.demo)).response.statusCode, 404)
  })
})

describe('SBOM re-analysis after import-osv', () => {
  let t: InsightsApp
  before(async () => { t = await buildInsightsApp() })
  after(async () => { await t.close() })

  it('an import analyses the stored SBOMs it touches again; uploads keep their time; a withdrawn record stops matching', async () => {
    // Uploaded while the feed has no npm records: nothing found.
    const juice = await t.create('Juice Shop before the feed')
    await t.upload(juice.token, [{ field: 'sbom', content: readSbomFixture(JUICE_SHOP) }])
    const trivy = await t.create('Trivy of the other tenant', t.other)
    await t.upload(trivy.token, [{ field: 'sbom', content: readSbomFixture('trivy-npm.cdx-1.7.json') }])
    const before = (await t.get(`${REPORTS}${juice.uid}/`)).json()
    assert.equal(addedBy((await t.sbom(juice.uid)).json as Json).size, 0)

    const first = await importOsvAndMatch(t.app.db, NPM_FEED)
    assert.deepEqual([first.sboms.sboms, first.sboms.changed], [2, 2])
    const raw = JSON.parse(readSbomFixture(JUICE_SHOP).toString('utf8'))
    const juiceSbom = (await t.sbom(juice.uid)).json as Json
    assert.deepEqual(addedBy(juiceSbom), expectedMatches(raw, NPM_RECORDS))
    const after = (await t.get(`${REPORTS}${juice.uid}/`)).json()
    assert.equal(after.scan_uploaded_at, before.scan_uploaded_at)
    assert.match(after.analysis, /and added \d+ vulnerabilities\.$/)
    assert.notEqual(after.analysis, before.analysis)
    const trivySbom = (await t.sbom(trivy.uid, t.other)).json as Json
    assert.ok(addedBy(trivySbom).size > 0, 'the other tenant\'s SBOM is analysed too, in its own rows')
    assert.equal(first.sboms.vulnerabilities, addedBy(juiceSbom).size + addedBy(trivySbom).size)

    // The same feed again: nothing changes, nothing is rewritten.
    const second = await importOsvAndMatch(t.app.db, NPM_FEED)
    assert.equal(second.sboms.changed, 0)
    assert.deepEqual((await t.sbom(juice.uid)).json, juiceSbom)

    // minimist's advisory withdrawn (a newer copy of the real record): it leaves the Juice Shop SBOM,
    // and only SBOMs with a minimist component were read again.
    const withdrawn = { ...record('GHSA-xvch-5gv4-984h'), withdrawn: '2026-01-01T00:00:00Z', modified: '2026-01-01T00:00:00Z' }
    const folder = tempDir('console-withdrawn-')
    fs.writeFileSync(path.join(folder, 'GHSA-xvch-5gv4-984h.json'), JSON.stringify(withdrawn))
    const third = await importOsvAndMatch(t.app.db, folder)
    assert.equal(third.imported.withdrawn, 1)
    assert.deepEqual([third.sboms.sboms, third.sboms.changed], [1, 1])
    const without = (await t.sbom(juice.uid)).json as Json
    assert.ok(!without.vulnerabilities.some((v: Json) => v.id === 'CVE-2021-44906'))
    assert.equal(addedBy(without).size, addedBy(juiceSbom).size - 1)
    // A new upload does not match it either.
    const fresh = await t.create('Juice Shop after the withdrawal')
    await t.upload(fresh.token, [{ field: 'sbom', content: readSbomFixture(JUICE_SHOP) }])
    assert.ok(!((await t.sbom(fresh.uid)).json as Json).vulnerabilities.some((v: Json) => v.id === 'CVE-2021-44906'))
  })
})

describe('the demo seed', () => {
  let t: InsightsApp
  before(async () => { t = await buildInsightsApp({ insights: true }) })
  after(async () => { await t.close() })

  it('the Juice Shop report shows what its components really have per the npm records shipped in api/osv-sample', async () => {
    const list = (await t.get(REPORTS)).json()
    const juice = list.results.find((r: Json) => /Juice Shop/.test(r.name))
    const sbom = (await t.sbom(juice.uid)).json as Json
    const raw = JSON.parse(readSbomFixture(JUICE_SHOP).toString('utf8'))
    const expected = expectedMatches(raw, recordsIn(path.join(SAMPLE_FEED, 'npm')))
    assert.ok(expected.size > 0)
    assert.deepEqual(addedBy(sbom), expected)
  })
})
