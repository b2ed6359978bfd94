// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { compareComposer, InvalidVersionError } from '../../../src/lib/vulns/versions/index.js'
import { normalizeComposer, phpVersionCompare } from '../../../src/lib/vulns/versions/composer.js'
import { checkTable } from './version-tables.js'

// Sources: composer/semver tests/VersionParserTest.php (successfulNormalizedVersions,
// failingNormalizedVersions, successfulNormalizedBranches), tests/ComparatorTest.php
// (compareProvider, lessThanProvider) and PHP's version_compare() manual page.

describe('Packagist ordering (Composer)', () => {
  it('normalises as VersionParser::normalize does', () => {
    const cases: Array<[string, string]> = [
      ['1.0.0', '1.0.0.0'],
      ['1.2.3.4', '1.2.3.4'],
      ['1.0.0RC1dev', '1.0.0.0-RC1-dev'],
      ['1.0.0-rC15-dev', '1.0.0.0-RC15-dev'],
      ['1.0.0.RC.15-dev', '1.0.0.0-RC15-dev'],
      ['1.0.0-rc1', '1.0.0.0-RC1'],
      ['1.0.0.pl3-dev', '1.0.0.0-patch3-dev'],
      ['1.0-dev', '1.0.0.0-dev'],
      ['0', '0.0.0.0'],
      ['10.4.13-beta', '10.4.13.0-beta'],
      ['10.4.13beta2', '10.4.13.0-beta2'],
      ['10.4.13beta.2', '10.4.13.0-beta2'],
      ['10.4.13-b', '10.4.13.0-beta'],
      ['10.4.13-b5', '10.4.13.0-beta5'],
      ['v1.0.0', '1.0.0.0'],
      ['2010.01', '2010.01.0.0'],
      ['2010.01.02', '2010.01.02.0'],
      ['2010.1.555', '2010.1.555.0'],
      ['2010.10.200', '2010.10.200.0'],
      ['v20100102', '20100102'],
      ['2010-01-02', '2010.01.02'],
      ['2010-01-02.5', '2010.01.02.5'],
      ['20100102-203040', '20100102.203040'],
      ['20150920.0.0', '20150920.0.0'],
      ['20100102203040-10', '20100102203040.10'],
      ['20100102-203040-p1', '20100102.203040-patch1'],
      ['1.x-dev', '1.9999999.9999999.9999999-dev'],
      ['1.0.0-beta.5+foo', '1.0.0.0-beta5'],
      ['1.0.0+foo', '1.0.0.0'],
      ['1.0.0-alpha.3.1+foo', '1.0.0.0-alpha3.1'],
      ['1.0.0-alpha2.1+foo', '1.0.0.0-alpha2.1'],
      ['1.0.0-alpha-2.1-3+foo', '1.0.0.0-alpha2.1-3'],
      ['v2.4.x-dev', '2.4.9999999.9999999-dev'],
      ['1.2-dev', '1.2.0.0-dev']
    ]
    for (const [input, expected] of cases) assert.equal(normalizeComposer(input), expected, input)
  })

  it('refuses what normalize refuses, and branches, which have no order', () => {
    for (const bad of [
      '',
      'a',
      '1.0.0-meh',
      '1.0.0.0.0',
      'feature-foo',
      '1.0.0+foo bar',
      'dev-master',
      'dev-feature-foo',
      'master'
    ]) {
      assert.throws(() => compareComposer(bad, '1.0.0'), InvalidVersionError, bad)
    }
  })

  it('ComparatorTest: compare', () => {
    checkTable(compareComposer, [
      '1.25.0 > 1.24.0',
      '1.25.0 = 1.25.0',
      '1.25.0 < 1.26.0',
      '1.25.0-beta2.1 < 1.25.0-b.3',
      '1.25.0-b2.1 < 1.25.0beta.3',
      '1.25.0-b-2.1 < 1.25.0-rc',
      '1.25.0-beta2.1 = 1.25.0-b.2.1',
      '1.25.0beta2.1 = 1.25.0-b2.1',
      '1.0.0 < 1.2-dev'
    ])
  })

  it('orders stabilities dev < alpha < beta < RC < stable < patch, and 1.0 = 1.0.0', () => {
    checkTable(compareComposer, [
      '1.0.0-dev < 1.0.0-alpha1',
      '1.0.0-alpha1 < 1.0.0-beta1',
      '1.0.0-beta1 < 1.0.0-RC1',
      '1.0.0-RC1 < 1.0.0',
      '1.0.0 < 1.0.0-patch1',
      '1.0.0-pl1 = 1.0.0-patch1',
      '1.0.0-p1 = 1.0.0.patch1',
      '1.0.0-RC1-dev < 1.0.0-RC1',
      '1.0 = 1.0.0',
      'v1.0 = 1.0.0.0',
      '1.0.0 < 1.0.1',
      '1.0.9 < 1.0.10',
      '1.x-dev > 1.99.0',
      '1.x-dev < 2.0.0-dev'
    ])
  })

  it("PHP version_compare (the manual's examples, on raw strings)", () => {
    assert.equal(phpVersionCompare('5.2', '5.2.0'), -1)
    assert.equal(phpVersionCompare('1.0rc1', '1.0'), -1)
    assert.equal(phpVersionCompare('1.0', '1.0pl1'), -1)
    assert.equal(phpVersionCompare('1.0-dev', '1.0alpha'), -1)
    assert.equal(phpVersionCompare('1.0.0beta1', '1.0.0betawithsomeothertext1'), 0, 'special forms match by prefix')
    assert.equal(phpVersionCompare('1.0.0', '1.0.0'), 0)
  })

  it('orders the versions Packagist advisories name', () => {
    checkTable(compareComposer, [
      'v1.16.2 < 1.19.0',
      'v1.10.2 > 1.10.1',
      '1.9.15 < v1.10.2',
      'v4.0.0 = 4.0.0',
      'v3.1.2 < 4.0.0',
      '3.4.1 < 3.5.0',
      'v7.30.6 < 7.30.7',
      'v5.4.16 > v5.4.9'
    ])
  })
})
