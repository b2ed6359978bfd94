// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { feedPackageOf, parsePurl } from '../../../src/lib/vulns/purl.js'

describe('parsePurl', () => {
  it('splits a purl as the purl spec says, decoding each part', () => {
    assert.deepEqual(parsePurl('pkg:npm/%40babel/helper-string-parser@7.19.4#packages/babel-helper-string-parser'), {
      type: 'npm',
      namespace: '@babel',
      name: 'helper-string-parser',
      version: '7.19.4',
      qualifiers: {},
      subpath: 'packages/babel-helper-string-parser'
    })
    assert.deepEqual(parsePurl('pkg:deb/debian/libssl3@3.0.11-1~deb12u2?arch=amd64&distro=debian-12&upstream=openssl'), {
      type: 'deb',
      namespace: 'debian',
      name: 'libssl3',
      version: '3.0.11-1~deb12u2',
      qualifiers: { arch: 'amd64', distro: 'debian-12', upstream: 'openssl' },
      subpath: null
    })
    // An unencoded scope "@" is not a version separator; the type is case-insensitive, the name is kept as written.
    assert.deepEqual(parsePurl('PKG:NPM/@babel/core@7.0.0'), {
      type: 'npm',
      namespace: '@babel',
      name: 'core',
      version: '7.0.0',
      qualifiers: {},
      subpath: null
    })
    assert.equal(parsePurl('pkg:npm/JSONStream@1.3.5')?.name, 'JSONStream')
    assert.equal(parsePurl('pkg:npm/lodash')?.version, null)
  })

  it('refuses what is not a purl', () => {
    for (const text of [
      '',
      'lodash@4.17.21',
      'https://example.com/pkg',
      'pkg:npm',
      'pkg:/lodash@1',
      'pkg:npm/%zz@1',
      'pkg:npm/@1.0.0'
    ]) {
      assert.equal(parsePurl(text), null, text)
    }
  })
})

