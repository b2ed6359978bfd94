// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { compareGo, InvalidVersionError } from '../../../src/lib/vulns/versions/index.js'
import { checkTable } from './version-tables.js'

// Sources: golang.org/x/mod semver/semver_test.go (the `tests` table: invalid inputs, then valid
// ones in increasing order, equal when their canonical forms are), and the Go Modules Reference
// ("Pseudo-versions", "+incompatible").

/** semver_test.go's table: [input, canonical form]; "" = invalid. */
const GO_TESTS: Array<[string, string]> = [
  ['bad', ''],
  ['v1-alpha.beta.gamma', ''],
  ['v1-pre', ''],
  ['v1+meta', ''],
  ['v1-pre+meta', ''],
  ['v1.2-pre', ''],
  ['v1.2+meta', ''],
  ['v1.2-pre+meta', ''],
  ['v1.0.0-alpha', 'v1.0.0-alpha'],
  ['v1.0.0-alpha.1', 'v1.0.0-alpha.1'],
  ['v1.0.0-alpha.beta', 'v1.0.0-alpha.beta'],
  ['v1.0.0-beta', 'v1.0.0-beta'],
  ['v1.0.0-beta.2', 'v1.0.0-beta.2'],
  ['v1.0.0-beta.11', 'v1.0.0-beta.11'],
  ['v1.0.0-rc.1', 'v1.0.0-rc.1'],
  ['v1', 'v1.0.0'],
  ['v1.0', 'v1.0.0'],
  ['v1.0.0', 'v1.0.0'],
  ['v1.2', 'v1.2.0'],
  ['v1.2.0', 'v1.2.0'],
  ['v1.2.3-456', 'v1.2.3-456'],
  ['v1.2.3-456.789', 'v1.2.3-456.789'],
  ['v1.2.3-456-789', 'v1.2.3-456-789'],
  ['v1.2.3-456a', 'v1.2.3-456a'],
  ['v1.2.3-pre', 'v1.2.3-pre'],
  ['v1.2.3-pre+meta', 'v1.2.3-pre'],
  ['v1.2.3-pre.1', 'v1.2.3-pre.1'],
  ['v1.2.3-zzz', 'v1.2.3-zzz'],
  ['v1.2.3', 'v1.2.3'],
  ['v1.2.3+meta', 'v1.2.3'],
  ['v1.2.3+meta-pre', 'v1.2.3'],
  ['v1.2.3+meta-pre.sha.256a', 'v1.2.3']
]

describe('Go module ordering (golang.org/x/mod/semver)', () => {
  it("compares every pair of semver_test.go's table as semver.Compare does", () => {
    const valid = GO_TESTS.filter(([, canonical]) => canonical !== '')
    for (const [i, [a, ca]] of valid.entries()) {
      for (const [j, [b, cb]] of valid.entries()) {
        const want = ca === cb ? 0 : i < j ? -1 : 1
        assert.equal(Math.sign(compareGo(a, b)), want, `${a} vs ${b}`)
      }
    }
  })

  it("refuses the table's invalid versions (semver.Compare would sort them first, silently)", () => {
    for (const [bad] of GO_TESTS.filter(([, canonical]) => canonical === '')) {
      assert.throws(() => compareGo(bad, 'v1.0.0'), InvalidVersionError, bad)
    }
    for (const bad of ['', 'v', 'v1.2.3-', 'v1.2.3-01', 'v1.2.3+', 'v1.2.3.4', 'V1.2.3', 'latest']) {
      assert.throws(() => compareGo(bad, 'v1.0.0'), InvalidVersionError, bad)
    }
  })

  it('orders pseudo-versions and +incompatible as the Go modules reference describes', () => {
    checkTable(compareGo, [
      // vX.0.0-yyyymmddhhmmss-abcdefabcdef: no earlier tagged version
      'v0.0.0-20191109021931-daa7c04131f5 < v0.0.1',
      'v0.0.0-20191109021931-daa7c04131f5 < v0.0.0-20200101000000-000000000000',
      // vX.Y.(Z+1)-0.yyyymmddhhmmss-abcdefabcdef: after vX.Y.Z, before vX.Y.(Z+1)
      'v1.2.3 < v1.2.4-0.20191109021931-daa7c04131f5',
      'v1.2.4-0.20191109021931-daa7c04131f5 < v1.2.4',
      // vX.Y.Z-pre.0.yyyymmddhhmmss-abcdefabcdef: after vX.Y.Z-pre
      'v1.2.3-pre < v1.2.3-pre.0.20191109021931-daa7c04131f5',
      'v1.2.3-pre.0.20191109021931-daa7c04131f5 < v1.2.3-pre.1',
      'v2.0.0+incompatible = v2.0.0',
      'v20.10.24+incompatible < v23.0.15',
      'v24.0.9+incompatible > v24.0.0'
    ])
  })

  it('reads OSV\'s versions without the "v" as go.mod\'s with it', () => {
    checkTable(compareGo, [
      '0.17.0 = v0.17.0',
      'v0.16.0 < 0.17.0',
      'v0.17.0 > 0.16.0',
      '1.58.3 > v1.58.2',
      'v1.1.11 < 1.1.12',
      '1.0.0-rc93 < v1.0.0-rc94',
      'v1.0.0-rc92 < 1.0.0-rc93',
      'v1.1.0 > 1.0.0-rc93',
      // GitHub's Docker ranges write calendar versions with a leading zero: read as numbers.
      '19.03.0 = v19.3.0',
      'v20.10.24+incompatible > 19.03.0',
      'v19.3.15 > 19.03.0'
    ])
  })
})
