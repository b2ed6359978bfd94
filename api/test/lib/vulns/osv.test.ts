// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { affectedBy, affectingRange, inRange, isAffected } from '../../../src/lib/vulns/affected.js'
import { cvssBaseScore, severityScore } from '../../../src/lib/vulns/cvss.js'
import { ecosystemKey, osvEcosystem } from '../../../src/lib/vulns/ecosystems.js'
import { cvesOf, OsvFormatError, parseOsvDocument, parseOsvRecord } from '../../../src/lib/vulns/osv-record.js'
import { compareDpkg, compareSemver } from '../../../src/lib/vulns/versions/index.js'
import { needsSharedData, sharedData, TEST_OSV } from '../../shared-data.js'
import { osvFiles } from './osv-files.js'

/** One of our own records (fixtures/test-osv). */
const ours = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(TEST_OSV, name), 'utf8'))

describe('CVSS base scores', () => {
  it("v3.1 and v3.0: FIRST's specification examples", () => {
    // CVSS v3.1 Examples (FIRST): phpMyAdmin XSS, MySQL SQLi, POODLE, VMware escape, Tomcat, Cisco IOS,
    // Apple iWork, Heartbleed, Shellshock, Kaminsky DNS, Sophos, Joomla, Cisco ACL, Juniper ARP, Chrome PDFium.
    const examples: Array<[string, number]> = [
      ['AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', 6.1],
      ['AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N', 6.4],
      ['AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N', 3.1],
      ['AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H', 9.9],
      ['AV:L/AC:L/PR:H/UI:N/S:U/C:L/I:L/A:L', 4.2],
      ['AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', 8.8],
      ['AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H', 7.8],
      ['AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', 7.5],
      ['AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8],
      ['AV:N/AC:H/PR:N/UI:N/S:C/C:N/I:H/A:N', 6.8],
      ['AV:P/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 6.8],
      ['AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:N/A:N', 5.8],
      ['AV:A/AC:L/PR:N/UI:N/S:C/C:H/I:N/A:H', 9.3],
      ['AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H', 8.8]
    ]
    for (const [metrics, score] of examples) {
      assert.equal(cvssBaseScore(`CVSS:3.1/${metrics}`), score, metrics)
      assert.equal(cvssBaseScore(`CVSS:3.0/${metrics}`), score, `3.0 ${metrics}`)
    }
    // Temporal metrics do not change the base score.
    assert.equal(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:U/RL:O/RC:U'), 9.8)
  })

  it('v4.0 (base metrics only) and v2', () => {
    assert.equal(cvssBaseScore('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'), 9.3)
    // Threat metric E:P would lower CVSS-BT to 7.7; the base score stays 8.7.
    assert.equal(cvssBaseScore('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:N/E:P'), 8.7)
    // CVSS v2 guide: Apache chunked encoding, Microsoft ASN.1, NOD32.
    assert.equal(cvssBaseScore('AV:N/AC:L/Au:N/C:N/I:N/A:C'), 7.8)
    assert.equal(cvssBaseScore('AV:N/AC:L/Au:N/C:C/I:C/A:C'), 10)
    assert.equal(cvssBaseScore('AV:L/AC:H/Au:N/C:C/I:C/A:C'), 6.2)
  })

  it('junk and incomplete vectors have no score', () => {
    for (const junk of [
      '',
      'medium',
      'CVSS:3.1/AV:N',
      'CVSS:3.1/AV:Q/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:9.9/AV:N',
      'nonsense/AV:N'
    ]) {
      assert.equal(cvssBaseScore(junk), null, junk)
    }
  })

  it("a record's severity: v3 before v4 before v2; an Ubuntu rating gives no number", () => {
    assert.deepEqual(
      severityScore([
        { type: 'CVSS_V4', score: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N' },
        { type: 'CVSS_V3', score: 'CVSS:3.1/AV:L/AC:H/PR:L/UI:N/S:U/C:H/I:H/A:H' }
      ]),
      { score: 7, vector: 'CVSS:3.1/AV:L/AC:H/PR:L/UI:N/S:U/C:H/I:H/A:H' }
    )
    assert.equal(severityScore([{ type: 'Ubuntu', score: 'medium' }]), null)
    assert.equal(severityScore([{ score: 'low' }]), null)
    assert.equal(severityScore(undefined), null)
  })
})

describe('OSV records → CVE rows (our own records, fixtures/test-osv)', () => {
  it('a Debian advisory speaks for the CVEs it lists upstream, keeping the advisory ids as aliases', () => {
    // DSA-9901-1: upstream CVE-2999-0001 and DEBIAN-CVE-2999-0001, a summary, no details, no severity.
    const record = parseOsvRecord(ours('debian/DSA-9901-1.json'))
    assert.deepEqual(record.cves, [{ cveId: 'CVE-2999-0001', relation: 1 }])
    assert.deepEqual(record.aliases, ['CVE-2999-0001', 'DEBIAN-CVE-2999-0001'])
    assert.equal(record.summary, 'openssl - security update')
    assert.equal(record.details, '')
    assert.equal(record.score, null)
    assert.deepEqual(
      record.affected.map((a) => [a.ecosystem, a.packageName, a.versions.length]),
      [['Debian:12', 'openssl', 3]]
    )
  })

  it('a USN names its CVEs only under "related"; a record naming none is its own row', () => {
    assert.deepEqual(parseOsvRecord(ours('ubuntu/USN-9906-1.json')).cves, [
      { cveId: 'CVE-2999-0006', relation: 0 },
      { cveId: 'CVE-2999-0007', relation: 0 }
    ])
    assert.deepEqual(parseOsvRecord(ours('debian/DSA-9902-1.json')).cves, [{ cveId: 'DSA-9902-1', relation: 2 }])
    const [, , , , malware] = parseOsvDocument(fs.readFileSync(path.join(TEST_OSV, 'npm/vulns.json'), 'utf8')) as Array<{
      id: string
    }>
    assert.deepEqual(parseOsvRecord(malware).cves, [{ cveId: 'MAL-2999-1', relation: 2 }])
  })

  it("per-CVE distro records are that CVE's own; a GHSA speaks for its CVE alias", () => {
    assert.deepEqual(parseOsvRecord(ours('ubuntu/UBUNTU-CVE-2999-0005.json')).cves, [{ cveId: 'CVE-2999-0005', relation: 2 }])
    assert.deepEqual(parseOsvRecord(ours('alpine/ALPINE-CVE-2999-0009.json')).cves, [{ cveId: 'CVE-2999-0009', relation: 2 }])
    assert.deepEqual(parseOsvRecord(ours('npm/GHSA-test-0005-0005.json')).cves, [{ cveId: 'CVE-2999-1005', relation: 1 }])
    // A related CVE is ignored when the record already names its own.
    assert.deepEqual(cvesOf('GHSA-aaaa-bbbb-cccc', ['CVE-2020-1234'], ['CVE-2020-9999']), [
      { cveId: 'CVE-2020-1234', relation: 1 }
    ])
  })

  it('scores come from the CVSS vector; GIT ranges and entries without a package are dropped', () => {
    // CVSS:3.0/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H: 7.8 in the v3.0 tables.
    const alpine = parseOsvRecord(ours('alpine/CVE-2999-0011.json'))
    assert.equal(alpine.score, 7.8)
    assert.equal(alpine.vector, 'CVSS:3.0/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H')
    assert.deepEqual(
      alpine.affected.map((a) => [a.ecosystem, a.ranges]),
      [['Alpine:v3.18', [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '7.4_p1-r0' }] }]]]
    )
    // "versions": null is no list at all.
    assert.deepEqual(alpine.affected[0]!.versions, [])
  })

  it('documents: a single record, {"vulns": [...]}, and bad records reported beside good ones', () => {
    const wrapped = parseOsvDocument(fs.readFileSync(path.join(TEST_OSV, 'npm/vulns.json'), 'utf8'))
    assert.equal(wrapped.length, 5)
    assert.ok(wrapped.every((item) => !(item instanceof OsvFormatError)))
    const mixed = parseOsvDocument(JSON.stringify({ vulns: [{ id: 'GHSA-1' }, { summary: 'no id' }, 'text'] }))
    assert.equal(mixed.length, 3)
    assert.equal((mixed[0] as { id: string }).id, 'GHSA-1')
    assert.match((mixed[1] as Error).message, /record 2: no "id"/)
    assert.match((mixed[2] as Error).message, /record 3: not a JSON object/)
    assert.throws(() => parseOsvDocument('{"id": '), /not JSON/)
    assert.throws(() => parseOsvDocument('{"name": "lodash"}'), /neither an OSV record/)
    assert.throws(() => parseOsvRecord({ id: 'has space', affected: [] }), /not an OSV id/)
    assert.throws(() => parseOsvRecord({ id: 'X-1', affected: 'all' }), /"affected" is not a list/)
  })
})

describe('OSV records → CVE rows (real records, ../shared/data/osv)', { skip: needsSharedData('osv') }, () => {
  const real = (name: string): unknown => JSON.parse(fs.readFileSync(sharedData('osv', name), 'utf8'))

  it('every real document parses, both shapes, with no record refused', () => {
    const files = osvFiles(sharedData('osv'))
    assert.ok(files.length > 20, `${files.length} files`)
    for (const file of files) {
      const records = parseOsvDocument(fs.readFileSync(file, 'utf8'))
      assert.ok(records.length > 0 && records.every((item) => !(item instanceof OsvFormatError)), file)
    }
    assert.equal(
      parseOsvDocument(fs.readFileSync(sharedData('osv', 'npm/osv-scanner-santatracker-vulns.json'), 'utf8')).length,
      170
    )
  })

  it('Debian, Ubuntu, Alpine and GitHub records name their CVEs as the rules say', () => {
    const dla = parseOsvRecord(real('debian/DLA-3008-1.json'))
    assert.deepEqual(dla.cves, [{ cveId: 'CVE-2022-1292', relation: 1 }])
    assert.deepEqual(dla.aliases, ['CVE-2022-1292', 'DEBIAN-CVE-2022-1292'])
    assert.deepEqual(
      dla.affected.map((a) => [a.ecosystem, a.packageName, a.versions.length]),
      [['Debian:9', 'openssl', 19]]
    )
    assert.deepEqual(parseOsvRecord(real('debian/DTSA-1-1.json')).cves, [
      { cveId: 'CVE-2005-2626', relation: 0 },
      { cveId: 'CVE-2005-2627', relation: 0 }
    ])
    const usn = parseOsvRecord(real('ubuntu/USN-7095-1.json'))
    assert.ok(usn.cves.length > 100 && usn.cves.every((cve) => cve.relation === 0 && /^CVE-/.test(cve.cveId)))
    assert.deepEqual(parseOsvRecord(real('debian/DSA-5474-1.json')).cves, [{ cveId: 'DSA-5474-1', relation: 2 }])
    assert.deepEqual(parseOsvRecord(real('npm/MAL-2023-1.json')).cves, [{ cveId: 'MAL-2023-1', relation: 2 }])
    assert.deepEqual(parseOsvRecord(real('ubuntu/UBUNTU-CVE-2025-6297.json')).cves, [{ cveId: 'CVE-2025-6297', relation: 2 }])
    assert.deepEqual(parseOsvRecord(real('alpine/ALPINE-CVE-2025-26519.json')).cves, [{ cveId: 'CVE-2025-26519', relation: 2 }])
    assert.deepEqual(parseOsvRecord(real('npm/GHSA-92r3-m2mg-pj97.json')).cves, [{ cveId: 'CVE-2023-49293', relation: 1 }])
    const openssh = parseOsvRecord(real('alpine/CVE-2016-10012.json'))
    assert.equal(openssh.score, 7.8)
    assert.ok(openssh.affected.every((a) => a.ecosystem.startsWith('Alpine:') && a.ranges.every((r) => r.type === 'ECOSYSTEM')))
    assert.ok(parseOsvRecord(real('alpine/CVE-2012-2812.json')).affected.every((a) => a.versions.length === 0))
  })
})

describe('affected ranges (OSV evaluation)', () => {
  const events = (...list: Array<[string, string]>) => list.map(([kind, value]) => ({ [kind]: value }))

  it('introduced/fixed, several intervals, last_affected and limit', () => {
    const ranges = events(['introduced', '0'], ['fixed', '1.2.0'], ['introduced', '2.0.0'], ['fixed', '2.0.5'])
    assert.equal(inRange('1.1.9', ranges, compareSemver), true)
    assert.equal(inRange('1.2.0', ranges, compareSemver), false)
    assert.equal(inRange('1.9.0', ranges, compareSemver), false)
    assert.equal(inRange('2.0.0-rc.1', ranges, compareSemver), false, 'a pre-release sorts before 2.0.0')
    assert.equal(inRange('2.0.4', ranges, compareSemver), true)
    assert.equal(inRange('2.0.5', ranges, compareSemver), false)
    const last = events(['introduced', '1.0.0'], ['last_affected', '1.4.2'])
    assert.equal(inRange('1.4.2', last, compareSemver), true)
    assert.equal(inRange('1.4.3', last, compareSemver), false)
    assert.equal(inRange('0.9.0', last, compareSemver), false)
    assert.equal(inRange('3.0.0', events(['introduced', '0'], ['limit', '2.0.0']), compareSemver), false)
    assert.equal(inRange('1.0.0', events(['introduced', '0'], ['limit', '2.0.0']), compareSemver), true)
  })

  it('events in any order; introduced "0" with no fix means every version', () => {
    assert.equal(inRange('1:2.0-1', events(['fixed', '1:2.0-2'], ['introduced', '0']), compareDpkg), true)
    assert.equal(inRange('99.0', events(['introduced', '0']), compareDpkg), true)
  })

  it('explicit versions; SEMVER ranges use semver; unknown orderings fall back to the list', () => {
    const hex = {
      ecosystem: 'Hex',
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.0' }] }],
      versions: ['1.0', '1.5']
    }
    assert.equal(isAffected('1.5', hex), true)
    assert.equal(isAffected('1.7', hex), false, 'no Hex ordering here: only the listed versions')
    const pypi = { ...hex, ecosystem: 'PyPI' }
    assert.equal(isAffected('1.7', pypi), true, 'PEP 440 orders it below the fix')
    assert.equal(isAffected('2.0.post1', pypi), false)
    const npm = {
      ecosystem: 'npm',
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }],
      versions: []
    }
    assert.equal(isAffected('4.17.20', npm), true)
    assert.equal(isAffected('4.17.21', npm), false)
    assert.equal(isAffected('not-a-version', npm), false, 'an unparsable version is not reported affected by a range')
  })

  it('says which version fixes an affected one: the fix closing its interval, none after last_affected', () => {
    const ranges = events(['introduced', '0'], ['fixed', '1.2.0'], ['introduced', '2.0.0'], ['fixed', '2.0.5'])
    assert.deepEqual(affectingRange('1.1.9', ranges, compareSemver), { fixed: '1.2.0' })
    assert.deepEqual(affectingRange('2.0.1', ranges, compareSemver), { fixed: '2.0.5' })
    assert.equal(affectingRange('1.5.0', ranges, compareSemver), null)
    assert.deepEqual(affectingRange('1.4.2', events(['introduced', '1.0.0'], ['last_affected', '1.4.2']), compareSemver), {
      fixed: null
    })
    assert.deepEqual(affectingRange('5.0', events(['introduced', '0']), compareDpkg), { fixed: null })
    assert.deepEqual(affectingRange('1:2.0-1', events(['fixed', '1:2.0-2'], ['introduced', '0']), compareDpkg), {
      fixed: '1:2.0-2'
    })
    // The shape of GHSA-xvch-5gv4-984h (minimist): two affected entries, one per release line.
    const minimist = {
      ecosystem: 'npm',
      ranges: [
        { type: 'SEMVER', events: [{ introduced: '1.0.0' }, { fixed: '1.2.6' }] },
        { type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '0.2.4' }] }
      ],
      versions: []
    }
    assert.deepEqual(affectedBy('0.2.3', minimist), { fixed: '0.2.4' })
    assert.deepEqual(affectedBy('1.2.5', minimist), { fixed: '1.2.6' })
    assert.equal(affectedBy('1.2.8', minimist), null)
    const listed = { ecosystem: 'PyPI', ranges: [], versions: ['1.0'] }
    assert.deepEqual(affectedBy('1.0', listed), { fixed: null }, 'only listed: affected, no fix known')
  })
})

