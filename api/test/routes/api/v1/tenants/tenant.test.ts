import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../../../../helpers.js'

describe('GET /api/v1/tenants/:tenant/ and the tenant guard', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => {
    await t.close()
  })

  it("answers the caller's own tenant", async () => {
    const session = await t.login()
    const response = await t.app.inject({ url: `/api/v1/tenants/${t.seeded.demo.tenantUid}/`, headers: session.headers() })
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.json(), { uid: t.seeded.demo.tenantUid, name: 'Demo Tenant' })
  })

  it('another tenant answers exactly like a tenant that does not exist', async () => {
    const session = await t.login()
    const other = await t.app.inject({ url: `/api/v1/tenants/${t.seeded.other.tenantUid}/`, headers: session.headers() })
    const random = await t.app.inject({ url: `/api/v1/tenants/${randomUUID()}/`, headers: session.headers() })
    const junk = await t.app.inject({ url: '/api/v1/tenants/not-a-uuid/', headers: session.headers() })
    for (const response of [other, random, junk]) {
      assert.equal(response.statusCode, 404)
      assert.equal(response.body, '{"detail":"Not found."}')
    }
    assert.doesNotMatch(other.body, /Isolation/)
  })

  it("the other tenant's user sees only their own tenant", async () => {
    const session = await t.login('other@example.com', 'other-password')
    const own = await t.app.inject({ url: `/api/v1/tenants/${t.seeded.other.tenantUid}/`, headers: session.headers() })
    assert.equal(own.statusCode, 200)
    assert.equal(own.json().name, 'Isolation Tenant')
    const demo = await t.app.inject({ url: `/api/v1/tenants/${t.seeded.demo.tenantUid}/`, headers: session.headers() })
    assert.equal(demo.statusCode, 404)
  })

  it('requires a session (401)', async () => {
    const response = await t.app.inject({ url: `/api/v1/tenants/${t.seeded.demo.tenantUid}/` })
    assert.equal(response.statusCode, 401)
    assert.deepEqual(response.json(), { detail: 'Authentication credentials were not provided.' })
  })
})
