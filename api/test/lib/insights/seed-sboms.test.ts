// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { normaliseSbom } from '../../../src/lib/insights/cyclonedx.js'
import { lockfileSbom, npmPurl, splitKey } from '../../../src/lib/insights/seed-data/lockfile-sbom.js'
import { scanTree } from '../../../src/lib/insights/seed-data/scanned-sbom.js'
import { alpineGatewayTree, debianServerTree } from '../../../src/lib/insights/seed-data/system-trees.js'
import { LOCKFILE } from '../../../src/lib/insights/seed.js'
import { tempDir, type Json } from '../../helpers.js'

const parse = (bytes: Uint8Array | undefined): Json => JSON.parse(Buffer.from(bytes!).toString('utf8'))

/** A small workspace: root package.json, one workspace package, and its pnpm-lock.yaml (format 9). */
function workspace(lockfile: string): string {
  const root = tempDir('console-lockfile-')
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'example-root', version: '2.0.0' }))
  fs.mkdirSync(path.join(root, 'app'))
  fs.writeFileSync(path.join(root, 'app', 'package.json'), JSON.stringify({ name: '@example/app', version: '1.0.0' }))
  fs.mkdirSync(path.join(root, 'lib'))
  fs.writeFileSync(path.join(root, 'lib', 'package.json'), JSON.stringify({ name: '@example/lib' }))
  fs.writeFileSync(path.join(root, 'pnpm-lock.yaml'), lockfile)
  return path.join(root, 'pnpm-lock.yaml')
}

const LOCK = `lockfileVersion: '9.0'

importers:

  .:
    devDependencies:
      typescript:
        specifier: 5.9.3
        version: 5.9.3

  app:
    dependencies:
      '@example/lib':
        specifier: workspace:*
        version: link:../lib
      react-dom:
        specifier: 19.2.0
        version: 19.2.0(react@19.2.0)

  lib:
    dependencies:
      strip-ansi-cjs:
        specifier: npm:strip-ansi@6.0.1
        version: strip-ansi@6.0.1

packages:

  '@babel/runtime@7.28.4':
    resolution: {integrity: sha512-AAAA}

  react-dom@19.2.0:
    resolution: {integrity: sha512-BBBB}
    peerDependencies:
      react: ^19.2.0

  react@19.2.0:
    resolution: {integrity: sha512-CCCC}

  scheduler@0.27.0:
    resolution: {integrity: sha512-DDDD}

  strip-ansi@6.0.1:
    resolution: {integrity: sha512-EEEE}

  typescript@5.9.3:
    resolution: {integrity: sha512-FFFF}

snapshots:

  '@babel/runtime@7.28.4': {}

  react-dom@19.2.0(react@19.2.0):
    dependencies:
      react: 19.2.0
      scheduler: 0.27.0
    optionalDependencies:
      '@babel/runtime': 7.28.4

  react@19.2.0: {}

  scheduler@0.27.0: {}

  strip-ansi@6.0.1: {}

  typescript@5.9.3: {}
`

