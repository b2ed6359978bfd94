// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { compareMaven, InvalidVersionError } from '../../../src/lib/vulns/versions/index.js'
import { checkEqual, checkOrder, checkTable } from './version-tables.js'

// Source: apache/maven maven-artifact ComparableVersionTest.java as of Maven 3.8 (commit
// c3cf29438e3d65d6ee5c5726f8611af99d9a649a, the version osv.dev's maven_test.py ports), plus
// testMng6964 and testVersionEqualWithLeadingZeroes of later versions, and the examples of the POM
// reference's "Version Order Specification".

describe('Maven ordering (ComparableVersion)', () => {
  it('VERSIONS_QUALIFIER is in increasing order', () => {
    checkOrder(compareMaven, [
      '1-alpha2snapshot',
      '1-alpha2',
      '1-alpha-123',
      '1-beta-2',
      '1-beta123',
      '1-m2',
      '1-m11',
      '1-rc',
      '1-cr2',
      '1-rc123',
      '1-SNAPSHOT',
      '1',
      '1-sp',
      '1-sp2',
      '1-sp123',
      '1-abc',
      '1-def',
      '1-pom-1',
      '1-1-snapshot',
      '1-1',
      '1-2',
      '1-123'
    ])
  })

  it('VERSIONS_NUMBER is in increasing order', () => {
    checkOrder(compareMaven, [
      '2.0',
      '2-1',
      '2.0.a',
      '2.0.0.a',
      '2.0.2',
      '2.0.123',
      '2.1.0',
      '2.1-a',
      '2.1b',
      '2.1-c',
      '2.1-1',
      '2.1.0.1',
      '2.2',
      '2.123',
      '11.a2',
      '11.a11',
      '11.b2',
      '11.b11',
      '11.m2',
      '11.m11',
      '11',
      '11.a',
      '11b',
      '11c',
      '11m'
    ])
  })

  it('testVersionsEqual: trailing zeros, separators, aliases, case', () => {
    checkTable(compareMaven, [
      '1 = 1',
      '1 = 1.0',
      '1 = 1.0.0',
      '1.0 = 1.0.0',
      '1 = 1-0',
      '1 = 1.0-0',
      '1.0 = 1.0-0',
      // no separator between number and character
      '1a = 1-a',
      '1a = 1.0-a',
      '1a = 1.0.0-a',
      '1.0a = 1-a',
      '1.0.0a = 1-a',
      '1x = 1-x',
      '1x = 1.0-x',
      '1x = 1.0.0-x',
      '1.0x = 1-x',
      '1.0.0x = 1-x',
      // aliases
      '1ga = 1',
      '1release = 1',
      '1final = 1',
      '1cr = 1rc',
      // special "aliases" a, b and m for alpha, beta and milestone
      '1a1 = 1-alpha-1',
      '1b2 = 1-beta-2',
      '1m3 = 1-milestone-3',
      // case insensitive
      '1X = 1x',
      '1A = 1a',
      '1B = 1b',
      '1M = 1m',
      '1Ga = 1',
      '1GA = 1',
      '1RELEASE = 1',
      '1RELeaSE = 1',
      '1Final = 1',
      '1FinaL = 1',
      '1FINAL = 1',
      '1Cr = 1Rc',
      '1cR = 1rC',
      '1m3 = 1Milestone3',
      '1m3 = 1MileStone3',
      '1m3 = 1MILESTONE3',
      '1-abcdefghijklmnopqrstuvwxyz = 1-ABCDEFGHIJKLMNOPQRSTUVWXYZ'
    ])
    checkEqual(compareMaven, ['0000000000000000001', '000000001', '0001', '01', '1'])
    checkEqual(compareMaven, ['0000000000000000000', '00', '0'])
  })

  it('testVersionComparing', () => {
    checkTable(compareMaven, [
      '1 < 2',
      '1.5 < 2',
      '1 < 2.5',
      '1.0 < 1.1',
      '1.1 < 1.2',
      '1.0.0 < 1.1',
      '1.0.1 < 1.1',
      '1.1 < 1.2.0',
      '1.0-alpha-1 < 1.0',
      '1.0-alpha-1 < 1.0-alpha-2',
      '1.0-alpha-1 < 1.0-beta-1',
      '1.0-beta-1 < 1.0-SNAPSHOT',
      '1.0-SNAPSHOT < 1.0',
      '1.0-alpha-1-SNAPSHOT < 1.0-alpha-1',
      '1.0 < 1.0-1',
      '1.0-1 < 1.0-2',
      '1.0.0 < 1.0-1',
      '2.0-1 < 2.0.1',
      '2.0.1-klm < 2.0.1-lmn',
      '2.0.1 < 2.0.1-xyz',
      '2.0.1 < 2.0.1-123',
      '2.0.1-xyz < 2.0.1-123'
    ])
  })

  it('MNG-5568, MNG-6572 and MNG-6964 edge cases', () => {
    // A > B and B > C must give A > C.
    checkTable(compareMaven, ['6.1.0rc3 < 6.1.0', '6.1.0rc3 < 6.1H.5-beta', '6.1.0 < 6.1H.5-beta'])
    checkOrder(compareMaven, [
      '20190126.230843',
      '1234567890.12345',
      '123456789012345.1H.5-beta',
      '12345678901234567890.1H.5-beta'
    ])
    checkTable(compareMaven, ['1-0.alpha < 1', '1-0.beta < 1', '1-0.alpha < 1-0.beta'])
  })

  it("follows the POM reference's examples", () => {
    checkTable(compareMaven, [
      '1 < 1.1',
      '1-snapshot < 1',
      '1 < 1-sp',
      '1-foo2 < 1-foo10',
      '1.foo < 1-foo',
      '1-foo < 1-1',
      '1-1 < 1.1',
      '1.ga = 1-ga',
      '1-ga = 1-0',
      '1-0 = 1.0',
      '1.0 = 1',
      '1-sp > 1-ga',
      '1-sp.1 > 1-ga.1',
      '1-sp-1 < 1-ga-1',
      '1-a1 = 1-alpha-1',
      // The reference says "1-ga-1" = "1-1"; every ComparableVersion (3.8, 3.9, 4) keeps the
      // sub-list [[1]] and sorts it before [1]. The implementation is what Maven resolves with.
      '1-ga-1 < 1-1'
    ])
  })

  it('orders the versions Maven advisories name', () => {
    checkTable(compareMaven, [
      '1.0 = 1.0.0',
      '1.0.0 = 1-ga',
      '2.13.2 < 2.13.2.1',
      '2.13.2.0 < 2.13.2.1',
      '2.13.2.0 = 2.13.2',
      '2.12.6.1 > 2.12.6',
      '2.14.1 < 2.15.0',
      '2.12.2 > 2.12.1',
      '2.0-beta7 < 2.0',
      '2.0-beta9 < 2.0-rc1',
      '2.0-rc2 < 2.0',
      '2.3.1 < 2.4',
      '5.2.20.RELEASE = 5.2.20',
      '5.2.19.RELEASE < 5.2.20.RELEASE',
      '5.3.17 < 5.3.18',
      '4.1.99.Final < 4.1.100.Final',
      '4.1.100.Final = 4.1.100',
      '3.0.0-rc1 < 3.0.0',
      '2.1.1-rc2 < 2.1.1'
    ])
  })

  it('refuses an empty version or one with whitespace', () => {
    for (const bad of ['', '   ', '1.0 beta', '1.0\n2.0'])
      assert.throws(() => compareMaven(bad, '1.0'), InvalidVersionError, JSON.stringify(bad))
  })

  it('refuses a version nested past 64 sub-lists instead of overflowing the stack (an SBOM purl: no recursion on untrusted depth)', () => {
    const deep = Array.from({ length: 20_000 }, () => '1').join('-')
    assert.throws(() => compareMaven(deep, `${deep}-2`), InvalidVersionError)
    const fine = Array.from({ length: 60 }, () => '1').join('-')
    assert.equal(compareMaven(fine, `${fine}-2`), -1)
  })
})
