import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { osvRecords, osvRecordVulnerabilities, vulnerabilities, vulnerabilityAffected } from '../../../src/db/schema/index.js'
import { rowsOf } from '../../../src/lib/sql-rows.js'
import { FeedPathError } from '../../../src/lib/vulns/feed-reader.js'
import { importOsv } from '../../../src/lib/vulns/import.js'
import { importOsvAndMatch } from '../../../src/lib/feeds/osv-import.js'
import { tempDir } from '../../helpers.js'
import { needsSharedData, sharedData, TEST_OSV } from '../../shared-data.js'
import { osvFiles, osvRecordsIn } from './osv-files.js'
import { addDevice, openVulnsDb, type VulnsDb } from './vulns-helpers.js'
import { writeZip } from './zip-writer.js'

/** One of our own records (fixtures/test-osv). */
const readFixture = (name: string): string => fs.readFileSync(path.join(TEST_OSV, name), 'utf8')

describe('import-osv: OSV feed import', () => {
  let t: VulnsDb
  before(async () => {
    t = await openVulnsDb()
  })
  after(async () => {
    await t.cleanup()
  })

  const counts = async () => {
    const [row] = rowsOf<Record<string, string | number>>(
      await t.db.execute(sql`SELECT
      (SELECT count(*) FROM osv_records) AS records, (SELECT count(*) FROM vulnerabilities) AS cves,
      (SELECT count(*) FROM vulnerability_affected) AS affected, (SELECT count(*) FROM osv_record_vulnerabilities) AS links`)
    )
    return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)]))
  }
  const cve = async (cveId: string) => (await t.db.select().from(vulnerabilities).where(eq(vulnerabilities.cveId, cveId)))[0]

  it('imports every record of our own feed (fixtures/test-osv: single files and the {"vulns": [...]} wrapper), then again without change', async () => {
    const skipped: string[] = []
    const first = await importOsv(t.db, TEST_OSV, { batchSize: 5, onSkip: (source) => skipped.push(source) })
    assert.deepEqual(skipped, [])
    // By hand: 4 debian, 3 ubuntu, 3 alpine and 2 npm files; npm/vulns.json wraps 5 records.
    assert.equal(first.documents, 12)
    assert.equal(first.records, 16)
    const stored = await counts()
    // Affected entries: one per record, but CVE-2999-0004 has three (Debian 12, Debian 13, Alpine
    // v3.21) and GHSA-test-0003-0003 two (npm, PyPI) → 16 + 2 + 1 = 19. CVE rows: one per record,
    // but USN-9906-1 names two (related) → 17; links likewise 17.
    assert.deepEqual(stored, { records: 16, cves: 17, affected: 19, links: 17 })
    assert.equal(first.affected, 19)

    // A Debian advisory attached to its CVE; its id and the Debian CVE id kept as aliases.
    const openssl = await cve('CVE-2999-0001')
    assert.deepEqual(openssl?.aliases, ['DEBIAN-CVE-2999-0001', 'DSA-9901-1'])
    assert.equal(openssl?.summary, 'openssl - security update')
    assert.equal(openssl?.description, '', 'the DSA has no details')
    assert.equal(openssl?.score, null, 'the DSA carries no severity')
    // The two CVEs a USN lists under "related" each keep the USN as an alias and its details.
    const kernel = await cve('CVE-2999-0007')
    assert.deepEqual(kernel?.aliases, ['USN-9906-1'])
    assert.match(kernel?.description ?? '', /Linux kernel/)
    // Scores computed from the vectors; an Ubuntu "low" rating beside a CVSS vector does not win:
    // CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N is 8.2.
    assert.equal((await cve('CVE-2999-0005'))?.score, 8.2)
    assert.equal((await cve('CVE-2999-0005'))?.vector, 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N')
    assert.equal((await cve('CVE-2999-0008'))?.score, null, 'only an Ubuntu "medium" rating: no number invented')
    // Records that name no CVE are their own rows.
    assert.equal((await cve('DSA-9902-1'))?.summary, 'intel-microcode - security update')
    assert.equal((await cve('MAL-2999-1'))?.source, 'osv:MAL-2999-1')

    const second = await importOsv(t.db, TEST_OSV)
    assert.equal(second.records, 16, 'the same records again are written again')
    assert.deepEqual(await counts(), stored, 'and change nothing')
  })

  it('a re-imported record replaces its affected rows and CVE links; an older copy does not overwrite a newer one', async () => {
    const dir = tempDir('console-osv-update-')
    const original = JSON.parse(readFixture('debian/DSA-9901-1.json'))
    const updated = {
      ...original,
      modified: '2027-01-01T00:00:00Z',
      upstream: ['CVE-2999-0001', 'CVE-2999-0002'],
      details: 'Several vulnerabilities were fixed in OpenSSL.',
      affected: [
        {
          ...original.affected[0],
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '3.0.11-1~deb12u4' }] }],
          versions: []
        }
      ]
    }
    fs.writeFileSync(path.join(dir, 'DSA-9901-1.json'), JSON.stringify(updated))
    const result = await importOsv(t.db, dir)
    assert.equal(result.records, 1)
    const affected = await t.db.select().from(vulnerabilityAffected).where(eq(vulnerabilityAffected.osvId, 'DSA-9901-1'))
    assert.deepEqual(
      affected.map((row) => row.ranges),
      [[{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '3.0.11-1~deb12u4' }] }]]
    )
    const links = await t.db
      .select({ cveId: vulnerabilities.cveId })
      .from(osvRecordVulnerabilities)
      .innerJoin(vulnerabilities, eq(vulnerabilities.uid, osvRecordVulnerabilities.vulnerabilityUid))
      .where(eq(osvRecordVulnerabilities.osvId, 'DSA-9901-1'))
      .orderBy(vulnerabilities.cveId)
    assert.deepEqual(
      links.map((link) => link.cveId),
      ['CVE-2999-0001', 'CVE-2999-0002']
    )
    assert.equal((await cve('CVE-2999-0002'))?.description, 'Several vulnerabilities were fixed in OpenSSL.')

    // The fixture's copy (modified 2026) is older than the stored one (2027): kept the stored one.
    const stale = await importOsv(t.db, path.join(TEST_OSV, 'debian', 'DSA-9901-1.json'))
    assert.equal(stale.records, 0)
    assert.equal(stale.stale, 1)
    const [record] = await t.db.select().from(osvRecords).where(eq(osvRecords.id, 'DSA-9901-1'))
    assert.equal(record?.details, 'Several vulnerabilities were fixed in OpenSSL.')
  })

  it('bad files are reported by path and skipped; the good ones around them are kept', async () => {
    const dir = tempDir('console-osv-bad-')
    fs.mkdirSync(path.join(dir, 'nested'))
    fs.writeFileSync(path.join(dir, 'a-good.json'), readFixture('alpine/ALPINE-CVE-2999-0010.json'))
    fs.writeFileSync(path.join(dir, 'b-truncated.json'), readFixture('alpine/ALPINE-CVE-2999-0009.json').slice(0, 200))
    fs.writeFileSync(path.join(dir, 'c-not-osv.json'), JSON.stringify({ name: 'lodash', version: '4.17.21' }))
    fs.writeFileSync(
      path.join(dir, 'nested', 'd-mixed.json'),
      JSON.stringify({ vulns: [JSON.parse(readFixture('npm/GHSA-test-0005-0005.json')), { summary: 'no id' }] })
    )
    fs.writeFileSync(path.join(dir, 'README.md'), '# not a record')
    const skipped: Array<[string, string]> = []
    const result = await importOsv(t.db, dir, { onSkip: (source, reason) => skipped.push([source, reason]) })
    const base = path.basename(dir)
    assert.deepEqual(
      skipped.map(([source]) => source),
      [`${base}/b-truncated.json`, `${base}/c-not-osv.json`, path.join(base, 'nested', 'd-mixed.json')]
    )
    assert.match(skipped[0]![1], /^not JSON/)
    assert.match(skipped[1]![1], /neither an OSV record/)
    assert.match(skipped[2]![1], /record 2: no "id"/)
    assert.equal(result.records, 2, 'ALPINE-CVE-2999-0010 and GHSA-test-0005-0005')
    assert.equal(result.skipped, 3)
    assert.equal(result.documents, 4, 'README.md is not read')
    await assert.rejects(importOsv(t.db, path.join(dir, 'missing')), FeedPathError)
  })

  it('text a database cannot hold (NUL characters, a 10 kB package name) is cleaned or dropped, not fatal to the batch', async () => {
    const dir = tempDir('console-osv-odd-')
    fs.writeFileSync(
      path.join(dir, 'odd.json'),
      JSON.stringify({
        id: 'GHSA-odd0-text-0001',
        summary: 'nul\u0000byte',
        affected: [
          { package: { ecosystem: 'npm', name: 'x'.repeat(10_000) }, versions: ['1.0.0'] },
          {
            package: { ecosystem: 'npm', name: 'odd-pkg' },
            versions: ['1.0.0', 'bad\u0000'],
            ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2\u0000' }] }]
          }
        ]
      })
    )
    fs.copyFileSync(path.join(TEST_OSV, 'npm', 'GHSA-test-0005-0005.json'), path.join(dir, 'other.json'))
    assert.equal((await importOsv(t.db, dir)).records, 2)
    const [record] = await t.db.select().from(osvRecords).where(eq(osvRecords.id, 'GHSA-odd0-text-0001'))
    assert.equal(record?.summary, 'nulbyte')
    const affected = await t.db.select().from(vulnerabilityAffected).where(eq(vulnerabilityAffected.osvId, 'GHSA-odd0-text-0001'))
    assert.deepEqual(
      affected.map((row) => [row.packageName, row.versions, row.ranges]),
      [['odd-pkg', ['1.0.0', 'bad'], []]]
    )
  })

  it("reads a zip like osv.dev's <Ecosystem>/all.zip; a damaged zip is reported, not fatal", async () => {
    const dir = tempDir('console-osv-zip-')
    const zip = path.join(dir, 'all.zip')
    writeZip(zip, [
      { name: 'DSA-9902-1.json', data: readFixture('debian/DSA-9902-1.json') },
      { name: 'sub/', data: '' },
      { name: 'sub/CVE-2999-0004.json', data: readFixture('debian/CVE-2999-0004.json') },
      { name: 'sub/notes.txt', data: 'not a record' },
      { name: 'broken.json', data: '{"id": "X-1", "affected": ' }
    ])
    const skipped: string[] = []
    const result = await importOsv(t.db, zip, { onSkip: (source) => skipped.push(source) })
    assert.equal(result.records, 2)
    assert.deepEqual(skipped, ['all.zip!broken.json'])
    const [record] = await t.db.select().from(osvRecords).where(eq(osvRecords.id, 'CVE-2999-0004'))
    assert.equal(record?.source, 'all.zip!sub/CVE-2999-0004.json')

    const damaged = path.join(dir, 'damaged.zip')
    fs.writeFileSync(damaged, Buffer.from('PK\u0003\u0004 this is not really a zip archive'))
    const bad: string[] = []
    assert.equal((await importOsv(t.db, damaged, { onSkip: (source, reason) => bad.push(`${source}: ${reason}`) })).records, 0)
    assert.equal(bad.length, 1)
    assert.match(bad[0]!, /^damaged\.zip: not a readable zip/)
  })

  it('a withdrawn record stops matching; the devices it touched are re-matched and its orphaned CVE row goes', async () => {
    const record = {
      id: 'GHSA-test-wdrn-0001',
      modified: '2026-01-01T00:00:00Z',
      summary: 'Prototype pollution in left-pad-ng',
      affected: [
        {
          package: { ecosystem: 'npm', name: 'left-pad-ng' },
          ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.0.3' }] }]
        }
      ]
    }
    const dir = tempDir('console-osv-withdrawn-')
    const file = path.join(dir, 'record.json')
    fs.writeFileSync(file, JSON.stringify(record))
    const device = await addDevice(t.db, t.tenant, 'build-01', [{ name: 'left-pad-ng', version: '1.0.2', ecosystem: 'npm' }])
    const first = await importOsvAndMatch(t.db, file)
    assert.deepEqual(first.matched, { devices: 1, packages: 1, findings: 1, highRisk: 0, kev: 0 })

    fs.writeFileSync(file, JSON.stringify({ ...record, modified: '2026-02-01T00:00:00Z', withdrawn: '2026-02-01T00:00:00Z' }))
    const second = await importOsvAndMatch(t.db, file)
    assert.equal(second.imported.withdrawn, 1)
    assert.deepEqual(second.matched, { devices: 1, packages: 1, findings: 0, highRisk: 0, kev: 0 })
    assert.equal(second.removed, 1, 'no record and no finding use GHSA-test-wdrn-0001 any more')
    assert.equal(await cve('GHSA-test-wdrn-0001'), undefined)
    const [stored] = await t.db.select().from(osvRecords).where(eq(osvRecords.id, record.id))
    assert.ok(stored?.withdrawnAt, 'the record itself is kept, marked withdrawn')
    assert.ok(device)
  })
})

