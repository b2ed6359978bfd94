// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { affectedBy } from '../../../src/lib/vulns/affected.js'
import { ecosystemBase, ecosystemComparator } from '../../../src/lib/vulns/ecosystems.js'
import {
  compareApk,
  compareDpkg,
  compareRpm,
  compareSemver,
  InvalidVersionError,
  type Compare
} from '../../../src/lib/vulns/versions/index.js'
import { needsSharedData, sharedData } from '../../shared-data.js'
import { osvRecordsIn } from './osv-files.js'
import { checkTable } from './version-tables.js'

describe('dpkg ordering (Debian, Ubuntu)', () => {
  it("follows Debian Policy §5.6.12 and dpkg's own test suite", () => {
    checkTable(compareDpkg, [
      // Policy: "~" sorts before anything, even the end: ~~ < ~~a < ~ < (end) < a
      '1.0~~ < 1.0~~a',
      '1.0~~a < 1.0~',
      '1.0~ < 1.0',
      '1.0 < 1.0a',
      '1.0~rc1 < 1.0',
      '1.0~rc1 < 1.0~rc2',
      '2.0~beta3 < 2.0',
      // epochs win over everything
      '1:0.9 > 2.0',
      '0:1.0 = 1.0',
      '1:1.0 > 1.0',
      '2:0.1 > 1:9.9',
      // dpkg lib/dpkg/t/t-version.c
      '0-00 = 00-0',
      '1:2-3 = 1:2-3',
      '0:0-0 < 1:0-0',
      'a-0 < b-0',
      '0-a < 0-b',
      '1-1 < 2-1',
      '1-1 < 1-2',
      // numbers compare as numbers, letters before other characters
      '1.2.10 > 1.2.9',
      '1.10 > 1.9',
      '1.0a < 1.0+',
      '1.0+ < 1.0.',
      '1.0-1 = 1.0-01',
      // revisions: binNMU, stable and security updates, Ubuntu SRUs
      '1.0-1 < 1.0-1+b1',
      '1.0-1+b1 < 1.0-2',
      '1.0-1 < 1.0-1+deb12u1',
      '1.0-1~deb12u1 < 1.0-1',
      '2.30-1 < 2.30-1ubuntu0.1',
      '2.30-1ubuntu0.1 < 2.30-1ubuntu1',
      '2.30-1ubuntu0.1 < 2.30-1ubuntu0.2',
      // real package versions
      '1:9.2p1-2+deb12u2 < 1:9.2p1-2+deb12u3',
      '3.0.11-1~deb12u2 < 3.0.11-1~deb12u3',
      '3.0.11-1~deb12u2 < 3.0.13-1~deb12u1',
      '2.36-9+deb12u4 < 2.36-9+deb12u7',
      '1.21.3-1+b2 < 1.21.3-1+deb12u1',
      '5.6.1-1 > 5.4.1-0.2',
      '1:1.2.13.dfsg-1 > 1.3.dfsg-3',
      '8:6.9.6.2+dfsg-2 > 8:6.9.6.2+dfsg-1',
      '1.21.1ubuntu2.3 < 1.21.1ubuntu2.6',
      '6.8.0-1017.19~22.04.1 < 6.8.0-1017.19',
      '2.9.14+dfsg-1.3~deb12u1 < 2.9.14+dfsg-1.3'
    ])
  })
})

describe('apk ordering (Alpine)', () => {
  it('follows apk-tools (tests/version.data)', () => {
    checkTable(compareApk, [
      // suffixes: _alpha < _beta < _pre < _rc < (none) < _cvs < _svn < _git < _hg < _p
      '1.2.3_rc1 < 1.2.3',
      '1.2.3_p1 > 1.2.3',
      '1.2.3_alpha < 1.2.3_beta',
      '1.2.3_beta < 1.2.3_pre',
      '1.2.3_pre < 1.2.3_rc',
      '1.2.3 < 1.2.3_cvs',
      '1.2.3_git < 1.2.3_hg',
      '1.2.3_hg < 1.2.3_p',
      '0.1.0_alpha_pre2 < 0.1.0_alpha',
      '1.0_p10-r0 > 1.0_p9-r0',
      '3.1_p16 < 3.1_p17',
      // build revisions
      '1.2.3-r1 < 1.2.3-r10',
      '1.2.3 < 1.2.3-r1',
      '1.0.4-r3 < 1.0.4-r4',
      '2.8.9-r1 > 2.8.9',
      '1.3.5-r10 > 1.3.5-r8',
      // letters, leading zeros, long components (from apk-tools' table)
      '2.3.0b-r1 < 2.3.0b-r2',
      '1.1a < 1.3a',
      '0.9.8c-r1 < 0.9.8d',
      '1.7 < 1.7b',
      '2.5.1-r8 < 2.5.1a-r1',
      '1.02 < 1.03-r1',
      '1.0 < 1.0bc',
      '006 > 1.0.0',
      '1.0 > 0.99.3.20040818',
      '2.59 < 20050718-r1',
      '0.20070118 < 0.20070207_rc1',
      '2.9.11_pre20051101-r2 < 2.9.11_pre20051101-r3',
      '4.3_p2-r1 < 4.3_p2-r5',
      '1.0.0_pre20191002222144-r0 < 1.0.0_pre20210530193627-r0',
      '1.3_pre1-r1 < 1.3.2',
      '2.16.1-r3 = 2.16.1-r3',
      // real Alpine packages
      '1.2.4-r2 < 1.2.4-r3',
      '2.6.5-r0 < 2.6.7-r0',
      '9.3_p2-r1 > 7.4_p1-r0',
      '6.4_p20230506-r0 > 6.4-r0'
    ])
  })
})

