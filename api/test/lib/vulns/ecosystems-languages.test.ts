import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../../src/lib/sql-rows.js'
import { affectedBy, affectingRange } from '../../../src/lib/vulns/affected.js'
import { ecosystemComparator, feedPackageName } from '../../../src/lib/vulns/ecosystems.js'
import { feedHits } from '../../../src/lib/vulns/feed-match.js'
import { importOsv } from '../../../src/lib/vulns/import.js'
import { parseOsvRecord } from '../../../src/lib/vulns/osv-record.js'
import {
  compareComposer,
  compareGo,
  compareMaven,
  compareNuget,
  comparePep440,
  compareRubyGems,
  compareSemver
} from '../../../src/lib/vulns/versions/index.js'
import { needsSharedData, sharedData } from '../../shared-data.js'
import { openVulnsDb, type VulnsDb } from './vulns-helpers.js'

const events = (...list: Array<[string, string]>): Array<Record<string, string>> =>
  list.map(([kind, value]) => ({ [kind]: value }))

describe('language ecosystems: orderings and names', () => {
  it('each OSV ecosystem name gets its ordering', () => {
    const cases: Array<[string, unknown]> = [
      ['PyPI', comparePep440],
      ['Maven', compareMaven],
      ['Go', compareGo],
      ['RubyGems', compareRubyGems],
      ['NuGet', compareNuget],
      ['Packagist', compareComposer],
      ['crates.io', compareSemver],
      ['npm', compareSemver],
      ['Maven:https://maven.google.com/', compareMaven],
      ['Hex', undefined],
      ['Pub', undefined]
    ]
    for (const [ecosystem, compare] of cases) assert.equal(ecosystemComparator(ecosystem), compare, ecosystem)
  })

  it('names: PEP 503 for PyPI, case folded for NuGet and Packagist, as written elsewhere', () => {
    const cases: Array<[string, string, string]> = [
      ['PyPI', 'Django', 'django'],
      ['PyPI', 'zope.interface', 'zope-interface'],
      ['PyPI', 'Typing__Extensions', 'typing-extensions'],
      ['PyPI', 'jaraco.text--._x', 'jaraco-text-x'],
      ['NuGet', 'Newtonsoft.Json', 'newtonsoft.json'],
      ['Packagist', 'Maximebf/DebugBar', 'maximebf/debugbar'],
      ['Maven', 'org.Example:Lib', 'org.Example:Lib'],
      ['Go', 'github.com/Azure/azure-sdk-for-go', 'github.com/Azure/azure-sdk-for-go'],
      ['RubyGems', 'RedCloth', 'RedCloth'],
      ['npm', 'JSONStream', 'JSONStream'],
      ['crates.io', 'Inflector', 'Inflector'],
      ['Debian:12', 'openssl', 'openssl']
    ]
    for (const [ecosystem, name, want] of cases) assert.equal(feedPackageName(ecosystem, name), want, `${ecosystem} ${name}`)
  })

  it('a record stores the folded name, so a record\'s "jQuery" and another\'s "jquery" are one package', () => {
    const record = parseOsvRecord({
      id: 'GHSA-test',
      affected: [
        { package: { ecosystem: 'NuGet', name: 'jQuery' }, versions: ['1.0.0'] },
        { package: { ecosystem: 'PyPI', name: 'Django' }, versions: ['4.2'] },
        { package: { ecosystem: 'Maven', name: 'org.Example:Lib' }, versions: ['1.0'] }
      ]
    })
    assert.deepEqual(
      record.affected.map((entry) => entry.packageName),
      ['jquery', 'django', 'org.Example:Lib']
    )
  })

  it('Go: ECOSYSTEM and SEMVER ranges without "v" match go.mod versions with it, pseudo-versions included', () => {
    // GHSA-4374-p667-p6c8 (golang.org/x/net): ECOSYSTEM [0, 0.17.0).
    const net = {
      ecosystem: 'Go',
      ranges: [{ type: 'ECOSYSTEM', events: events(['introduced', '0'], ['fixed', '0.17.0']) }],
      versions: []
    }
    assert.deepEqual(affectedBy('v0.16.0', net), { fixed: '0.17.0' })
    assert.deepEqual(affectedBy('v0.0.0-20230905200255-921286631fa9', net), { fixed: '0.17.0' })
    assert.equal(affectedBy('v0.17.0', net), null)
    assert.equal(affectedBy('v0.17.1-0.20231011215812-ce35b4f7a0a3', net), null)
    // Go vulndb records (GO-...) use SEMVER ranges, also without the "v".
    const semverNet = { ...net, ranges: [{ type: 'SEMVER', events: events(['introduced', '0'], ['fixed', '0.17.0']) }] }
    assert.deepEqual(affectedBy('v0.16.0', semverNet), { fixed: '0.17.0' })
    assert.equal(affectedBy('v0.17.0', semverNet), null)
    // Docker's calendar versions with a leading zero, and +incompatible builds.
    const docker = {
      ecosystem: 'Go',
      ranges: [{ type: 'ECOSYSTEM', events: events(['introduced', '19.03.0'], ['fixed', '23.0.15']) }],
      versions: []
    }
    assert.deepEqual(affectedBy('v20.10.24+incompatible', docker), { fixed: '23.0.15' })
    assert.equal(affectedBy('v23.0.15+incompatible', docker), null)
    assert.equal(affectedBy('v18.09.1+incompatible', docker), null)
  })

  it('a listed version matches however the ecosystem spells it; an unreadable one only as written', () => {
    const go = { ecosystem: 'Go', ranges: [], versions: ['0.17.0'] }
    assert.deepEqual(affectedBy('v0.17.0', go), { fixed: null })
    const pypi = { ecosystem: 'PyPI', ranges: [], versions: ['2.0', 'legacy-1'] }
    assert.deepEqual(affectedBy('2.0.0', pypi), { fixed: null })
    assert.deepEqual(affectedBy('legacy-1', pypi), { fixed: null })
    assert.equal(affectedBy('2.0.1', pypi), null)
  })

  it('a range the ordering cannot read is skipped, never guessed', () => {
    const range = events(['introduced', '0'], ['fixed', '2.0'])
    assert.throws(() => affectingRange('dev-main', range, compareComposer))
    assert.equal(
      affectedBy('dev-main', { ecosystem: 'Packagist', ranges: [{ type: 'ECOSYSTEM', events: range }], versions: [] }),
      null
    )
    assert.equal(affectedBy('latest', { ecosystem: 'PyPI', ranges: [{ type: 'ECOSYSTEM', events: range }], versions: [] }), null)
  })
})

