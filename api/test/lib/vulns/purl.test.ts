import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { feedPackageOf, parsePurl } from '../../../src/lib/vulns/purl.js'

describe('parsePurl', () => {
  it('splits a purl as the purl spec says, decoding each part', () => {
    assert.deepEqual(parsePurl('pkg:npm/%40babel/helper-string-parser@7.19.4#packages/babel-helper-string-parser'), {
      type: 'npm', namespace: '@babel', name: 'helper-string-parser', version: '7.19.4', qualifiers: {}, subpath: 'packages/babel-helper-string-parser'
    })
    assert.deepEqual(parsePurl('pkg:deb/debian/libssl3@3.0.11-1~deb12u2?arch=amd64&distro=debian-12&upstream=openssl'), {
      type: 'deb', namespace: 'debian', name: 'libssl3', version: '3.0.11-1~deb12u2', qualifiers: { arch: 'amd64', distro: 'debian-12', upstream: 'openssl' }, subpath: null
    })
    // An unencoded scope "@" is not a version separator; the type is case-insensitive, the name is kept as written.
    assert.deepEqual(parsePurl('PKG:NPM/@babel/core@7.0.0'), { type: 'npm', namespace: '@babel', name: 'core', version: '7.0.0', qualifiers: {}, subpath: null })
    assert.equal(parsePurl('pkg:npm/JSONStream@1.3.5')?.name, 'JSONStream')
    assert.equal(parsePurl('pkg:npm/lodash')?.version, null)
  })

  it('refuses what is not a purl', () => {
    for (const text of ['', 'lodash@4.17.21', 'https://example.com/pkg', 'pkg:npm', 'pkg:/lodash@1', 'pkg:npm/%zz@1', 'pkg:npm/@1.0.0']) {
      assert.equal(parsePurl(text), null, text)
    }
  })
})

describe('feedPackageOf: the feed package a purl names', () => {
  it('npm: the scoped name, the purl version (else the component\'s)', () => {
    assert.deepEqual(feedPackageOf('pkg:npm/%40babel/traverse@7.20.0'), { ecosystem: 'npm', name: '@babel/traverse', version: '7.20.0' })
    assert.deepEqual(feedPackageOf('pkg:npm/lodash', '4.17.20'), { ecosystem: 'npm', name: 'lodash', version: '4.17.20' })
    assert.equal(feedPackageOf('pkg:npm/lodash'), null, 'no version anywhere: nothing to compare')
  })

  it('deb: the distribution from distro (id-version, a bare version with the vendor, or a code name), the source package from upstream', () => {
    const cases: Array<[string, ReturnType<typeof feedPackageOf>]> = [
      ['pkg:deb/debian/libssl3@3.0.11-1~deb12u2?arch=amd64&distro=debian-12&upstream=openssl', { ecosystem: 'Debian:12', name: 'openssl', version: '3.0.11-1~deb12u2' }],
      // syft: upstream=<source>@<source version>, percent-encoded.
      ['pkg:deb/debian/libcurl4@7.88.1-10+deb12u5+b1?distro=debian-12.4&upstream=curl%407.88.1-10%2Bdeb12u5', { ecosystem: 'Debian:12', name: 'curl', version: '7.88.1-10+deb12u5' }],
      ['pkg:deb/debian/curl@7.50.3-1?arch=i386&distro=jessie', { ecosystem: 'Debian:8', name: 'curl', version: '7.50.3-1' }],
      ['pkg:deb/debian/wget@1.21.3-1+b2?distro=12', { ecosystem: 'Debian:12', name: 'wget', version: '1.21.3-1+b2' }],
      ['pkg:deb/ubuntu/dpkg@1.21.1ubuntu2.3?distro=ubuntu-22.04', { ecosystem: 'Ubuntu:22.04:LTS', name: 'dpkg', version: '1.21.1ubuntu2.3' }],
      ['pkg:deb/debian/wget@1.21.3-1', null],
      ['pkg:deb/debian/wget@1.21.3-1?distro=alpine-3.18', null]
    ]
    for (const [purl, expected] of cases) assert.deepEqual(feedPackageOf(purl), expected, purl)
  })

  it('apk and rpm: Alpine releases, the origin package, rpm epochs', () => {
    assert.deepEqual(feedPackageOf('pkg:apk/alpine/libcrypto3@3.1.4-r0?arch=x86_64&distro=alpine-3.18.4&upstream=openssl'), { ecosystem: 'Alpine:v3.18', name: 'openssl', version: '3.1.4-r0' })
    assert.deepEqual(feedPackageOf('pkg:apk/alpine/musl@1.2.4-r2?distro=3.18.4'), { ecosystem: 'Alpine:v3.18', name: 'musl', version: '1.2.4-r2' })
    assert.deepEqual(feedPackageOf('pkg:apk/wolfi/glibc@2.38-r1'), { ecosystem: 'Wolfi', name: 'glibc', version: '2.38-r1' })
    assert.deepEqual(feedPackageOf('pkg:rpm/redhat/openssl@3.0.7-24.el9?arch=x86_64&epoch=1&distro=rhel-9.3'), { ecosystem: 'Red Hat:9', name: 'openssl', version: '1:3.0.7-24.el9' })
    assert.deepEqual(feedPackageOf('pkg:rpm/rocky/bash@5.1.8-6.el9_1?distro=rocky-9.3'), { ecosystem: 'Rocky Linux:9', name: 'bash', version: '5.1.8-6.el9_1' })
    assert.equal(feedPackageOf('pkg:rpm/fedora/curl@8.0.1-1.fc39?distro=fedora-39'), null, 'no OSV ecosystem for Fedora')
  })

  it('types the feed has no ordering for are left alone', () => {
    for (const purl of ['pkg:pypi/django@1.11.1', 'pkg:composer/laravel/framework@v7.30.6', 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.10.0?type=jar', 'pkg:golang/golang.org/x/net@v0.1.0']) {
      assert.equal(feedPackageOf(purl), null, purl)
    }
  })
})
