// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { normaliseSbom } from '../../../src/lib/insights/cyclonedx.js'
import { DocumentError, parseJson } from '../../../src/lib/insights/document.js'
import type { Json } from '../../helpers.js'
import { needsSharedData, sharedData, TEST_SBOM } from '../../shared-data.js'

/** One of our own SBOMs (fixtures/test-sbom). */
const ours = (file: string): Json => JSON.parse(fs.readFileSync(path.join(TEST_SBOM, file), 'utf8'))
/** A real SBOM made by another tool (../shared/data/sbom). */
const fixture = (file: string): Json => JSON.parse(fs.readFileSync(sharedData('sbom', file), 'utf8'))
const rejects = (value: unknown, message: string) =>
  assert.throws(
    () => normaliseSbom(value),
    (error: unknown) => {
      assert.ok(error instanceof DocumentError)
      assert.equal(error.message, message)
      return true
    }
  )
const minimal = (extra: Record<string, unknown> = {}) => ({ bomFormat: 'CycloneDX', specVersion: '1.6', ...extra })

const COMPONENT_KEYS = ['bom-ref', 'description', 'group', 'licenses', 'name', 'properties', 'purl', 'type', 'version']
const VULN_KEYS = [
  'advisories',
  'affects',
  'analysis',
  'bom-ref',
  'cwes',
  'description',
  'detail',
  'id',
  'properties',
  'published',
  'ratings',
  'recommendation',
  'source',
  'updated'
]

