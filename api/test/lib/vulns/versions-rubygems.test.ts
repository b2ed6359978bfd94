// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { compareRubyGems, InvalidVersionError } from '../../../src/lib/vulns/versions/index.js'
import { checkEqual, checkOrder, checkTable } from './version-tables.js'

// Source: rubygems test/rubygems/test_gem_version.rb (test_spaceship, test_equals2,
// test_semver, test_canonical_segments, test_initialize, test_initialize_invalid,
// test_empty_version, test_prerelease), and the ordering in Gem::Version's class comment.

describe('RubyGems ordering (Gem::Version)', () => {
  it('test_spaceship', () => {
    checkTable(compareRubyGems, [
      '1.0 = 1.0.0',
      '1.0 > 1.0.a',
      '1.8.2 > 0.0.0',
      '1.8.2 > 1.8.2.a',
      '1.8.2.b > 1.8.2.a',
      '1.8.2.a < 1.8.2',
      '1.8.2.a10 > 1.8.2.a9',
      '0.beta.1 = 0.0.beta.1',
      '0.0.beta < 0.0.beta.1',
      '0.0.beta < 0.beta.1',
      '5.a < 5.0.0.rc2',
      '5.x > 5.0.0.rc2',
      '1.9.3 = 1.9.3',
      '1.9.3 > 1.9.2.99',
      '1.9.3 < 1.9.3.1'
    ])
    assert.equal(compareRubyGems('', '0'), 0, 'an empty version is 0')
  })

  it('test_equals2, test_canonical_segments: what counts as the same version', () => {
    checkTable(compareRubyGems, ['1.2 = 1.2', '1.2 < 1.3', '1.2.b1 = 1.2.b.1', '1.2 = 1.2.0', '1.2.pre.1 = 1.2.0.pre.1.0'])
    checkEqual(compareRubyGems, ['1.0.0', '1', '1.0'])
    checkEqual(compareRubyGems, ['1.0.0.a.1.0', '1.a.1'])
    checkEqual(compareRubyGems, ['1.2.3-1', '1.2.3.pre.1'])
    checkEqual(compareRubyGems, ['1.0', '1.0 ', ' 1.0 ', '1.0\n', '\n1.0\n'])
  })

  it('test_semver: SemVer-style pre-releases with "-" (read as ".pre.")', () => {
    checkOrder(compareRubyGems, ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1'])
    checkTable(compareRubyGems, ['1.0.0-rc1 < 1.0.0', '1.0.0-1 < 1'])
  })

  it("orders pre-releases between releases (the class comment's list) and letters byte-wise", () => {
    checkOrder(compareRubyGems, ['0.9', '1.0.a.2', '1.0.b1', '1.0'])
    // Ruby's String#<=> is byte-wise: "B" (66) < "a" (97).
    checkTable(compareRubyGems, [
      '1.0.B < 1.0.a',
      '1.0.RC < 1.0.rc',
      '1.0.a < 1.0.b',
      '2.0.0.rc1 < 2.0.0.rc2',
      '2.0.0.rc2 < 2.0.0'
    ])
    // Numbers are exact however long (a JavaScript number would make these equal).
    checkTable(compareRubyGems, ['99999999999999999 > 99999999999999998', '0.0.1.20220404083012 < 1.0.0'])
  })

  it('orders the versions RubyGems advisories name', () => {
    checkTable(compareRubyGems, [
      '7.0.3 < 7.0.3.1',
      '7.0.3.1 > 7.0.3',
      '6.1.6.1 > 6.1.6',
      '5.2.8 < 5.2.8.1',
      '3.0.9.1 > 3.0.9',
      '2.2.8.1 > 2.2.8',
      '1.13.3 < 1.13.4',
      '1.13.10 > 1.13.4',
      '1.0.rc < 1.0',
      '0.2 < 0.2.1',
      '3.0.0-rc.1 < 3.0.0',
      '1.0.0.rc.3 < 1.0.1'
    ])
  })

  it('refuses what Gem::Version.new refuses', () => {
    for (const bad of [
      'junk',
      '1.0\n2.0',
      '1..2',
      '1.2 3.4',
      '2.3422222.222.222222222.22222.ads0as.dasd0.ddd2222.2.qd3e.',
      'v1.0',
      '1.0+build'
    ]) {
      assert.throws(() => compareRubyGems(bad, '1.0'), InvalidVersionError, JSON.stringify(bad))
    }
  })
})