describe('rpm ordering (Red Hat, Rocky, AlmaLinux, SUSE)', () => {
  it("follows rpm's rpmvercmp test suite, with ~ and ^", () => {
    checkTable(compareRpm, [
      '1.0 = 1.0',
      '1.0 < 2.0',
      '2.0.1 > 2.0',
      '2.0.1a > 2.0.1',
      '5.5p1 < 5.5p2',
      '5.5p1 < 5.5p10',
      '10xyz < 10.1xyz',
      'xyz10 < xyz10.1',
      'xyz.4 < 8',
      'xyz.4 < 2',
      '5.5p2 < 5.6p1',
      '5.6p1 < 6.5p1',
      '6.0.rc1 > 6.0',
      '10b2 > 10a1',
      '10a2 < 10b2',
      '1.0a < 1.0aa',
      '10.0001 = 10.1',
      '10.0001 < 10.0039',
      '4.999.9 < 5.0',
      '20101121 < 20101122',
      '2_0 = 2.0',
      'a+ = a_',
      '+a = _a',
      '+ = _',
      // tilde: pre-release, sorts before the end
      '1.0~rc1 < 1.0',
      '1.0~rc1 < 1.0~rc2',
      '1.0~rc1~git123 < 1.0~rc1',
      // caret: post-release snapshot, after the end but before anything else
      '1.0^ > 1.0',
      '1.0^git1 > 1.0',
      '1.0^git1 < 1.0^git2',
      '1.0^git1 < 1.01',
      '1.0^20160101 < 1.0.1',
      '1.0^20160102 > 1.0^20160101^git1',
      '1.0~rc1^git1 > 1.0~rc1',
      '1.0^git1~pre < 1.0^git1',
      // epoch and release
      '0:1 < 1:1',
      '3:1~1 > 1:2',
      '13:5 > 004:2',
      '01:2 = 1:2',
      '1-123 > 1-2',
      '1-1.el7 < 1-123',
      '0:3.10.0-229.el7 < 0:3.10.0-229.1.2.ael7b',
      '0:2.4.21-9.EL < 0:2.4.21-9.0.1.EL',
      '1-1 < 1-1.1',
      // a version without a release sorts before the same version with one
      '1.2 < 1.2-5.el9',
      // real RHEL packages
      '1:3.0.7-27.el9 < 1:3.0.7-28.el9',
      '1:3.0.7-25.el9_3 > 1:3.0.7-24.el9',
      '8.7p1-38.el9 < 8.7p1-38.el9_4.1',
      '5.14.0-427.13.1.el9_4 < 5.14.0-427.16.1.el9_4',
      '2:4.9-8.el9 > 4.10-1.el9'
    ])
  })
})

describe('semver ordering (npm)', () => {
  it('orders pre-releases as SemVer 2.0 §11 does', () => {
    checkTable(compareSemver, [
      '1.0.0-alpha < 1.0.0-alpha.1',
      '1.0.0-alpha.1 < 1.0.0-alpha.beta',
      '1.0.0-alpha.beta < 1.0.0-beta',
      '1.0.0-beta < 1.0.0-beta.2',
      '1.0.0-beta.2 < 1.0.0-beta.11',
      '1.0.0-beta.11 < 1.0.0-rc.1',
      '1.0.0-rc.1 < 1.0.0',
      '1.0.0 < 2.0.0',
      '2.0.0 < 2.1.0',
      '2.1.0 < 2.1.1',
      '1.0.0+build.1 = 1.0.0',
      'v1.2.3 = 1.2.3',
      '4.17.20 < 4.17.21'
    ])
  })

  it('refuses what is not SemVer instead of guessing', () => {
    assert.throws(() => compareSemver('1.0', '1.0.0'), InvalidVersionError)
    assert.throws(() => compareSemver('latest', '1.0.0'), InvalidVersionError)
  })
})