describe('normaliseSbom: our own SBOMs (fixtures/test-sbom)', () => {
  it('shop-npm (1.7): tools.components, timestamp, serial number, a vulnerability with three ratings, a scoped package', () => {
    const raw = ours('shop-npm.cdx-1.7.json')
    const sbom = normaliseSbom(raw)
    assert.equal(sbom.spec_version, '1.7')
    assert.equal(sbom.serial_number, 'urn:uuid:6f0c3a52-1d0e-4b7e-9c1a-000000000017')
    assert.equal(sbom.metadata.timestamp, '2026-03-02T10:20:30+00:00')
    // 1.5+ tools: an object with components; the vendor comes from the manufacturer.
    assert.deepEqual(sbom.metadata.tools.components, [
      { name: 'hand-written', version: '1.0', vendor: 'Example Tools Ltd.', group: 'example' }
    ])
    assert.deepEqual(sbom.metadata.component, {
      name: 'example/shop',
      version: null,
      type: 'application',
      group: null,
      purl: null,
      'bom-ref': 'app'
    })
    assert.equal(sbom.components.length, 13)
    for (const component of sbom.components) assert.deepEqual(Object.keys(component).sort(), COMPONENT_KEYS)
    const cookies = sbom.components.find((c) => c.name === 'cookies')
    assert.deepEqual(
      [cookies?.group, cookies?.purl, cookies?.licenses],
      ['@example', 'pkg:npm/%40example/cookies@1.0.0', [{ expression: '(MIT OR Apache-2.0)' }]]
    )
    const [vuln] = sbom.vulnerabilities
    assert.ok(vuln)
    assert.deepEqual(Object.keys(vuln).sort(), VULN_KEYS)
    assert.equal(vuln.id, 'CVE-2999-1005')
    // Ratings without score/vector/method keep null there: nothing is invented.
    assert.deepEqual(vuln.ratings, [
      { severity: 'medium', method: null, score: null, vector: null, source: { name: 'ghsa', url: null } },
      {
        severity: 'medium',
        method: 'CVSSv2',
        score: 4.3,
        vector: 'AV:N/AC:M/Au:N/C:N/I:P/A:N',
        source: { name: 'nvd', url: null }
      },
      {
        severity: 'medium',
        method: 'CVSSv31',
        score: 6.1,
        vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N',
        source: { name: 'nvd', url: null }
      }
    ])
    assert.equal(vuln.detail, null)
    assert.equal(vuln.recommendation, 'Upgrade jquery to version 3.5.0')
    assert.deepEqual(vuln.cwes, [79])
    assert.deepEqual(vuln.advisories, [
      { title: null, url: 'https://example.com/advisories/CVE-2999-1005' },
      { title: null, url: 'https://example.com/jquery/3.5.0' }
    ])
    assert.deepEqual(vuln.affects, [{ ref: 'pkg:npm/jquery@3.4.1' }])
  })

  it('portal-composer (1.4): the tools array, a group on every component, every licence shape, properties kept', () => {
    const raw = ours('portal-composer.cdx-1.4.json')
    const sbom = normaliseSbom(raw)
    assert.equal(sbom.spec_version, '1.4')
    assert.equal(sbom.serial_number, null)
    assert.equal(sbom.metadata.timestamp, null)
    assert.deepEqual(sbom.metadata.component, {
      name: 'portal',
      version: '7.12.0',
      type: 'application',
      group: 'example',
      purl: 'pkg:composer/example/portal@7.12.0',
      'bom-ref': 'example/portal@7.12.0'
    })
    assert.deepEqual(sbom.metadata.tools.components, [
      { name: 'example-bom-library', version: '3.2.1', vendor: 'example', group: null },
      { name: 'example-composer-plugin', version: '4.1.0', vendor: 'example', group: null }
    ])
    assert.deepEqual(
      sbom.components.map((c) => `${c.group}/${c.name}`),
      raw.components.map((c: Json) => `${c.group}/${c.name}`)
    )
    assert.deepEqual(
      sbom.components.map((c) => c.properties),
      raw.components.map((c: Json) => c.properties)
    )
    // id, id + url, name, name + url, expression, and none at all.
    assert.deepEqual(
      sbom.components.map((c) => c.licenses),
      [
        [{ license: { id: 'MIT', name: null, url: null } }],
        [{ license: { id: 'MIT', name: null, url: 'https://example.com/http-client/LICENSE' } }],
        [
          { license: { id: 'MIT', name: null, url: null } },
          { license: { id: 'MIT', name: null, url: 'https://example.com/crc32/LICENSE' } }
        ],
        [{ expression: '(MIT OR Apache-2.0)' }],
        [{ license: { id: null, name: 'Acme Public License', url: null } }],
        [{ license: { id: null, name: 'Acme Public License', url: 'https://example.com/acme/LICENSE' } }],
        []
      ]
    )
    assert.deepEqual(sbom.vulnerabilities, [])
  })

  it('vex-only (1.4): no metadata, no components, a vulnerability about a component elsewhere', () => {
    const sbom = normaliseSbom(ours('vex-only.cdx-1.4.json'))
    assert.deepEqual(sbom.metadata, { timestamp: null, component: null, tools: { components: [] } })
    assert.deepEqual(sbom.components, [])
    assert.equal(sbom.vulnerabilities.length, 1)
    const [vuln] = sbom.vulnerabilities
    assert.deepEqual(vuln?.affects, [
      { ref: 'urn:cdx:5b0c1f0e-2b7a-4c55-8d4e-0000000000aa/1#pkg:maven/com.example/xml-binding@2.10.0?type=jar' }
    ])
    assert.deepEqual(
      vuln?.ratings.map((r) => [r.severity, r.score]),
      [
        ['high', 7.5],
        ['high', 8.2],
        ['none', 0]
      ]
    )
    assert.deepEqual(vuln?.advisories[0], { title: 'Example commit', url: 'https://example.com/xml-binding/commit/1' })
    assert.equal(vuln?.published, '2026-01-03T00:00:00.000Z')
  })
})

