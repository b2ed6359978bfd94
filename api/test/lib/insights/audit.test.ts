// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { normaliseAudit } from '../../../src/lib/insights/audit.js'
import { DocumentError } from '../../../src/lib/insights/document.js'
import { demoAudit } from '../../../src/lib/insights/seed-data/audit.js'

const rule = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: `Rule ${id}`, severity: 'high', ...extra })
const audit = (extra: Record<string, unknown> = {}) => ({
  rules: { globals: { profiles: { cis_level1: { description: 'Level 1' } } }, rules: [rule('a'), rule('b'), rule('c')] },
  results: [
    { id: 'a', status: 'PASS', message: 'ok' },
    { id: 'b', status: 'FAIL', message: 'bad' },
    { id: 'c', status: 'SKIPPED', message: '' }
  ],
  profile_scores: { cis_level1: { score: 1, max: 2 } },
  ...extra
})
const rejects = (value: unknown, message: string) =>
  assert.throws(
    () => normaliseAudit(value),
    (error: unknown) => {
      assert.ok(error instanceof DocumentError, String(error))
      assert.equal(error.message, message)
      return true
    }
  )

describe('normaliseAudit', () => {
  it('keeps a complete audit result as it is (the demo audit round-trips unchanged)', () => {
    const demo = demoAudit()
    assert.deepEqual(normaliseAudit(JSON.parse(JSON.stringify(demo))), demo)
    assert.ok(demo.rules.rules.length >= 40)
    assert.deepEqual(new Set(demo.results.map((r) => r.status)), new Set(['PASS', 'FAIL', 'SKIPPED']))
  })

  it('fills every listed key with an empty value, matches case, and drops unknown fields', () => {
    const normalised = normaliseAudit({
      rules: { rules: [{ id: 'x', title: 'X', severity: 'CRITICAL', version: 2, extra: true }] },
      results: [{ id: 'x', status: 'fail' }],
      scanner: 'v1'
    })
    assert.deepEqual(normalised, {
      rules: {
        globals: { profiles: {} },
        rules: [
          {
            id: 'x',
            title: 'X',
            severity: 'critical',
            version: '2',
            description: '',
            profiles: [],
            regulations: [],
            os: {},
            test: { type: '', strategy: '', target: '', check: '' }
          }
        ]
      },
      results: [{ id: 'x', status: 'FAIL', message: '' }],
      profile_scores: {}
    })
  })

  it('keeps map keys in upload order and a "__proto__" key as a plain key', () => {
    const parsed = JSON.parse(
      '{"rules":{"globals":{"profiles":{"pci_dss":{"description":"p"},"cis_level1":{"description":"c"}}},"rules":[{"id":"x","title":"X","severity":"low","os":{"__proto__":["1"],"debian":["12"]}}]},"results":[],"profile_scores":{"zz":{"score":1,"max":1},"aa":{"score":0,"max":1}}}'
    )
    const normalised = normaliseAudit(parsed)
    assert.deepEqual(Object.keys(normalised.rules.globals.profiles), ['pci_dss', 'cis_level1'])
    assert.deepEqual(Object.keys(normalised.profile_scores), ['zz', 'aa'])
    const os = normalised.rules.rules[0]!.os
    assert.deepEqual(Object.keys(os), ['__proto__', 'debian'])
    assert.equal(Object.getPrototypeOf(os), Object.prototype)
  })

  it('rejects a bad audit with the path and the reason', () => {
    rejects([], 'the document must be a JSON object with rules, results and profile_scores')
    rejects({ results: [] }, 'rules is missing')
    rejects(audit({ rules: { rules: 'x' } }), 'rules.rules must be an array')
    rejects(audit({ rules: {} }), 'rules.rules is missing')
    rejects(audit({ results: undefined }), 'results is missing')
    rejects(
      audit({
        results: [
          { id: 'a', status: 'PASS' },
          { id: 'b', status: 'PASS' },
          { id: 'c', status: 'OK' }
        ]
      }),
      'results[2].status must be PASS, FAIL or SKIPPED'
    )
    rejects(audit({ results: [{ id: 'zzz', status: 'PASS' }] }), 'results[0].id "zzz" names no rule in rules.rules')
    rejects(
      audit({
        results: [
          { id: 'a', status: 'PASS' },
          { id: 'a', status: 'FAIL' }
        ]
      }),
      'results[1].id "a" already has a result (results[0])'
    )
    rejects(
      audit({ rules: { rules: [rule('a'), rule('a')] }, results: [] }),
      'rules.rules[1].id "a" is already used by rules.rules[0]'
    )
    rejects(
      audit({ rules: { rules: [rule('a', { severity: 'info' })] }, results: [] }),
      'rules.rules[0].severity must be one of critical, high, medium, low'
    )
    rejects(audit({ rules: { rules: [{ id: 'a', severity: 'low' }] }, results: [] }), 'rules.rules[0].title is missing')
    rejects(
      audit({ rules: { rules: [rule('a', { profiles: 'cis' })] }, results: [] }),
      'rules.rules[0].profiles must be an array'
    )
    rejects(
      audit({ rules: { rules: [rule('a', { os: { debian: '12' } })] }, results: [] }),
      'rules.rules[0].os.debian must be an array'
    )
    rejects(
      audit({ rules: { rules: [rule('a', { regulations: [{ controls: [] }] })] }, results: [] }),
      'rules.rules[0].regulations[0].id is missing'
    )
    rejects(
      audit({ rules: { rules: [rule('a', { test: { check: {} } })] }, results: [] }),
      'rules.rules[0].test.check must be a string'
    )
    rejects(audit({ profile_scores: { cis: { max: 3 } } }), 'profile_scores.cis.score is missing')
    rejects(audit({ profile_scores: { cis: { score: -1, max: 3 } } }), 'profile_scores.cis score and max must not be negative')
  })
})
