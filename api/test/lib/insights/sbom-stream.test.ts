// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { normaliseSbom } from '../../../src/lib/insights/cyclonedx.js'
import { parseJsonText } from '../../../src/lib/insights/document.js'
import { readSbomStreamed } from '../../../src/lib/insights/sbom-stream.js'

const dir = mkdtempSync(join(tmpdir(), 'sbom-stream-'))
after(() => {
  rmSync(dir, { recursive: true, force: true })
})
let files = 0
const streamed = (text: string | Buffer) => {
  const path = join(dir, `${files++}.json`)
  writeFileSync(path, text)
  return readSbomStreamed(path)
}
const wholeText = (text: string) => normaliseSbom(parseJsonText(text))

const component = (i: number, extra = {}) => ({
  type: 'library',
  'bom-ref': `p${i}@1.0.${i}`,
  name: `p${i}`,
  version: `1.0.${i}`,
  purl: `pkg:npm/p${i}@1.0.${i}`,
  ...extra
})

describe('SBOM read entry by entry (upload worker)', () => {
  it('gives exactly what the whole-text read gives, across read chunks and for odd but valid layouts', () => {
    const big = {
      bomFormat: 'CycloneDX',
      // Before the lists or after them: the reader must not depend on the order of members.
      components: Array.from({ length: 30_000 }, (_, i) =>
        component(
          i,
          i % 997 === 0
            ? {
                description: `ünïcødé ✓ 𝄞 "quoted" \\ back\\slash \u2028 ${'x'.repeat(i % 5000)}`,
                components: [component(-i, { components: [component(-i - 1)] })]
              }
            : {}
        )
      ),
      dependencies: [{ ref: 'p0@1.0.0', dependsOn: ['p1@1.0.1'] }],
      specVersion: '1.6',
      metadata: {
        timestamp: '2026-11-23T00:00:00Z',
        component: { type: 'application', name: 'app' },
        tools: [{ name: 't', version: '1' }]
      },
      vulnerabilities: [{ id: 'CVE-1', ratings: [{ severity: 'HIGH', score: 7.5 }], affects: [{ ref: 'p0@1.0.0' }], cwes: [79] }],
      // A member bigger than a read chunk, kept whole, and keys JSON.parse treats as plain.
      serialNumber: `urn:uuid:${'9'.repeat(1_500_000)}`,
      __proto__x: { annotations: [] }
    }
    const texts = [
      JSON.stringify(big),
      JSON.stringify(big, null, '\t').replaceAll('\n', '\r\n'),
      `\uFEFF  ${JSON.stringify({ ...big, components: [], vulnerabilities: null })} \n`,
      '{"bomFormat":"Cyclone\\u0044X","specVersion":"1.5","__proto__":{"a":1},"components":[ ],"annotations":[1,"a",[{}],null,true,-0.5e3]}',
      '{"specVersion":"1.2","bomFormat":"CycloneDX"}'
    ]
    for (const text of texts) {
      const expected = wholeText(text)
      assert.equal(JSON.stringify(streamed(text)), JSON.stringify(expected))
    }
    assert.equal(streamed(texts[0]!)!.components.length, 30_000 + 2 * 31)
  })

  it('leaves every bad document to the whole-text read (null), so its 400 names the same fault', () => {
    const good = (members: string) => `{"bomFormat":"CycloneDX","specVersion":"1.6",${members}}`
    const bad = [
      '',
      '  ',
      '[]',
      'null',
      '{"bomFormat":"CycloneDX"',
      good('"components":[]') + 'x',
      good('"components":[],'),
      good('"components":[{"type":"library","name":"a"},]'),
      good('"components":[{"type":"library","name":"a"} {"type":"library","name":"b"}]'),
      good('"components":[{"type":"library","name":"a","name":"b"}]'),
      good('"components":[],"components":[]'),
      good('"metadata":{},"meta\\u0064ata":{}'),
      good('"components":[{"type":"library","name":"a\\u0000"}]'),
      good('"vulnerabilities":[{"id":"\\ud800"}]'),
      good('"components":[{"type":"library"}]'),
      good('"components":{}'),
      good('"metadata":[]'),
      good('"dependencies":[{"ref":"a","ref":"b"}]'),
      good('"dependencies":[tru]'),
      good('"x":"raw\ncontrol"'),
      '{"bomFormat":"SPDX","specVersion":"1.6"}',
      '{"bomFormat":"CycloneDX","specVersion":"9"}',
      good(`"components":${'['.repeat(100_000)}`)
    ]
    for (const text of bad) {
      assert.throws(() => wholeText(text), Error, text.slice(0, 80))
      assert.equal(streamed(text), null, text.slice(0, 80))
    }
    assert.equal(streamed(Buffer.from([0xef, 0xbb, 0xbf])), null)
  })
})