describe('normaliseSbom: the real SBOMs of ../shared/data/sbom', { skip: needsSharedData('sbom') }, () => {
  it('juice-shop (1.4): every component in order, the 1.4 tools array, metadata.component kept', () => {
    const raw = fixture('juice-shop-11.1.2.cdx-1.4.json')
    const sbom = normaliseSbom(raw)
    assert.equal(sbom.spec_version, '1.4')
    assert.equal(sbom.serial_number, null)
    assert.equal(sbom.metadata.timestamp, null)
    assert.deepEqual(sbom.metadata.component, {
      name: 'juice-shop',
      version: '14.1.1',
      type: 'application',
      group: null,
      purl: raw.metadata.component.purl,
      'bom-ref': 'juice-shop@14.1.1'
    })
    assert.deepEqual(
      sbom.metadata.tools.components,
      raw.metadata.tools.map((tool: Json) => ({ name: tool.name, version: tool.version, vendor: tool.vendor, group: null }))
    )
    assert.equal(sbom.components.length, raw.components.length)
    assert.deepEqual(
      sbom.components.map((c) => c['bom-ref']),
      raw.components.map((c: Json) => c['bom-ref'])
    )
    assert.deepEqual(sbom.vulnerabilities, [])
    for (const component of sbom.components) assert.deepEqual(Object.keys(component).sort(), COMPONENT_KEYS)
    // Every license shape the file uses survives: id, id + url, name, name + url, expression.
    const raws = raw.components.flatMap((c: Json) => c.licenses ?? [])
    const kept = sbom.components.flatMap((c) => c.licenses)
    assert.equal(kept.length, raws.length)
    raws.forEach((license: Json, index: number) => {
      if (license.expression !== undefined) assert.deepEqual(kept[index], { expression: license.expression })
      else
        assert.deepEqual(kept[index], {
          license: { id: license.license.id ?? null, name: license.license.name ?? null, url: license.license.url ?? null }
        })
    })
    assert.ok(kept.some((l) => 'expression' in l) && kept.some((l) => 'license' in l && l.license.url !== null))
  })

  it('trivy (1.7): tools.components, timestamp, serial number, a vulnerability with eleven ratings', () => {
    const raw = fixture('trivy-npm.cdx-1.7.json')
    const sbom = normaliseSbom(raw)
    assert.equal(sbom.spec_version, '1.7')
    assert.equal(sbom.serial_number, raw.serialNumber)
    assert.equal(sbom.metadata.timestamp, '2021-08-25T12:20:30+00:00')
    // 1.5+ tools: an object with components; the vendor comes from the manufacturer.
    assert.deepEqual(sbom.metadata.tools.components, [
      { name: 'trivy', version: 'dev', vendor: 'Aqua Security Software Ltd.', group: 'aquasecurity' }
    ])
    assert.equal(sbom.metadata.component?.name, 'testdata/fixtures/repo/npm')
    assert.equal(sbom.metadata.component?.version, null)
    assert.equal(sbom.components.length, 13)
    const [vuln] = sbom.vulnerabilities
    assert.ok(vuln)
    assert.deepEqual(Object.keys(vuln).sort(), VULN_KEYS)
    assert.equal(vuln.id, 'CVE-2019-11358')
    assert.equal(vuln.ratings.length, raw.vulnerabilities[0].ratings.length)
    // Ratings without score/vector/method keep null there: nothing is invented.
    assert.deepEqual(vuln.ratings[0], {
      severity: 'medium',
      method: null,
      score: null,
      vector: null,
      source: { name: 'alma', url: null }
    })
    assert.deepEqual(
      vuln.ratings.find((r) => r.method === 'CVSSv31'),
      {
        severity: 'medium',
        method: 'CVSSv31',
        score: 6.1,
        vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N',
        source: { name: 'nvd', url: null }
      }
    )
    assert.equal(vuln.detail, null)
    assert.equal(vuln.recommendation, 'Upgrade jquery to version 3.4.0')
    assert.deepEqual(vuln.cwes, [79])
    assert.ok(vuln.advisories.length > 0 && vuln.advisories.every((a) => a.title === null && a.url.startsWith('http')))
    // Its affects point at a component of the file.
    const refs = new Set(sbom.components.map((c) => c['bom-ref']))
    assert.ok(vuln.affects.length > 0 && vuln.affects.every((a) => refs.has(a.ref)))
  })

  it('vex-only (1.4): no metadata, no components, a vulnerability about a component elsewhere', () => {
    const sbom = normaliseSbom(fixture('vex-only.cdx-1.4.json'))
    assert.deepEqual(sbom.metadata, { timestamp: null, component: null, tools: { components: [] } })
    assert.deepEqual(sbom.components, [])
    assert.equal(sbom.vulnerabilities.length, 1)
    const [vuln] = sbom.vulnerabilities
    assert.deepEqual(vuln?.affects, [
      {
        ref: 'urn:cdx:3e671687-395b-41f5-a30f-a58921a69b79/1#pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.10.0?type=jar'
      }
    ])
    assert.deepEqual(
      vuln?.ratings.map((r) => [r.severity, r.score]),
      [
        ['high', 7.5],
        ['high', 8.2],
        ['none', 0]
      ]
    )
    assert.deepEqual(vuln?.advisories[0], {
      title: 'GitHub Commit',
      url: 'https://github.com/FasterXML/jackson-databind/commit/612f971b78c60202e9cd75a299050c8f2d724a59'
    })
    assert.equal(vuln?.published, '2020-12-03T00:00:00.000Z')
  })

  it('laravel (1.4): a group on every component, properties kept', () => {
    const raw = fixture('laravel-7.12.0.cdx-1.4.json')
    const sbom = normaliseSbom(raw)
    assert.equal(sbom.components.length, raw.components.length)
    assert.deepEqual(
      sbom.metadata.tools.components.map((t) => t.name),
      ['cyclonedx-php-composer']
    )
    const withProps = raw.components.findIndex((c: Json) => (c.properties ?? []).length > 0)
    assert.ok(withProps >= 0)
    assert.deepEqual(sbom.components[withProps]?.properties, raw.components[withProps].properties)
  })
})