describe('ecosystems', () => {
  it('the OSV ecosystem of a reported OS', () => {
    const cases: Array<[string, string, string | null]> = [
      ['debian', '12', 'Debian:12'],
      ['debian', '11', 'Debian:11'],
      ['debian', '6.0', 'Debian:6.0'],
      ['debian', '', null],
      ['ubuntu', '22.04', 'Ubuntu:22.04:LTS'],
      ['ubuntu', '20.04', 'Ubuntu:20.04:LTS'],
      ['ubuntu', '24.10', 'Ubuntu:24.10'],
      ['ubuntu', '23.04', 'Ubuntu:23.04'],
      ['alpine', '3.18.4', 'Alpine:v3.18'],
      ['alpine', '3.21.0_alpha20240923', 'Alpine:v3.21'],
      ['rhel', '9.3', 'Red Hat:9'],
      ['rocky', '9.4', 'Rocky Linux:9'],
      ['almalinux', '8.10', 'AlmaLinux:8'],
      ['opensuse-leap', '15.6', 'openSUSE:Leap 15.6'],
      ['wolfi', '20230201', 'Wolfi'],
      ['Debian', ' 12 ', 'Debian:12'],
      ['zephyr', '3.5.0', null],
      ['poky', '4.0.17', null],
      ['arch', '', null]
    ]
    for (const [id, version, want] of cases) assert.equal(osvEcosystem(id, version), want, `${id} ${version}`)
  })

  it('matching keys: Red Hat products fold to the major release; Ubuntu LTS gets its suffix', () => {
    assert.equal(ecosystemKey('Red Hat:enterprise_linux:9::baseos'), 'Red Hat:9')
    assert.equal(ecosystemKey('Red Hat:rhel_eus:9.4::appstream'), 'Red Hat:9')
    assert.equal(ecosystemKey('Red Hat:openstack:18.0::el9'), 'Red Hat:openstack:18.0::el9')
    assert.equal(ecosystemKey('Ubuntu:22.04'), 'Ubuntu:22.04:LTS')
    assert.equal(ecosystemKey('Ubuntu:Pro:22.04:LTS'), 'Ubuntu:Pro:22.04:LTS')
    assert.equal(ecosystemKey(' Debian:12 '), 'Debian:12')
  })
})
