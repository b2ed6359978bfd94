// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { comparePep440, InvalidVersionError } from '../../../src/lib/vulns/versions/index.js'
import { checkEqual, checkOrder, checkTable } from './version-tables.js'

// Sources: PEP 440 ("Summary of permitted suffixes and relative ordering", "Normalization"), and
// pypa/packaging tests/test_version.py (VERSIONS, test_normalized_versions, test_invalid_versions).

describe('PEP 440 ordering (PyPI)', () => {
  it("orders PEP 440's own example list", () => {
    checkOrder(comparePep440, [
      '1.dev0',
      '1.0.dev456',
      '1.0a1',
      '1.0a2.dev456',
      '1.0a12.dev456',
      '1.0a12',
      '1.0b1.dev456',
      '1.0b2',
      '1.0b2.post345.dev456',
      '1.0b2.post345',
      '1.0rc1.dev456',
      '1.0rc1',
      '1.0',
      '1.0+abc.5',
      '1.0+abc.7',
      '1.0+5',
      '1.0.post456.dev34',
      '1.0.post456',
      '1.0.15',
      '1.1.dev1'
    ])
  })

  it("orders packaging's VERSIONS list (epochs 0 and 1, local versions)", () => {
    const versions = [
      '1.0.dev0',
      '1.0.dev456',
      '1.0.dev456+local',
      '1.0a0',
      '1.0a0.post0.dev0',
      '1.0a0.post0',
      '1.0a1.dev1',
      '1.0a1.dev1+local',
      '1.0a1',
      '1.0a1+local',
      '1.0b0',
      '1.0b1.dev456',
      '1.0b2',
      '1.0b2.post345.dev456',
      '1.0b2.post345',
      '1.0b2-346',
      '1.0rc0',
      '1.0rc1.dev1',
      '1.0c1',
      '1.0rc2',
      '1.0',
      '1.0.post0.dev0',
      '1.0.post0',
      '1.0.post456.dev34',
      '1.0.post456',
      '1.0.post456+local',
      '1.0.1.dev1',
      '1.0.1a1',
      '1.0.1',
      '1.0.1+local',
      '1.0.1.post1',
      '1.1.dev1',
      '1.2+a',
      '1.2+abc',
      '1.2+abcdef',
      '1.2+def',
      '1.2+0',
      '1.2+1',
      '1.2+1.abc',
      '1.2+1.1',
      '1.2+1.1.0',
      '1.2+2',
      '1.2+123',
      '1.2+123456',
      '1.2.r32+123456',
      '1.2.rev33+123456'
    ]
    checkOrder(comparePep440, [...versions, ...versions.map((v) => `1!${v}`)])
  })

  it('normalises spellings to the same version', () => {
    for (const group of [
      ['1.0dev', '1.0.dev0', '1.0-dev', '1.0DEV', '1.0.DEV', '1.0-DEV'],
      ['1.0a', '1.0a0', '1.0.a', '1.0-a', '1.0alpha', '1.0.alpha', '1.0-ALPHA', '1.0A'],
      ['1.0b1', '1.0.b1', '1.0-b1', '1.0beta1', '1.0-BETA1'],
      ['1.0rc1', '1.0c1', '1.0.c1', '1.0-rc1', '1.0RC1', '1.0-C1'],
      ['1.0.post1', '1.0post1', '1.0-post1', '1.0.r1', '1.0.rev1', '1.0-1', '1.0-r1', '1.0-rev1', '1.0.POST1'],
      ['1.0+abc', '1.0+AbC'],
      ['1.1', '1.01', '1.1.0', '1.1.0.0', '0!1.1', '00!1.1', 'v1.1', '   v1.1\t\n'],
      ['1.0a5', '1.0a05'],
      ['1.1.dev9000', '1.1.dev09000'],
      ['100!0.0', '0100!0.0']
    ])
      checkEqual(comparePep440, group)
  })

  it('compares what SBOMs and advisories actually hold', () => {
    checkTable(comparePep440, [
      '23.10.0rc1 < 23.10.0',
      '23.8.0 < 23.10.0rc1',
      '2.31.0 > 2.30.0',
      '1.26.17 > 1.26.16',
      '2.0.0 > 1.26.17',
      '3.1.3 > 3.1.2',
      '4.2 = 4.2.0',
      '4.2rc1 < 4.2',
      '3.2.20 > 3.2.19',
      '39.0.1 > 39.0.0',
      '0.8.1 < 39.0.1',
      '2.0a1 < 2.0',
      '2.0b1 < 2.0rc1',
      '1!0.1 > 2024.1',
      '1.0+ubuntu1 > 1.0'
    ])
  })

  it('refuses what PEP 440 does not accept, and numbers JavaScript would round', () => {
    for (const bad of [
      'french toast',
      '1.0+a+',
      '1.0++',
      '1.0+_foobar',
      '1.0+foo&asd',
      '1.0+1+1',
      '1. 0',
      '1 .0',
      '1.0 a1',
      '1.0a 1',
      '٠١٢.٣٤٥.٦٧٨٩',
      '.',
      '1..0',
      '1.0.',
      '.1.0',
      '1.0+\u0130',
      '2004d',
      'latest',
      '',
      '1.0.dev12345678901234567'
    ]) {
      assert.throws(() => comparePep440(bad, '1.0'), InvalidVersionError, bad)
      assert.throws(() => comparePep440('1.0', bad), InvalidVersionError, bad)
    }
  })
})
