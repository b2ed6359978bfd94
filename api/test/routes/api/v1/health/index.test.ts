import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { buildTestApp, usingPostgres, type TestApp } from '../../../../helpers.js'

// Mirrors src/routes/api/v1/health/index.ts: what a load balancer or a monitor asks this process.

describe('GET /api/v1/health/', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => {
    await t.close()
  })

  const health = () => t.app.inject({ method: 'GET', url: '/api/v1/health/' })

  it('answers signed out, says only that it can serve, and is never cached', async () => {
    const response = await health()
    assert.equal(response.statusCode, 200, response.body)
    assert.deepEqual(response.json(), { status: 'ok' })
    assert.equal(response.headers['cache-control'], 'no-store')
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/health/?verbose=1' })
    assert.equal(unknown.statusCode, 400)
  })

  it('a database that does not answer within 2 s is a 503 with a detail, not a wait for the request timeout', async () => {
    // Every connection busy for 4 s: PGlite's only one, PostgreSQL's pool of 10 (drizzle's queries
    // start when awaited: `then` sends them now).
    const busy = Array.from({ length: usingPostgres() ? 10 : 1 }, () =>
      t.app.db.execute(sql`SELECT pg_sleep(4)`).then(() => undefined)
    )
    try {
      const response = await health()
      assert.equal(response.statusCode, 503, response.body)
      assert.deepEqual(response.json(), { detail: 'The database did not answer within 2 s. Try again later.' })
      assert.equal(response.headers['retry-after'], '5')
    } finally {
      await Promise.all(busy)
    }
    assert.equal((await health()).statusCode, 200, 'and ok again once it answers')
  })
})
