// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseTimestamp } from '../../src/lib/timestamps.js'

const iso = (value: unknown) => parseTimestamp(value)?.toISOString()

describe('parseTimestamp: ISO 8601 or epoch ms that PostgreSQL can store (ASVS 5.0 2.2.1)', () => {
  it('reads the forms Elastic and Cowrie write', () => {
    assert.equal(iso('2026-11-20T08:15:42.118Z'), '2026-11-20T08:15:42.118Z')
    assert.equal(iso('2026-11-20T08:15:42.118273Z'), '2026-11-20T08:15:42.118Z', 'Cowrie: microseconds')
    assert.equal(iso('2026-11-20T10:15:42+02:00'), '2026-11-20T08:15:42.000Z')
    assert.equal(iso('2026-11-20T03:15:42-0500'), '2026-11-20T08:15:42.000Z')
    assert.equal(iso('2026-11-20 08:15'), '2026-11-20T08:15:00.000Z', 'no offset reads as UTC')
    assert.equal(iso(1763626542118), '2025-11-20T08:15:42.118Z')
    assert.equal(iso('0001-01-01T00:00:00Z'), '0001-01-01T00:00:00.000Z')
    assert.equal(iso('9999-12-31T23:59:59.999Z'), '9999-12-31T23:59:59.999Z')
  })

  it('refuses what Date.parse guesses at and what PostgreSQL cannot read', () => {
    for (const value of [
      '+275760-09-13T00:00:00.000Z',
      '0000-06-01T00:00:00Z',
      '0001-01-01T00:30:00+01:00',
      '1',
      'yesterday',
      'Tue Mar 5 2024',
      '2026-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-11-20T24:00:00Z',
      '2026-11-20T08:60:00Z',
      '2026-11-20',
      8.64e15,
      -62198755200001,
      1e300,
      Number.NaN,
      Infinity,
      null,
      true,
      ['2026-11-20T08:15:42Z']
    ]) {
      assert.equal(parseTimestamp(value), undefined, String(value))
    }
  })
})
