import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Json, Session } from '../../../../helpers.js'
import { buildInsightsApp, type InsightsApp } from './insights-fixtures.js'

// The tenant's denied licenses: per tenant, in the database, validated with a 400 and a detail.

const POLICY = '/api/v1/insights/license-policy/'

describe('INSIGHTS license policy', () => {
  let t: InsightsApp
  const put = async (body: unknown, session: Session = t.demo) =>
    await t.app.inject({ method: 'PUT', url: POLICY, headers: session.headers(), payload: body as Json })

  before(async () => {
    t = await buildInsightsApp()
  })
  after(async () => await t.close())

  it('denies nothing until set; keeps the list as set, each id once, with who and when', async () => {
    assert.deepEqual((await t.get(POLICY)).json(), { denied: [], updated_at: null, updated_by: null })
    const response = await put({ denied: ['GPL-3.0-only', 'AGPL-3.0-or-later', 'gpl-3.0-only', 'LicenseRef-acme'] })
    assert.equal(response.statusCode, 200, response.body)
    const set = response.json()
    assert.deepEqual(set.denied, ['GPL-3.0-only', 'AGPL-3.0-or-later', 'LicenseRef-acme'])
    assert.equal(set.updated_by.label, 'demo@example.com')
    assert.ok(Math.abs(Date.parse(set.updated_at) - Date.now()) < 60_000)
    assert.deepEqual((await t.get(POLICY)).json(), set)
    // Replaced whole; an empty list denies nothing again.
    assert.deepEqual((await put({ denied: ['SSPL-1.0'] })).json().denied, ['SSPL-1.0'])
    assert.deepEqual((await put({ denied: [] })).json().denied, [])
    assert.deepEqual((await t.get(POLICY)).json().denied, [])
  })

  it('refuses what is not a list of SPDX ids with a 400 and a detail, and changes nothing', async () => {
    await put({ denied: ['MIT'] })
    const bad: unknown[] = [
      ['MIT'],
      {},
      { denied: 'MIT' },
      { denied: [1] },
      { denied: [''] },
      { denied: ['MIT OR GPL-2.0'] },
      { denied: ['<script>'] },
      { denied: ['x'.repeat(101)] },
      { denied: Array.from({ length: 201 }, (_, i) => `LicenseRef-${i}`) },
      { denied: ['MIT'], extra: true }
    ]
    for (const body of bad) {
      const response = await put(body)
      assert.equal(response.statusCode, 400, JSON.stringify(body).slice(0, 80))
      assert.equal(typeof response.json().detail, 'string')
    }
    assert.deepEqual((await t.get(POLICY)).json().denied, ['MIT'])
    // The limits themselves are accepted.
    const most = Array.from({ length: 200 }, (_, i) => `LicenseRef-${'x'.repeat(80)}-${i}`)
    assert.equal((await put({ denied: most })).statusCode, 200)
  })

  it("is the caller's tenant's own: another tenant neither reads nor changes it", async () => {
    await put({ denied: ['GPL-2.0-only'] })
    assert.deepEqual((await t.get(POLICY, t.other)).json().denied, [])
    assert.equal((await put({ denied: ['MIT'] }, t.other)).statusCode, 200)
    assert.deepEqual((await t.get(POLICY, t.other)).json().denied, ['MIT'])
    assert.deepEqual((await t.get(POLICY)).json().denied, ['GPL-2.0-only'])
  })

  it('needs a signed-in caller', async () => {
    assert.equal((await t.app.inject({ url: POLICY })).statusCode, 401)
    assert.equal((await t.app.inject({ method: 'PUT', url: POLICY, payload: { denied: [] } })).statusCode, 401)
  })
})