describe('feedPackageOf: the feed package a purl names', () => {
  it("npm: the scoped name, the purl version (else the component's)", () => {
    assert.deepEqual(feedPackageOf('pkg:npm/%40babel/traverse@7.20.0'), {
      ecosystem: 'npm',
      name: '@babel/traverse',
      version: '7.20.0'
    })
    assert.deepEqual(feedPackageOf('pkg:npm/lodash', '4.17.20'), { ecosystem: 'npm', name: 'lodash', version: '4.17.20' })
    assert.equal(feedPackageOf('pkg:npm/lodash'), null, 'no version anywhere: nothing to compare')
  })

  it('deb: the distribution from distro (id-version, a bare version with the vendor, or a code name), the source package from upstream', () => {
    const cases: Array<[string, ReturnType<typeof feedPackageOf>]> = [
      [
        'pkg:deb/debian/libssl3@3.0.11-1~deb12u2?arch=amd64&distro=debian-12&upstream=openssl',
        { ecosystem: 'Debian:12', name: 'openssl', version: '3.0.11-1~deb12u2' }
      ],
      // syft: upstream=<source>@<source version>, percent-encoded.
      [
        'pkg:deb/debian/libcurl4@7.88.1-10+deb12u5+b1?distro=debian-12.4&upstream=curl%407.88.1-10%2Bdeb12u5',
        { ecosystem: 'Debian:12', name: 'curl', version: '7.88.1-10+deb12u5' }
      ],
      ['pkg:deb/debian/curl@7.50.3-1?arch=i386&distro=jessie', { ecosystem: 'Debian:8', name: 'curl', version: '7.50.3-1' }],
      ['pkg:deb/debian/wget@1.21.3-1+b2?distro=12', { ecosystem: 'Debian:12', name: 'wget', version: '1.21.3-1+b2' }],
      [
        'pkg:deb/ubuntu/dpkg@1.21.1ubuntu2.3?distro=ubuntu-22.04',
        { ecosystem: 'Ubuntu:22.04:LTS', name: 'dpkg', version: '1.21.1ubuntu2.3' }
      ],
      ['pkg:deb/debian/wget@1.21.3-1', null],
      ['pkg:deb/debian/wget@1.21.3-1?distro=alpine-3.18', null]
    ]
    for (const [purl, expected] of cases) assert.deepEqual(feedPackageOf(purl), expected, purl)
  })

  it('apk and rpm: Alpine releases, the origin package, rpm epochs', () => {
    assert.deepEqual(feedPackageOf('pkg:apk/alpine/libcrypto3@3.1.4-r0?arch=x86_64&distro=alpine-3.18.4&upstream=openssl'), {
      ecosystem: 'Alpine:v3.18',
      name: 'openssl',
      version: '3.1.4-r0'
    })
    assert.deepEqual(feedPackageOf('pkg:apk/alpine/musl@1.2.4-r2?distro=3.18.4'), {
      ecosystem: 'Alpine:v3.18',
      name: 'musl',
      version: '1.2.4-r2'
    })
    assert.deepEqual(feedPackageOf('pkg:apk/wolfi/glibc@2.38-r1'), { ecosystem: 'Wolfi', name: 'glibc', version: '2.38-r1' })
    assert.deepEqual(feedPackageOf('pkg:rpm/redhat/openssl@3.0.7-24.el9?arch=x86_64&epoch=1&distro=rhel-9.3'), {
      ecosystem: 'Red Hat:9',
      name: 'openssl',
      version: '1:3.0.7-24.el9'
    })
    assert.deepEqual(feedPackageOf('pkg:rpm/rocky/bash@5.1.8-6.el9_1?distro=rocky-9.3'), {
      ecosystem: 'Rocky Linux:9',
      name: 'bash',
      version: '5.1.8-6.el9_1'
    })
    assert.equal(feedPackageOf('pkg:rpm/fedora/curl@8.0.1-1.fc39?distro=fedora-39'), null, 'no OSV ecosystem for Fedora')
  })

  it('language ecosystems: the OSV ecosystem and the name its records use', () => {
    const cases: Array<[string, ReturnType<typeof feedPackageOf>]> = [
      // PEP 503: lower case, runs of "-", "_", "." as one "-".
      ['pkg:pypi/django@1.11.1', { ecosystem: 'PyPI', name: 'django', version: '1.11.1' }],
      ['pkg:pypi/Django@4.2.1', { ecosystem: 'PyPI', name: 'django', version: '4.2.1' }],
      ['pkg:pypi/zope.interface@6.0', { ecosystem: 'PyPI', name: 'zope-interface', version: '6.0' }],
      ['pkg:pypi/Typing__Extensions@4.8.0', { ecosystem: 'PyPI', name: 'typing-extensions', version: '4.8.0' }],
      // Maven: "group:artifact"; qualifiers (type, classifier) do not change the artifact.
      [
        'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.10.0?type=jar',
        { ecosystem: 'Maven', name: 'com.fasterxml.jackson.core:jackson-databind', version: '2.10.0' }
      ],
      [
        'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
        { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' }
      ],
      ['pkg:maven/log4j-core@2.14.1', null],
      // Go: the module path; the version keeps its "v" (the Go ordering reads both), a subpath is a package inside the module.
      ['pkg:golang/golang.org/x/net@v0.1.0', { ecosystem: 'Go', name: 'golang.org/x/net', version: 'v0.1.0' }],
      [
        'pkg:golang/github.com/docker/docker@v20.10.24%2Bincompatible',
        { ecosystem: 'Go', name: 'github.com/docker/docker', version: 'v20.10.24+incompatible' }
      ],
      [
        'pkg:golang/google.golang.org/grpc@v1.56.2#internal/transport',
        { ecosystem: 'Go', name: 'google.golang.org/grpc', version: 'v1.56.2' }
      ],
      ['pkg:gem/activerecord@7.0.3', { ecosystem: 'RubyGems', name: 'activerecord', version: '7.0.3' }],
      // NuGet ids and Packagist names ignore case (GitHub writes both "jQuery" and "jquery").
      ['pkg:nuget/Newtonsoft.Json@12.0.3', { ecosystem: 'NuGet', name: 'newtonsoft.json', version: '12.0.3' }],
      ['pkg:composer/laravel/framework@v7.30.6', { ecosystem: 'Packagist', name: 'laravel/framework', version: 'v7.30.6' }],
      ['pkg:composer/Maximebf/DebugBar@v1.16.2', { ecosystem: 'Packagist', name: 'maximebf/debugbar', version: 'v1.16.2' }],
      ['pkg:composer/framework@1.0.0', null],
      ['pkg:cargo/tokio@1.23.0', { ecosystem: 'crates.io', name: 'tokio', version: '1.23.0' }]
    ]
    for (const [purl, expected] of cases) assert.deepEqual(feedPackageOf(purl), expected, purl)
    assert.deepEqual(feedPackageOf('pkg:gem/rack', '2.2.8'), { ecosystem: 'RubyGems', name: 'rack', version: '2.2.8' })
  })

  it('types the feed has no ordering for are left alone', () => {
    for (const purl of [
      'pkg:hex/plug@1.14.0',
      'pkg:pub/http@0.13.0',
      'pkg:swift/github.com/apple/swift-nio-http2@1.27.0',
      'pkg:generic/openssl@3.0.7',
      'pkg:conan/zlib@1.2.13',
      'pkg:constructor/x@1.0',
      'pkg:__proto__/x@1.0'
    ]) {
      assert.equal(feedPackageOf(purl), null, purl)
    }
  })
})
