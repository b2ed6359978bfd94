import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import semver from 'semver'
import { createTenant, createUser } from '../../../../../../src/lib/accounts.js'
import { ladderOf } from '../../../../../../src/lib/detect/seed-data/demo-feed.js'
import { FAMILIES } from '../../../../../../src/lib/seed-data/platforms.js'
import { normaliseSbom } from '../../../../../../src/lib/insights/cyclonedx.js'
import { importOsv } from '../../../../../../src/lib/vulns/import.js'
import { importOsvAndMatch } from '../../../../../../src/lib/feeds/osv-import.js'
import { tempDir, type Json, type Session } from '../../../../../helpers.js'
import { needsSharedData, sharedData, TEST_OSV } from '../../../../../shared-data.js'
import { osvRecordsIn, type FixtureRecord } from '../../../../../lib/vulns/osv-files.js'
import { buildInsightsApp, readSharedSbom, readTestSbom, REPORTS, sharedSboms, type InsightsApp } from '../insights-fixtures.js'

// SBOM vulnerability analysis against the console's OSV feed, through the upload route, on the
// real database engine. Expected matches are derived here, independently of the console's
// matcher: the records' SEMVER ranges turned into `semver` range expressions; for our own
// records and SBOMs (fixtures/) they are also written out by hand.

type OsvRecord = FixtureRecord
const SHOP = 'shop-npm.cdx-1.7.json'
const OWN_NPM = path.join(TEST_OSV, 'npm')