describe('normaliseSbom: shapes and leniency', () => {
  it('flattens nested components depth-first, parents before children', () => {
    const sbom = normaliseSbom(
      minimal({
        components: [
          {
            type: 'firmware',
            name: 'a',
            components: [
              { type: 'library', name: 'a1', components: [{ type: 'library', name: 'a1x' }] },
              { type: 'library', name: 'a2' }
            ]
          },
          { type: 'library', name: 'b' }
        ]
      })
    )
    assert.deepEqual(
      sbom.components.map((c) => c.name),
      ['a', 'a1', 'a1x', 'a2', 'b']
    )
  })

  it('accepts every spec version from 1.2 to 1.7, and both tools shapes in any of them', () => {
    for (const version of ['1.2', '1.3', '1.4', '1.5', '1.6', '1.7']) {
      assert.equal(normaliseSbom({ bomFormat: 'CycloneDX', specVersion: version }).spec_version, version)
    }
    const legacy = normaliseSbom(minimal({ metadata: { tools: [{ vendor: 'anchore', name: 'syft', version: '1.0.0' }] } }))
    assert.deepEqual(legacy.metadata.tools.components, [{ name: 'syft', version: '1.0.0', vendor: 'anchore', group: null }])
    const modern = normaliseSbom(
      minimal({
        metadata: {
          tools: {
            components: [{ type: 'application', name: 'syft', version: '1.0.0', supplier: { name: 'Anchore' } }],
            services: [{ name: 'x' }]
          }
        }
      })
    )
    assert.deepEqual(modern.metadata.tools.components, [{ name: 'syft', version: '1.0.0', vendor: 'Anchore', group: null }])
  })

  it('lower-cases a rating severity and treats null as absent', () => {
    const sbom = normaliseSbom(
      minimal({
        serialNumber: null,
        vulnerabilities: [{ id: 'CVE-1', ratings: [{ severity: 'HIGH', score: null }], description: null }, { ratings: [] }]
      })
    )
    assert.equal(sbom.vulnerabilities[0]?.ratings[0]?.severity, 'high')
    assert.equal(sbom.vulnerabilities[0]?.description, null)
    assert.equal(sbom.vulnerabilities[1]?.id, null)
    assert.deepEqual(sbom.vulnerabilities[1]?.source, { name: null, url: null })
  })

  it('keeps only the listed fields (hashes, externalReferences... are dropped) and the dependency graph', () => {
    const sbom = normaliseSbom(
      minimal({
        components: [{ type: 'library', name: 'x', hashes: [{ alg: 'SHA-1', content: 'ab' }], author: 'me', scope: 'required' }],
        dependencies: [{ ref: 'x' }, { ref: 'y', dependsOn: ['x'], provides: ['z'] }]
      })
    )
    assert.deepEqual(sbom.components[0], {
      'bom-ref': null,
      name: 'x',
      type: 'library',
      version: null,
      group: null,
      description: null,
      purl: null,
      licenses: [],
      properties: []
    })
    assert.deepEqual(sbom.dependencies, [
      { ref: 'x', dependsOn: [] },
      { ref: 'y', dependsOn: ['x'] }
    ])
  })

  it("keeps a vulnerability's properties but drops the console: namespace (only the console writes those marks)", () => {
    const sbom = normaliseSbom(
      minimal({
        vulnerabilities: [
          {
            id: 'CVE-2021-44906',
            properties: [
              { name: 'trivy:fixed', value: '1.2.6' },
              { name: 'console:source', value: 'osv-feed' },
              { name: 'console:added-affect', value: 'pkg:npm/minimist@1.2.5' },
              { name: 'consoleish', value: null }
            ]
          }
        ]
      })
    )
    assert.deepEqual(sbom.vulnerabilities[0]?.properties, [
      { name: 'trivy:fixed', value: '1.2.6' },
      { name: 'consoleish', value: null }
    ])
  })
})