describe(
  'language ecosystems: names folded on both sides of the feed (real records, ../shared/data/osv)',
  { skip: needsSharedData('osv', 'npm') },
  () => {
    let t: VulnsDb
    before(async () => {
      t = await openVulnsDb()
      // The santatracker file's extra entries name one NuGet package "jQuery" in five records and "jquery" in one.
      await importOsv(t.db, sharedData('osv', 'npm', 'osv-scanner-santatracker-vulns.json'))
    })
    after(async () => {
      await t.cleanup()
    })

    it('stores one spelling and finds it from any', async () => {
      const stored = rowsOf<{ package_name: string }>(
        await t.db.execute(sql`
      SELECT DISTINCT package_name FROM vulnerability_affected WHERE ecosystem IN ('NuGet', 'PyPI') ORDER BY 1`)
      ).map((row) => row.package_name)
      assert.deepEqual(stored, ['django', 'jquery'])

      const jquery = { ecosystem: 'NuGet', name: 'JQuery', version: '1.8.3' }
      const django = { ecosystem: 'PyPI', name: 'Django', version: '2.0' }
      const hits = await feedHits(t.db, [jquery, django])
      // NuGet jQuery 1.8.3, by hand from the records' NuGet ranges: GHSA-2pqj [0, 1.9.0), GHSA-6c3j
      // [1.1.4, 3.4.0), GHSA-gxr4 ("jquery") [1.2.0, 3.5.0), GHSA-jpcq [1.0.3, 3.5.0), GHSA-q4m3
      // [1.2.1, 1.9.0), GHSA-rmxg [0, 1.12.2); not GHSA-579v [0, 1.6.3) nor GHSA-mhpp [3.0.0-rc.1, 3.0.0).
      assert.deepEqual(
        hits
          .get(jquery)
          ?.map((hit) => hit.osvId)
          .sort(),
        [
          'GHSA-2pqj-h3vj-pqgw',
          'GHSA-6c3j-c64m-qhgq',
          'GHSA-gxr4-xjj5-5px2',
          'GHSA-jpcq-cgw6-v4j6',
          'GHSA-q4m3-2j7h-f7xw',
          'GHSA-rmxg-73gg-4p98'
        ]
      )
      // PyPI django 2.0: GHSA-6c3j [2.0a1, 2.1.9), fixed by 2.1.9.
      assert.deepEqual(hits.get(django), [{ osvId: 'GHSA-6c3j-c64m-qhgq', fixed: '2.1.9', demo: false }])
    })
  }
)