/** An OSV range as a node-semver range: [introduced, fixed) or [introduced, last_affected] intervals. */
function semverRange(events: Array<Record<string, string>>): string {
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
  (entry.ranges ?? []).some(
    (range) => range.type !== 'GIT' && semver.satisfies(version, semverRange(range.events), { includePrerelease: true })
  )

/** The id the console gives a record's vulnerability: its CVE aliases, else its own id. */
const vulnerabilityIds = (record: FixtureRecord): string[] => {
  const cves = [...(record.aliases ?? []), ...(record.upstream ?? [])].filter((alias) => /^CVE-\d{4}-\d+$/.test(alias))
  return cves.length > 0 ? [...new Set(cves)] : [record.id]
}

/** Every component, nested ones included. */
function componentsOf(raw: Json): Json[] {
  const out: Json[] = []
  const walk = (list: Json[] | undefined): void => {
    for (const c of list ?? []) {
      out.push(c)
      walk(c.components)
    }
  }
  walk(raw.components)
  return out
}

/** What the feed says about an SBOM's npm components: vulnerability id → affected bom-refs. */
function expectedMatches(raw: Json, records: OsvRecord[]): Map<string, Set<string>> {
  const expected = new Map<string, Set<string>>()
  for (const record of records) {
    if (record.withdrawn !== undefined) continue
    for (const entry of record.affected ?? []) {
      if (entry.package?.ecosystem !== 'npm') continue
      for (const component of componentsOf(raw)) {
        const name = component.group ? `${component.group}/${component.name}` : component.name
        if (
          !String(component.purl ?? '').startsWith('pkg:npm/') ||
          component['bom-ref'] === undefined ||
          name !== entry.package.name
        )
          continue
        if (!isNpmAffected(component.version, entry)) continue
        for (const id of vulnerabilityIds(record)) expected.set(id, (expected.get(id) ?? new Set()).add(component['bom-ref']))
      }
    }
  }
  return expected
}

const hasProperty = (v: Json, name: string, value?: string): boolean =>
  (v.properties ?? []).some((p: Json) => p.name === name && (value === undefined || p.value === value))
const isConsoleAdded = (v: Json): boolean => hasProperty(v, 'console:source', 'osv-feed')
const addedBy = (sbom: Json): Map<string, Set<string>> =>
  new Map(sbom.vulnerabilities.filter(isConsoleAdded).map((v: Json) => [v.id, new Set(v.affects.map((a: Json) => a.ref))]))
const refOf = (raw: Json, name: string, version: string): string =>
  componentsOf(raw).find((c: Json) => c.name === name && c.version === version)!['bom-ref']
const without = <K, V>(map: Map<K, V>, ...keys: K[]): Map<K, V> => new Map([...map].filter(([key]) => !keys.includes(key)))

const OWN_RECORDS = osvRecordsIn(OWN_NPM).map(({ record }) => record)
const ownRecord = (id: string): OsvRecord => OWN_RECORDS.find((r) => r.id === id)!
const readShop = (): Json => JSON.parse(readTestSbom(SHOP).toString('utf8'))

describe('SBOM analysis against the OSV feed: POST /api/v1/insights/cli/scan (our own records and SBOMs)', () => {
  let t: InsightsApp
  before(async () => {
    t = await buildInsightsApp()
    await importOsv(t.app.db, OWN_NPM)
  })
  after(async () => {
    await t.close()
  })

  const uploadSbom = async (content: Buffer | string, name = 'SBOM', session = t.demo) => {
    const report = await t.create(name, session)
    const response = await t.upload(report.token, [{ field: 'sbom', content }])
    assert.equal(response.statusCode, 200, response.body)
    const { json } = await t.sbom(report.uid, session)
    return {
      report,
      answer: response.json(),
      sbom: json as Json,
      details: (await t.get(`${REPORTS}${report.uid}/`, session)).json()
    }
  }

  it('shop-npm gains exactly the vulnerabilities its npm components have per our records; what it lists stays its own', async () => {
    const raw = readShop()
    const expected = expectedMatches(raw, OWN_RECORDS)
    // By hand, from fixtures/test-osv/npm: lodash 4.17.20 is below 4.17.21 (CVE-2999-1001) but past
    // 4.17.12 (CVE-2999-1002); 4.17.21 is neither. minimist 0.2.3 < 0.2.4; 1.2.8 >= 1.2.6. Each semver
    // sits below the fix of its own line (5.7.2, 6.3.1, 7.5.2). jquery 3.4.1 is in [1.2.0, 3.5.0).
    // @example/cookies 1.0.0 is listed by MAL-2999-1.
    assert.deepEqual(
      expected,
      new Map([
        ['CVE-2999-1001', new Set(['pkg:npm/lodash@4.17.20'])],
        ['CVE-2999-1003', new Set(['pkg:npm/minimist@0.2.3'])],
        ['CVE-2999-1004', new Set(['pkg:npm/semver@5.7.1', 'pkg:npm/semver@6.3.0', 'pkg:npm/semver@7.3.8'])],
        ['CVE-2999-1005', new Set(['pkg:npm/jquery@3.4.1'])],
        ['MAL-2999-1', new Set(['pkg:npm/%40example/cookies@1.0.0'])]
      ])
    )
    const { answer, sbom, details } = await uploadSbom(readTestSbom(SHOP), 'Shop')

    // The file lists CVE-2999-1005 for jquery 3.4.1 itself: kept as written, not added twice; the
    // feed's fix (3.5.0) is a mark of the console's beside it.
    assert.deepEqual(addedBy(sbom), without(expected, 'CVE-2999-1005'))
    assert.deepEqual(
      sbom.vulnerabilities.filter((v: Json) => !isConsoleAdded(v)),
      normaliseSbom(raw).vulnerabilities.map((v: Json) =>
        v.id === 'CVE-2999-1005' ? { ...v, properties: [...v.properties, { name: 'console:fixed-version', value: '3.5.0' }] } : v
      )
    )
    assert.equal(sbom.vulnerabilities.length, 5)
    assert.equal(answer.sbom.vulnerabilities, 5)
    // Components are stored as uploaded; only vulnerabilities were added.
    assert.deepEqual(sbom.components, normaliseSbom(raw).components)
    assert.match(details.analysis, /Software bill of materials: 13 components, 5 vulnerabilities; by highest severity: /)
    // 12 components have a bom-ref and an npm purl; package-lock.json has no purl.
    assert.match(details.analysis, /The console checked 12 components against its OSV feed and added 4 vulnerabilities\.$/)

    const minimist = ownRecord('GHSA-test-0003-0003')
    const v = sbom.vulnerabilities.find((item: Json) => item.id === 'CVE-2999-1003')
    assert.deepEqual(v, {
      id: 'CVE-2999-1003',
      'bom-ref': null,
      source: { name: 'OSV', url: 'https://osv.dev/vulnerability/GHSA-test-0003-0003' },
      // CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H is 9.8, critical in the v3 bands.
      ratings: [
        {
          severity: 'critical',
          method: 'CVSSv31',
          score: 9.8,
          vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
          source: { name: 'OSV', url: 'https://osv.dev/vulnerability/GHSA-test-0003-0003' }
        }
      ],
      affects: [{ ref: 'pkg:npm/minimist@0.2.3' }],
      description: 'Test advisory for minimist',
      detail: minimist.details,
      recommendation: 'Upgrade minimist to 0.2.4.',
      advisories: [
        { title: null, url: 'https://example.com/advisories/GHSA-test-0003-0003' },
        { title: null, url: 'https://www.npmjs.com/package/minimist' }
      ],
      published: '2026-02-01T00:00:00.000Z',
      updated: '2026-02-02T00:00:00.000Z',
      cwes: [1321],
      // The feed says what is vulnerable, never whether this product is affected: no VEX analysis.
      analysis: null,
      properties: [
        { name: 'console:source', value: 'osv-feed' },
        // The fix the record names for the matched version: the page's Fixed Version column.
        { name: 'console:fixed-version', value: '0.2.4' }
      ]
    })
    assert.equal(
      sbom.vulnerabilities.find((item: Json) => item.id === 'CVE-2999-1001').recommendation,
      'Upgrade lodash to 4.17.21.'
    )
    // The three semver lines need different fixes of one advisory: each is named.
    assert.equal(
      sbom.vulnerabilities.find((item: Json) => item.id === 'CVE-2999-1004').recommendation,
      'Upgrade semver 5.7.1 to 5.7.2. Upgrade semver 6.3.0 to 6.3.1. Upgrade semver 7.3.8 to 7.5.2.'
    )
    // A malicious-package report: its own id, no CVSS vector, so no rating is invented; no fix either.
    const malware = sbom.vulnerabilities.find((item: Json) => item.id === 'MAL-2999-1')
    assert.deepEqual(
      [malware.ratings, malware.recommendation, malware.source.url],
      [[], null, 'https://osv.dev/vulnerability/MAL-2999-1']
    )
    assert.ok(
      !sbom.vulnerabilities.some((item: Json) => hasProperty(item, 'console:demo')),
      'a real upload is never matched against the demo catalogue'
    )
  })

  it('leaves alone components without a purl, of a type the feed cannot order, or without a bom-ref', async () => {
    // lodash 2.4.2 is below both lodash fixes, but none of these can be checked against them;
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
    assert.match(
      details.analysis,
      /no vulnerabilities listed\. The console checked 1 component against its OSV feed and found nothing to add\.$/
    )
  })

  it('an SBOM that already lists a vulnerability keeps its own data and gains only the affects it missed', async () => {
    const own = {
      id: 'CVE-2999-1003',
      'bom-ref': 'own-1',
      source: { name: 'NVD', url: 'https://example.com/nvd/CVE-2999-1003' },
      ratings: [
        {
          source: { name: 'NVD' },
          score: 9.8,
          severity: 'critical',
          method: 'CVSSv31',
          vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'
        }
      ],
      description: 'Our own words about minimist.',
      recommendation: 'Our own advice.',
      advisories: [{ title: 'NVD', url: 'https://example.com/nvd/CVE-2999-1003' }],
      published: '2026-03-17T00:00:00Z',
      properties: [{ name: 'scanner:triage', value: 'confirmed' }],
      affects: [{ ref: 'minimist-0.2.3' }]
    }
    // The lodash advisory listed under its GHSA id: the console's CVE-2999-1001 is the same one.
    const ghsa = { id: 'GHSA-test-0001-0001', affects: [{ ref: 'lodash-4.17.20' }] }
    const raw = {
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      components: [
        { type: 'library', 'bom-ref': 'minimist-0.2.3', name: 'minimist', version: '0.2.3', purl: 'pkg:npm/minimist@0.2.3' },
        { type: 'library', 'bom-ref': 'minimist-1.2.5', name: 'minimist', version: '1.2.5', purl: 'pkg:npm/minimist@1.2.5' },
        { type: 'library', 'bom-ref': 'lodash-4.17.20', name: 'lodash', version: '4.17.20', purl: 'pkg:npm/lodash@4.17.20' },
        { type: 'library', 'bom-ref': 'semver-7.3.8', name: 'semver', version: '7.3.8', purl: 'pkg:npm/semver@7.3.8' }
      ],
      vulnerabilities: [own, ghsa]
    }
    // By hand: minimist 0.2.3 and 1.2.5 (in [0, 0.2.4) and [1.0.0, 1.2.6)); lodash 4.17.20 (< 4.17.21);
    // semver 7.3.8 (< 7.5.2).
    assert.deepEqual(
      expectedMatches(raw, OWN_RECORDS),
      new Map([
        ['CVE-2999-1003', new Set(['minimist-0.2.3', 'minimist-1.2.5'])],
        ['CVE-2999-1001', new Set(['lodash-4.17.20'])],
        ['CVE-2999-1004', new Set(['semver-7.3.8'])]
      ])
    )

    const { sbom, details } = await uploadSbom(JSON.stringify(raw), 'Lists its own')
    const [first, second, ...added] = sbom.vulnerabilities
    const normalised = normaliseSbom(raw).vulnerabilities
    assert.deepEqual(first, {
      ...normalised[0],
      affects: [{ ref: 'minimist-0.2.3' }, { ref: 'minimist-1.2.5' }],
      properties: [
        { name: 'scanner:triage', value: 'confirmed' },
        { name: 'console:added-affect', value: 'minimist-1.2.5' },
        { name: 'console:fixed-version', value: '0.2.4' },
        { name: 'console:fixed-version', value: '1.2.6' }
      ]
    })
    // Already names the only affected component: unchanged but for the feed's fix, marked as the console's.
    assert.deepEqual(second, { ...normalised[1], properties: [{ name: 'console:fixed-version', value: '4.17.21' }] })
    // Everything else the feed knows is added once; neither listed vulnerability is duplicated.
    assert.deepEqual(
      added.map((v: Json) => [v.id, v.affects, isConsoleAdded(v)]),
      [['CVE-2999-1004', [{ ref: 'semver-7.3.8' }], true]]
    )
    assert.match(details.analysis, /added 1 vulnerability and added 1 affected component to vulnerabilities the SBOM listed\.$/)

    // The same upload again: the same document (the analysis replaces itself, it does not pile up).
    const again = await uploadSbom(JSON.stringify(raw), 'Lists its own, again')
    assert.deepEqual(again.sbom, sbom)
  })

  it("tenants stay apart: each tenant's SBOM is analysed and served on its own", async () => {
    const mine = await uploadSbom(readTestSbom(SHOP), 'Demo shop')
    const theirs = await uploadSbom(JSON.stringify(OTHER_TENANT_SBOM), 'Other tenant tool', t.other)
    assert.ok(addedBy(mine.sbom).size > 0)
    assert.deepEqual(addedBy(theirs.sbom), new Map([['CVE-2999-1001', new Set(['theirs-lodash'])]]))
    const theirRefs = new Set(theirs.sbom.components.map((c: Json) => c['bom-ref']))
    assert.ok(theirs.sbom.vulnerabilities.every((v: Json) => v.affects.every((a: Json) => theirRefs.has(a.ref))))
    assert.equal((await t.sbom(mine.report.uid, t.other)).response.statusCode, 404)
    assert.equal((await t.sbom(theirs.report.uid, t.demo)).response.statusCode, 404)
  })
})

/** The other tenant's small SBOM: lodash 4.17.20 (CVE-2999-1001 only, by hand) and no minimist. */
const OTHER_TENANT_SBOM = {
  bomFormat: 'CycloneDX',
  specVersion: '1.6',
  components: [
    { type: 'library', 'bom-ref': 'theirs-lodash', name: 'lodash', version: '4.17.20', purl: 'pkg:npm/lodash@4.17.20' },
    { type: 'library', 'bom-ref': 'theirs-react', name: 'react', version: '18.2.0', purl: 'pkg:npm/react@18.2.0' }
  ]
}

describe('SBOM re-analysis after import-osv', () => {
  let t: InsightsApp
  before(async () => {
    t = await buildInsightsApp()
  })
  after(async () => {
    await t.close()
  })

  it('an import analyses the stored SBOMs it touches again; uploads keep their time; a withdrawn record stops matching', async () => {
    // Uploaded while the feed has no npm records: nothing found.
    const shop = await t.create('Shop before the feed')
    await t.upload(shop.token, [{ field: 'sbom', content: readTestSbom(SHOP) }])
    const theirs = await t.create('Tool of the other tenant', t.other)
    await t.upload(theirs.token, [{ field: 'sbom', content: JSON.stringify(OTHER_TENANT_SBOM) }])
    const before = (await t.get(`${REPORTS}${shop.uid}/`)).json()
    assert.equal(addedBy((await t.sbom(shop.uid)).json as Json).size, 0)

    const first = await importOsvAndMatch(t.app.db, OWN_NPM)
    assert.deepEqual([first.sboms.sboms, first.sboms.changed], [2, 2])
    const shopSbom = (await t.sbom(shop.uid)).json as Json
    assert.deepEqual(addedBy(shopSbom), without(expectedMatches(readShop(), OWN_RECORDS), 'CVE-2999-1005'))
    const after = (await t.get(`${REPORTS}${shop.uid}/`)).json()
    assert.equal(after.scan_uploaded_at, before.scan_uploaded_at)
    assert.match(after.analysis, /and added 4 vulnerabilities\.$/)
    assert.notEqual(after.analysis, before.analysis)
    const theirSbom = (await t.sbom(theirs.uid, t.other)).json as Json
    assert.equal(addedBy(theirSbom).size, 1, "the other tenant's SBOM is analysed too, in its own rows")
    assert.equal(first.sboms.vulnerabilities, addedBy(shopSbom).size + addedBy(theirSbom).size)

    // The same feed again: nothing changes, nothing is rewritten.
    const second = await importOsvAndMatch(t.app.db, OWN_NPM)
    assert.equal(second.sboms.changed, 0)
    assert.deepEqual((await t.sbom(shop.uid)).json, shopSbom)

    // minimist's advisory withdrawn (a newer copy of the record): it leaves the shop SBOM, and only
    // SBOMs with a minimist component were read again.
    const withdrawn = { ...ownRecord('GHSA-test-0003-0003'), withdrawn: '2026-06-01T00:00:00Z', modified: '2026-06-01T00:00:00Z' }
    const folder = tempDir('console-withdrawn-')
    fs.writeFileSync(path.join(folder, 'GHSA-test-0003-0003.json'), JSON.stringify(withdrawn))
    const third = await importOsvAndMatch(t.app.db, folder)
    assert.equal(third.imported.withdrawn, 1)
    assert.deepEqual([third.sboms.sboms, third.sboms.changed], [1, 1])
    const gone = (await t.sbom(shop.uid)).json as Json
    assert.ok(!gone.vulnerabilities.some((v: Json) => v.id === 'CVE-2999-1003'))
    assert.equal(addedBy(gone).size, addedBy(shopSbom).size - 1)
    // A new upload does not match it either.
    const fresh = await t.create('Shop after the withdrawal')
    await t.upload(fresh.token, [{ field: 'sbom', content: readTestSbom(SHOP) }])
    assert.ok(!((await t.sbom(fresh.uid)).json as Json).vulnerabilities.some((v: Json) => v.id === 'CVE-2999-1003'))
  })
})

describe(
  'real SBOMs (../shared/data/sbom) uploaded into a new tenant after importing the real npm records (../shared/data/osv/npm)',
  {
    skip: needsSharedData('sbom') || needsSharedData('osv', 'npm')
  },
  () => {
    let t: InsightsApp
    let session: Session
    let records: OsvRecord[]
    before(async () => {
      t = await buildInsightsApp()
      records = osvRecordsIn(sharedData('osv', 'npm')).map(({ record }) => record)
      await importOsv(t.app.db, sharedData('osv', 'npm'))
      // A tenant of its own, as an operator makes one (not a demo tenant).
      const tenant = await createTenant(t.app.db, 'Real uploads')
      await createUser(t.app.db, { tenantUid: tenant.uid, email: 'real@example.com', password: 'real-password' })
      session = await t.login('real@example.com', 'real-password')
    })
    after(async () => {
      await t.close()
    })

    const upload = async (file: string): Promise<{ raw: Json; sbom: Json }> => {
      const report = await t.create(file, session)
      const response = await t.upload(report.token, [{ field: 'sbom', content: readSharedSbom(file) }])
      assert.equal(response.statusCode, 200, `${file}: ${response.body}`)
      return { raw: JSON.parse(readSharedSbom(file).toString('utf8')), sbom: (await t.sbom(report.uid, session)).json as Json }
    }

    /** The ids a vulnerability of the file may go by for a record (its CVE ids, its own id, its aliases). */
    const namesOf = (id: string): Set<string> =>
      new Set(
        records
          .filter((r) => vulnerabilityIds(r).includes(id))
          .flatMap((r) => [r.id, ...(r.aliases ?? []), ...vulnerabilityIds(r)])
      )

    it('each file: nothing the file itself and the imported records do not justify, nothing labelled demo, nothing justified left out', async () => {
      const files = sharedSboms()
      assert.ok(files.length >= 4, files.join())
      for (const file of files) {
        const { raw, sbom } = await upload(file)
        const expected = expectedMatches(raw, records)
        const listed = normaliseSbom(raw).vulnerabilities
        // What the file listed is still there, as the file wrote it (the console may only add affects).
        assert.equal(sbom.vulnerabilities.filter((v: Json) => !isConsoleAdded(v)).length, listed.length, file)
        for (const v of sbom.vulnerabilities as Json[]) {
          assert.ok(!hasProperty(v, 'console:demo'), `${file}: ${v.id} labelled demo`)
          const added = isConsoleAdded(v)
            ? v.affects.map((a: Json) => a.ref)
            : (v.properties ?? []).filter((p: Json) => p.name === 'console:added-affect').map((p: Json) => p.value)
          if (added.length === 0) continue
          // Justified: the records name this vulnerability for each of these components.
          const justified = [...expected].filter(([id]) => id === v.id || namesOf(id).has(v.id)).flatMap(([, refs]) => [...refs])
          for (const ref of added)
            assert.ok(justified.includes(ref), `${file}: ${v.id} on ${ref} is not justified by the records`)
        }
        // And complete: every (vulnerability, component) the records justify is shown.
        for (const [id, refs] of expected) {
          const shown = (sbom.vulnerabilities as Json[])
            .filter((v) => v.id === id || namesOf(id).has(v.id))
            .flatMap((v) => v.affects.map((a: Json) => a.ref))
          for (const ref of refs) assert.ok(shown.includes(ref), `${file}: ${id} on ${ref} missing`)
        }
      }
    })

    it('juice-shop: minimist, lodash and semver as the records say, derived by hand', async () => {
      const { raw, sbom } = await upload('juice-shop-11.1.2.cdx-1.4.json')
      assert.equal(raw.vulnerabilities, undefined, 'the real file lists no vulnerabilities')
      assert.deepEqual(addedBy(sbom), expectedMatches(raw, records))
      // minimist 0.2.3 (< 0.2.4) is affected by GHSA-xvch-5gv4-984h; minimist 1.2.8 (>= 1.2.6) is not.
      const v = sbom.vulnerabilities.find((item: Json) => item.id === 'CVE-2021-44906')
      assert.deepEqual(v.affects, [{ ref: refOf(raw, 'minimist', '0.2.3') }])
      assert.equal(v.source.url, 'https://osv.dev/vulnerability/GHSA-xvch-5gv4-984h')
      // CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H is 9.8 (NVD), critical in the v3 bands.
      assert.deepEqual(
        v.ratings.map((r: Json) => [r.severity, r.score]),
        [['critical', 9.8]]
      )
      assert.equal(v.recommendation, 'Upgrade minimist to 0.2.4.')
      assert.ok(
        !sbom.vulnerabilities.some((item: Json) => item.affects.some((a: Json) => a.ref === refOf(raw, 'minimist', '1.2.8')))
      )
      // lodash 2.4.2 has four advisories here; lodash 4.17.21 (their fixes) none.
      const lodashOld = refOf(raw, 'lodash', '2.4.2')
      const lodashIds = sbom.vulnerabilities
        .filter((item: Json) => item.affects.some((a: Json) => a.ref === lodashOld))
        .map((item: Json) => item.id)
        .sort()
      assert.ok(lodashIds.includes('CVE-2021-23337') && lodashIds.length === 4, lodashIds.join())
      assert.ok(
        !sbom.vulnerabilities.some((item: Json) => item.affects.some((a: Json) => a.ref === refOf(raw, 'lodash', '4.17.21')))
      )
      // semver 5.7.1, 6.3.0 and 7.3.8 need different fixes of one advisory: each is named.
      assert.equal(
        sbom.vulnerabilities.find((item: Json) => item.id === 'CVE-2022-25883').recommendation,
        'Upgrade semver 6.3.0 to 6.3.1. Upgrade semver 5.7.1 to 5.7.2. Upgrade semver 7.3.8 to 7.5.2.'
      )
    })
  }
)

/**
 * What the demo catalogue says about a demo system SBOM (console-scan's output on a fixture tree
 * of a demo platform): every package of that tree is at the version its release shipped — the
 * bottom of its source's patch ladder — so every CVE of that ladder applies, and nothing else.
 */
function demoCatalogueMatches(sbom: Json, familyKey: string): Map<string, Set<string>> {
  const family = FAMILIES.find((f) => f.key === familyKey)!
  const expected = new Map<string, Set<string>>()
  for (const component of sbom.components as Json[]) {
    const source = new URL(`x:/${component.purl.replace(/^pkg:/, '')}`).searchParams.get('upstream') ?? component.name
    const ladder = ladderOf(family, source)
    if (ladder === undefined) continue
    assert.equal(component.version, ladder.versions[0], `${component.name} is at the shipped version`)
    for (const cve of ladder.cves) expected.set(cve.id, (expected.get(cve.id) ?? new Set()).add(component['bom-ref']))
  }
  return expected
}

describe('the demo seed', () => {
  let t: InsightsApp
  before(async () => {
    t = await buildInsightsApp({ insights: true })
  })
  after(async () => {
    await t.close()
  })

  const reportSbom = async (match: RegExp, session = t.demo): Promise<Json> => {
    const report = (await t.get(REPORTS, session)).json().results.find((r: Json) => match.test(r.name))
    assert.ok(report, String(match))
    return (await t.sbom(report.uid, session)).json as Json
  }
  const assertAllDemo = (sbom: Json): void => {
    for (const v of sbom.vulnerabilities as Json[]) {
      assert.ok(hasProperty(v, 'console:demo', 'true'), `${v.id} is labelled demo`)
      assert.equal(v.source.url, null, `${v.id} links to no real advisory`)
    }
  }

  it("the demo system report (Debian 12) shows the demo catalogue's findings for its packages, each labelled demo, and nothing else", async () => {
    const sbom = await reportSbom(/^Storefront web server/)
    const expected = demoCatalogueMatches(sbom, 'debian12')
    assert.ok(expected.size >= 20, `${expected.size} demo CVEs`)
    assert.deepEqual(addedBy(sbom), expected)
    assert.equal(sbom.vulnerabilities.length, expected.size, 'console-scan lists no vulnerabilities itself')
    assertAllDemo(sbom)
  })

  it("the isolation tenant's gateway (Alpine 3.18) likewise, in its own tenant", async () => {
    const sbom = await reportSbom(/^Isolation tenant edge gateway/, t.other)
    const expected = demoCatalogueMatches(sbom, 'alpine318')
    assert.ok(expected.size >= 10, `${expected.size} demo CVEs`)
    assert.deepEqual(addedBy(sbom), expected)
    assertAllDemo(sbom)
  })

  it("the console's own npm tree: the demo catalogue has no npm records and no real one is loaded, so nothing is added", async () => {
    const sbom = await reportSbom(/^Security console/)
    assert.ok(sbom.components.length > 100)
    assert.deepEqual(sbom.vulnerabilities, [])
  })

  it(
    "after importing the real npm records, the console's own tree shows exactly what they justify, as real findings",
    { skip: needsSharedData('osv', 'npm') },
    async () => {
      await importOsvAndMatch(t.app.db, sharedData('osv', 'npm'))
      const sbom = await reportSbom(/^Security console/)
      const records = osvRecordsIn(sharedData('osv', 'npm')).map(({ record }) => record)
      assert.deepEqual(addedBy(sbom), expectedMatches(sbom, records))
      assert.ok(!sbom.vulnerabilities.some((v: Json) => hasProperty(v, 'console:demo')), 'a real record makes a real finding')
    }
  )
})