describe('normaliseSbom: rejections name the path and the reason', () => {
  it('rejects what is not a CycloneDX BOM', () => {
    rejects([], 'the document must be a JSON object (a CycloneDX BOM)')
    rejects('x', 'the document must be a JSON object (a CycloneDX BOM)')
    rejects({ specVersion: '1.6' }, 'bomFormat must be "CycloneDX"')
    rejects({ bomFormat: 'SPDX', specVersion: '1.6' }, 'bomFormat must be "CycloneDX"')
    rejects({ bomFormat: 'CycloneDX' }, 'specVersion is missing')
    rejects({ bomFormat: 'CycloneDX', specVersion: 1.6 }, 'specVersion must be a string such as "1.6"')
  })

  it('rejects spec versions outside 1.2 to 1.7', () => {
    for (const version of ['1.0', '1.1', '1.8', '2.0', '']) {
      rejects({ bomFormat: 'CycloneDX', specVersion: version }, `specVersion ${version} is not supported (1.2 to 1.7)`)
    }
  })

  it('rejects components and vulnerabilities the console cannot show', () => {
    const components = [
      { type: 'library', name: 'a' },
      { type: 'library', name: 'b' },
      { type: 'library', name: 'c' }
    ]
    rejects(minimal({ components: [...components, { type: 'library' }] }), 'components[3].name is missing')
    rejects(minimal({ components: [...components, { name: 'd' }] }), 'components[3].type is missing')
    rejects(minimal({ components: [{ type: 'library', name: 7 }] }), 'components[0].name must be a string')
    rejects(minimal({ components: {} }), 'components must be an array')
    rejects(minimal({ components: ['x'] }), 'components[0] must be an object')
    rejects(
      minimal({ components: [{ type: 'library', name: 'a', components: [{ type: 'library' }] }] }),
      'components[0].components[0].name is missing'
    )
    rejects(
      minimal({ components: [{ type: 'library', name: 'a', licenses: [{}] }] }),
      'components[0].licenses[0] must have a license or an expression'
    )
    rejects(
      minimal({ components: [{ type: 'library', name: 'a', licenses: [{ license: { url: 'x' } }] }] }),
      'components[0].licenses[0].license must have an id or a name'
    )
    rejects(
      minimal({ components: [{ type: 'library', name: 'a', properties: [{ value: 'v' }] }] }),
      'components[0].properties[0].name is missing'
    )
    rejects(
      minimal({ vulnerabilities: [{ id: 'x', ratings: [{ severity: 'moderate' }] }] }),
      'vulnerabilities[0].ratings[0].severity must be one of critical, high, medium, low, info, none, unknown (got "moderate")'
    )
    rejects(
      minimal({ vulnerabilities: [{ id: 'x', ratings: [{ score: '9.8' }] }] }),
      'vulnerabilities[0].ratings[0].score must be a number'
    )
    rejects(minimal({ vulnerabilities: [{ id: 'x', affects: [{}] }] }), 'vulnerabilities[0].affects[0].ref is missing')
    rejects(
      minimal({ vulnerabilities: [{ id: 'x', advisories: [{ title: 't' }] }] }),
      'vulnerabilities[0].advisories[0].url is missing'
    )
    rejects(minimal({ vulnerabilities: [{ id: 'x', cwes: ['CWE-79'] }] }), 'vulnerabilities[0].cwes[0] must be a whole number')
    rejects(
      minimal({ metadata: { tools: 'syft' } }),
      'metadata.tools must be an array (CycloneDX 1.2-1.4) or an object with components (1.5+)'
    )
    rejects(minimal({ metadata: { timestamp: 5 } }), 'metadata.timestamp must be a string')
    rejects(minimal({ metadata: { component: { type: 'application' } } }), 'metadata.component.name is missing')
    // Legal JSON escapes that PostgreSQL text cannot store: refused at their path, never a 500.
    const unstorable = 'contains a NUL character or an unpaired surrogate (\\u0000, \\ud800…)'
    rejects(minimal({ components: [{ type: 'library', name: 'a\u0000b' }] }), `components[0].name ${unstorable}`)
    rejects(
      minimal({ components: [{ type: 'library', name: 'a', licenses: [{ expression: 'MIT OR \udfff' }] }] }),
      `components[0].licenses[0].expression ${unstorable}`
    )
    rejects(
      minimal({ vulnerabilities: [{ id: 'x', description: 'half an emoji \ud83d' }] }),
      `vulnerabilities[0].description ${unstorable}`
    )
    assert.equal(
      normaliseSbom(minimal({ components: [{ type: 'library', name: 'emoji \ud83d\ude00 ok' }] })).components[0]?.name,
      'emoji 😀 ok'
    )
  })

  it('refuses absurd nesting instead of overflowing the stack', () => {
    let deep: Record<string, unknown> = { type: 'library', name: 'leaf' }
    for (let i = 0; i < 100; i++) deep = { type: 'library', name: `n${i}`, components: [deep] }
    assert.throws(() => normaliseSbom(minimal({ components: [deep] })), /nests components more than 64 levels deep/)
  })
})

describe('parseJson', () => {
  it('says why a file is not JSON, and accepts a UTF-8 byte-order mark', () => {
    assert.throws(
      () => parseJson(Buffer.from('<?xml version="1.0"?><bom/>')),
      (error: unknown) => error instanceof DocumentError && /^is not valid JSON \(Unexpected token/.test(error.message)
    )
    assert.throws(() => parseJson(Buffer.from('  \n')), /^DocumentError: is empty$/)
    assert.deepEqual(parseJson(Buffer.from('\ufeff{"a":1}')), { a: 1 })
  })
})