describe('import-osv: the real records of ../shared/data/osv', { skip: needsSharedData('osv') }, () => {
  let t: VulnsDb
  before(async () => {
    t = await openVulnsDb()
  })
  after(async () => {
    await t.cleanup()
  })
  const cve = async (cveId: string) => (await t.db.select().from(vulnerabilities).where(eq(vulnerabilities.cveId, cveId)))[0]

  it('imports every real record (single files and the {"vulns": [...]} wrapper), then again without change', async () => {
    const feed = sharedData('osv')
    const records = osvRecordsIn(feed)
    const skipped: string[] = []
    const first = await importOsv(t.db, feed, { batchSize: 50, onSkip: (source) => skipped.push(source) })
    assert.deepEqual(skipped, [])
    assert.equal(first.documents, osvFiles(feed).length)
    assert.equal(first.records, records.length)
    const [stored] = rowsOf<{ records: number; cves: number }>(
      await t.db.execute(sql`SELECT
      (SELECT count(*)::int FROM osv_records) AS records, (SELECT count(*)::int FROM vulnerabilities) AS cves`)
    )
    assert.equal(stored!.records, new Set(records.map(({ record }) => record.id)).size)
    assert.ok(stored!.cves >= 190, `${stored!.cves} CVE rows`)

    // A Debian LTS advisory attached to its CVE (named under "upstream"), its ids kept as aliases.
    const openssl = await cve('CVE-2022-1292')
    assert.deepEqual(openssl?.aliases, ['DEBIAN-CVE-2022-1292', 'DLA-3008-1'])
    assert.equal(openssl?.summary, 'openssl - security update')
    assert.equal(openssl?.description, '', 'the DLA has no details')
    assert.equal(openssl?.score, null, 'Debian advisories carry no severity')
    // One row per CVE for the 150 kernel CVEs of a USN, each keeping the USN as an alias.
    const kernel = await cve('CVE-2024-41007')
    assert.deepEqual(kernel?.aliases, ['USN-7095-1'])
    assert.match(kernel?.description ?? '', /Linux kernel/)
    assert.equal((await cve('CVE-2025-6297'))?.score, 8.2)
    assert.equal((await cve('CVE-2025-38094'))?.score, null, 'only an Ubuntu "medium" rating: no number invented')
    assert.equal((await cve('DSA-5474-1'))?.summary, 'intel-microcode - security update')
    assert.equal((await cve('MAL-2023-1'))?.source, 'osv:MAL-2023-1')

    const before = await t.db.execute(
      sql`SELECT (SELECT count(*) FROM vulnerability_affected) AS a, (SELECT count(*) FROM osv_record_vulnerabilities) AS l`
    )
    assert.equal((await importOsv(t.db, feed)).records, records.length)
    assert.deepEqual(
      rowsOf(
        await t.db.execute(
          sql`SELECT (SELECT count(*) FROM vulnerability_affected) AS a, (SELECT count(*) FROM osv_record_vulnerabilities) AS l`
        )
      ),
      rowsOf(before)
    )
  })
})