describe("demo SBOM: the console's own pnpm-lock.yaml as CycloneDX", () => {
  it('names packages and purls as npm and the purl spec do (scope as namespace, peer suffix dropped)', () => {
    assert.deepEqual(splitKey('@babel/core@7.29.13(supports-color@8.1.1)'), { name: '@babel/core', version: '7.29.13' })
    assert.deepEqual(splitKey('react-dom@19.2.0(react@19.2.0)'), { name: 'react-dom', version: '19.2.0' })
    assert.equal(npmPurl('@babel/core', '7.29.13'), 'pkg:npm/%40babel/core@7.29.13')
    assert.equal(npmPurl('react', '19.2.0'), 'pkg:npm/react@19.2.0')
  })

  it('a component per locked package and per workspace package; the graph the lockfile records', () => {
    const bom = parse(lockfileSbom(workspace(LOCK), { now: new Date('2026-05-01T00:00:00Z') }))
    assert.equal(bom.specVersion, '1.6')
    assert.equal(bom.metadata.timestamp, '2026-05-01T00:00:00.000Z')
    assert.deepEqual(bom.metadata.component, { type: 'application', 'bom-ref': 'root', name: 'example-root', version: '2.0.0' })
    // By hand: six locked packages (sorted as in the lockfile), then the two workspace packages.
    assert.deepEqual(
      bom.components.map((c: Json) => [c.type, c['bom-ref'], c.group ?? null, c.name, c.version ?? null]),
      [
        ['library', 'pkg:npm/%40babel/runtime@7.28.4', '@babel', 'runtime', '7.28.4'],
        ['library', 'pkg:npm/react-dom@19.2.0', null, 'react-dom', '19.2.0'],
        ['library', 'pkg:npm/react@19.2.0', null, 'react', '19.2.0'],
        ['library', 'pkg:npm/scheduler@0.27.0', null, 'scheduler', '0.27.0'],
        ['library', 'pkg:npm/strip-ansi@6.0.1', null, 'strip-ansi', '6.0.1'],
        ['library', 'pkg:npm/typescript@5.9.3', null, 'typescript', '5.9.3'],
        ['application', 'workspace:app', null, '@example/app', '1.0.0'],
        ['application', 'workspace:lib', null, '@example/lib', null]
      ]
    )
    assert.ok(bom.components.filter((c: Json) => c.type === 'library').every((c: Json) => c.purl === c['bom-ref']))
    assert.ok(
      bom.components.every((c: Json) => c.licenses === undefined),
      'the lockfile holds no licences: none invented'
    )
    // The root's own devDependency, its workspace packages; app → lib (link:) and react-dom with its
    // peer suffix; lib → strip-ansi through an npm: alias; react-dom's (optional) dependencies.
    assert.deepEqual(bom.dependencies, [
      {
        ref: 'pkg:npm/react-dom@19.2.0',
        dependsOn: ['pkg:npm/%40babel/runtime@7.28.4', 'pkg:npm/react@19.2.0', 'pkg:npm/scheduler@0.27.0']
      },
      { ref: 'root', dependsOn: ['pkg:npm/typescript@5.9.3', 'workspace:app', 'workspace:lib'] },
      { ref: 'workspace:app', dependsOn: ['pkg:npm/react-dom@19.2.0', 'workspace:lib'] },
      { ref: 'workspace:lib', dependsOn: ['pkg:npm/strip-ansi@6.0.1'] }
    ])
    // It is an SBOM the console accepts as it accepts an upload.
    assert.equal(normaliseSbom(bom).components.length, 8)
  })

  it('no lockfile (a deployment without the repository), or another format: no SBOM', () => {
    assert.equal(lockfileSbom(path.join(tempDir('console-no-lockfile-'), 'pnpm-lock.yaml')), undefined)
    assert.equal(lockfileSbom(workspace(LOCK.replace("lockfileVersion: '9.0'", "lockfileVersion: '6.0'"))), undefined)
  })

  it("the repository's own lockfile: every package it locks, each an npm purl", () => {
    const bom = parse(lockfileSbom(LOCKFILE))
    const locked = fs
      .readFileSync(LOCKFILE, 'utf8')
      .split('\nsnapshots:')[0]!
      .split('\npackages:')[1]!
      .split('\n')
      .filter((line) => /^ {2}\S.*:$/.test(line)).length
    assert.equal(bom.components.filter((c: Json) => c.type === 'library').length, locked)
    assert.equal(bom.metadata.component.name, 'security-console')
    const refs = new Set(bom.components.map((c: Json) => c['bom-ref']))
    assert.ok(
      bom.dependencies.every((d: Json) => (d.ref === 'root' || refs.has(d.ref)) && d.dependsOn.every((r: string) => refs.has(r))),
      'no dangling reference'
    )
  })
})

describe('demo SBOM: console-scan on our fixture trees', () => {
  it('Debian 12: one component per dpkg stanza, the source package in the purl, console-scan as the tool', async () => {
    const tree = debianServerTree()
    const bom = parse(await scanTree(tree))
    assert.deepEqual(
      bom.metadata.tools.components.map((t: Json) => t.name),
      ['console-scan']
    )
    assert.deepEqual(bom.metadata.component, {
      type: 'operating-system',
      'bom-ref': 'os',
      name: 'Debian GNU/Linux',
      version: '12',
      description: 'Debian GNU/Linux 12 (bookworm)'
    })
    const stanzas = tree['var/lib/dpkg/status']!.split('\n\n').filter((s) => s.trim() !== '')
    assert.equal(bom.components.length, stanzas.length)
    const libssl = bom.components.find((c: Json) => c.name === 'libssl3')
    // The tree's libssl3 stanza names source openssl at bookworm's 3.0.11-1~deb12u2.
    assert.equal(libssl.purl, 'pkg:deb/debian/libssl3@3.0.11-1~deb12u2?arch=amd64&distro=debian-12&upstream=openssl')
    assert.equal(
      bom.components.find((c: Json) => c.name === 'bash').purl,
      'pkg:deb/debian/bash@5.2.15-2%2Bb2?arch=amd64&distro=debian-12',
      'a purl writes "+" as %2B'
    )
  })

  it('Alpine 3.18: apk packages with their origin and the licences the tree gives', async () => {
    const bom = parse(await scanTree(alpineGatewayTree()))
    assert.equal(bom.metadata.component.name, 'Alpine Linux')
    const musl = bom.components.find((c: Json) => c.name === 'musl-utils')
    assert.equal(musl.purl, 'pkg:apk/alpine/musl-utils@1.2.4-r2?arch=x86_64&distro=alpine-3.18.6&upstream=musl')
    assert.deepEqual(musl.licenses, [{ license: { name: 'MIT' } }])
    assert.equal(bom.components.find((c: Json) => c.name === 'openvpn').licenses, undefined, 'no licence we are not sure of')
  })

  it('where the scanner cannot run, no SBOM (and no error)', async () => {
    const saved = process.env.PATH
    process.env.PATH = tempDir('console-empty-path-')
    try {
      assert.equal(await scanTree(debianServerTree()), undefined)
    } finally {
      process.env.PATH = saved
    }
  })
})
