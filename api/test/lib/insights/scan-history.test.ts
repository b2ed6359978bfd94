// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { diffComponents, packageIdentity, type ScanComponent } from '../../../src/lib/insights/scan-history.js'

describe('scan diff of components', () => {
  it('knows a package across versions by its purl without version, qualifiers or subpath', () => {
    assert.equal(packageIdentity('@babel/core', 'pkg:npm/%40babel/core@7.24.0'), 'pkg:npm/%40babel/core')
    assert.equal(
      packageIdentity('libc6', 'pkg:deb/ubuntu/libc6@2.35-0ubuntu3.1?arch=amd64&distro=ubuntu-22.04'),
      'pkg:deb/ubuntu/libc6'
    )
    assert.equal(packageIdentity('x', 'pkg:golang/example.com/x@v1.0.0#sub/dir'), 'pkg:golang/example.com/x')
    // No version in the purl; no purl at all: the name.
    assert.equal(packageIdentity('busybox', 'pkg:generic/busybox'), 'pkg:generic/busybox')
    assert.equal(packageIdentity('acme/firmware', null), 'name:acme/firmware')
  })

  it('pairs the versions that changed as upgrades; copies of one version count once', () => {
    const before: ScanComponent[] = [
      ['lodash', 'pkg:npm/lodash@4.17.20', '4.17.20'],
      ['lodash', 'pkg:npm/lodash@4.17.20', '4.17.20'],
      ['minimist', 'pkg:npm/minimist@0.0.8', '0.0.8'],
      ['minimist', 'pkg:npm/minimist@1.2.0', '1.2.0'],
      ['firmware', null, '1.0']
    ]
    const after: ScanComponent[] = [
      ['lodash', 'pkg:npm/lodash@4.17.20', '4.17.20'],
      ['minimist', 'pkg:npm/minimist@1.2.8', '1.2.8'],
      ['firmware', null, '1.10']
    ]
    assert.deepEqual(diffComponents(before, after), {
      added: [],
      // Two versions went, one came: the lower old one pairs with it, the other is removed.
      removed: [{ name: 'minimist', purl: 'pkg:npm/minimist@1.2.0', version: '1.2.0' }],
      upgraded: [
        { name: 'firmware', purl: null, from_version: '1.0', to_version: '1.10' },
        { name: 'minimist', purl: 'pkg:npm/minimist@1.2.8', from_version: '0.0.8', to_version: '1.2.8' }
      ]
    })
  })
})
