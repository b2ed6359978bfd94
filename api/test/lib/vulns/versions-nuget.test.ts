// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { compareNuget, InvalidVersionError } from '../../../src/lib/vulns/versions/index.js'
import { checkTable } from './version-tables.js'

// Source: NuGet/NuGet.Client test/NuGet.Core.Tests/NuGet.Versioning.Test: VersionComparerTests.cs
// (VersionComparisonDefaultEqual, VersionComparisonDefaultLess) and NuGetVersionTest.cs
// (SemVerLessThanAndGreaterThanOperatorsWorks, SemVerEqualsOperatorWorks,
// ParseReadsLegacyStyleVersionNumbers, ParseIgnoresLeadingAndTrailingWhitespace,
// ParseThrowsIfStringIsNotAValidSemVer).

describe('NuGet ordering (NuGet.Versioning)', () => {
  it('VersionComparerTests: Default equality and order', () => {
    checkTable(compareNuget, [
      '1.0.0 = 1.0.0',
      '1.0.0-BETA = 1.0.0-beta',
      '1.0.0-BETA+AA = 1.0.0-beta+aa',
      '1.0.0-BETA.X.y.5.77.0+AA = 1.0.0-beta.x.y.5.77.0+aa',
      '0.0.0 < 1.0.0',
      '1.0.0 < 1.1.0',
      '1.0.0 < 1.0.1',
      '1.999.9999 < 2.1.1',
      '1.0.0-BETA < 1.0.0-beta2',
      '1.0.0-beta+AA < 1.0.0+aa',
      '1.0.0-BETA < 1.0.0-beta.1+AA',
      '1.0.0-BETA.X.y.5.77.0+AA < 1.0.0-beta.x.y.5.79.0+aa',
      '1.0.0-BETA.X.y.5.79.0+AA < 1.0.0-beta.x.y.5.790.0+abc'
    ])
  })

  it('NuGetVersionTest: legacy four-part versions, leading zeros, whitespace', () => {
    checkTable(compareNuget, [
      '1.0 < 1.0.1',
      '1.23 < 1.231',
      '1.4.5.6 < 1.45.6',
      '1.4.5.6 < 1.4.5.60',
      '1.01 < 1.10',
      '1.01-alpha < 1.10-beta',
      '1.01.0-RC-1 < 1.10.0-rc-2',
      '1.01-RC-1 < 1.01',
      '1.01 < 1.2-preview',
      '1.0 = 1.0.0.0',
      '1.23.01 = 1.23.1',
      '1.45.6 = 1.45.6.0',
      '1.45.6-Alpha = 1.45.6-Alpha',
      '1.6.2-BeTa = 1.6.02-beta',
      '22.3.07 = 22.3.7',
      '1.022 = 1.22.0.0',
      '23.2.3 = 23.2.3.0',
      '1.3.42.10133 > 1.3.42',
      '1.3.42.200930-RC-2 < 1.3.42.200930',
      '1 = 1.0.0'
    ])
    assert.equal(compareNuget('  1.022-Beta', '1.22.0.0-beta'), 0)
    assert.equal(compareNuget('23.2.3-Alpha  ', '23.2.3-alpha'), 0)
  })

  it('orders numeric labels before text ones and more labels after fewer (SemVer 2.0 §11)', () => {
    checkTable(compareNuget, [
      '1.0.0-alpha < 1.0.0-alpha.1',
      '1.0.0-alpha.1 < 1.0.0-alpha.beta',
      '1.0.0-alpha.beta < 1.0.0-beta',
      '1.0.0-beta.2 < 1.0.0-beta.11',
      '1.0.0-beta.11 < 1.0.0-rc.1',
      '1.0.0-rc.1 < 1.0.0',
      '1.0.0-1 < 1.0.0-a',
      '1.0.0-rc.1 = 1.0.0-RC.1'
    ])
  })

  it('orders the versions NuGet advisories name', () => {
    checkTable(compareNuget, [
      '13.0.1 > 12.0.3',
      '13.0.1 > 13.0.1-beta1',
      '8.0.4 < 8.0.5',
      '6.0.9 < 6.0.10',
      '8.0.0 > 6.0.10',
      '3.0.0-rc.1 < 3.0.0',
      '1.7.1.1 > 1.7.1',
      '1.7.1.1 < 1.7.2',
      '2.0.1.1 > 2.0.1',
      '1.10.0.1 > 1.10.0'
    ])
  })

  it('refuses what NuGetVersion.Parse refuses', () => {
    for (const bad of [
      '1beta',
      '$version$',
      '1.2Av^c',
      '1.2..',
      '1.2.3.4.5',
      '1.2.3.Beta',
      'So.is.this',
      '1.34.2Alpha',
      '1.34.2Release Candidate',
      '1.4.7-',
      '1.4.7-*',
      '1.4.7+*',
      '1.4.7-AA.01^',
      '1.4.7-AA.0A^',
      '1.4.7-A^A',
      '1.4.7+AA.01^',
      '',
      'v1.0.0',
      '1.0.0-beta.01',
      '2147483648.0'
    ]) {
      assert.throws(() => compareNuget(bad, '1.0.0'), InvalidVersionError, bad)
    }
  })
})