describe('real OSV records (../shared/data/osv)', { skip: needsSharedData('osv') }, () => {
  it("every explicitly listed affected version sorts before the range's fix", () => {
    const byEcosystem: Record<string, Compare> = { Debian: compareDpkg, Ubuntu: compareDpkg, Alpine: compareApk }
    let checked = 0
    for (const { record } of osvRecordsIn(sharedData('osv'))) {
      for (const affected of record.affected ?? []) {
        const compare = byEcosystem[String(affected.package?.ecosystem ?? '').split(':')[0]!]
        if (compare === undefined) continue
        for (const range of affected.ranges ?? []) {
          if (range.type !== 'ECOSYSTEM') continue
          for (const fixed of range.events.flatMap((event) => event.fixed ?? [])) {
            for (const version of affected.versions ?? []) {
              assert.ok(compare(version, fixed) < 0, `${record.id} ${affected.package?.name}: ${version} < ${fixed}`)
              checked++
            }
          }
        }
      }
    }
    assert.ok(checked > 200, `${checked} real (version, fix) pairs checked`)
  })
})

describe('real OSV records of the language ecosystems (../shared/data/osv)', { skip: needsSharedData('osv') }, () => {
  const LANGUAGES = ['Maven', 'PyPI', 'Go', 'RubyGems', 'NuGet', 'Packagist', 'crates.io']

  it('every listed, introduced and last affected version is affected per the ranges alone; every fix is not', (t) => {
    const checked: Record<string, { listed: number; bounds: number; fixes: number }> = {}
    for (const { record } of osvRecordsIn(sharedData('osv'))) {
      for (const affected of record.affected ?? []) {
        const ecosystem = String(affected.package?.ecosystem ?? '')
        if (!LANGUAGES.includes(ecosystemBase(ecosystem))) continue
        const compare = ecosystemComparator(ecosystem)!
        const label = `${record.id} ${ecosystem} ${affected.package?.name}`
        const count = (checked[ecosystemBase(ecosystem)] ??= { listed: 0, bounds: 0, fixes: 0 })
        // The ranges alone: the versions list must not answer for them.
        const ranges = { ecosystem, ranges: affected.ranges ?? [], versions: [] }
        const events = (affected.ranges ?? []).filter((range) => range.type === 'ECOSYSTEM').flatMap((range) => range.events)
        // Every version the record names is one the ordering reads: no range is skipped.
        for (const value of events.map((event) => Object.values(event)[0]!).filter((v) => v !== '0')) {
          assert.doesNotThrow(() => compare(value, value), `${label}: ${value}`)
        }
        for (const version of affected.versions ?? []) {
          assert.notEqual(affectedBy(version, ranges, compare), null, `${label}: listed ${version} in a range`)
          count.listed++
        }
        // An introduced or last_affected version is affected; so is GitHub's "last known affected".
        const lastKnown = /^<= (.+)$/.exec(affected.database_specific?.last_known_affected_version_range ?? '')?.[1]
        const bounds = [...events.flatMap((event) => [event.introduced, event.last_affected]), lastKnown].filter(
          (v): v is string => v !== undefined && v !== '0'
        )
        for (const version of bounds) {
          assert.notEqual(affectedBy(version, ranges, compare), null, `${label}: ${version} affected`)
          count.bounds++
        }
        for (const fixed of events.flatMap((event) => event.fixed ?? [])) {
          assert.equal(affectedBy(fixed, ranges, compare), null, `${label}: fix ${fixed} not affected`)
          count.fixes++
        }
      }
    }
    // Every ecosystem was exercised (Packagist only through the npm files' extra entries).
    for (const ecosystem of LANGUAGES)
      assert.ok((checked[ecosystem]?.fixes ?? 0) > 0, `${ecosystem}: ${JSON.stringify(checked[ecosystem])}`)
    const total = Object.values(checked).reduce((sum, c) => sum + c.listed, 0)
    assert.ok(total > 500, `${total} listed versions checked`)
    t.diagnostic(JSON.stringify(checked))
  })
})
