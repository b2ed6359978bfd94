import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../../helpers.js'

/**
 * The tenant guard decides `request.tenantUid` for every tenant-scoped route, whatever its URL:
 * a `:tenant` in the URL must be the caller's; `config: { tenant: 'caller' }` takes the caller's.
 */
describe('tenant guard', () => {
  let t: TestApp
  const refused: string[] = []
  before(async () => {
    t = await buildTestApp({
      extend: (app) => {
        const echo = async (request: { tenantUid: string }) => ({ tenant: request.tenantUid })
        app.get('/api/v1/test-own/', { config: { tenant: 'caller' } }, echo)
        // Declared nothing: the :tenant parameter alone puts the route under the guard.
        app.get('/api/v1/test-named/:tenant/', echo)
        app.get('/api/v1/test-global/', echo)
        // Declarations that contradict the URL stop the start-up.
        for (const [url, tenant] of [
          ['/api/v1/test-bad/:tenant/', 'caller'],
          ['/api/v1/test-bad/', 'url']
        ] as const) {
          try {
            app.get(url, { config: { tenant } }, echo)
          } catch (error) {
            refused.push((error as Error).message)
          }
        }
      }
    })
  })
  after(async () => {
    await t.close()
  })

  it("'caller' routes serve the signed-in user's tenant, and need a caller", async () => {
    const demo = await t.login()
    const other = await t.login('other@example.com', 'other-password')
    assert.deepEqual((await t.app.inject({ url: '/api/v1/test-own/', headers: demo.headers() })).json(), {
      tenant: t.seeded.demo.tenantUid
    })
    assert.deepEqual((await t.app.inject({ url: '/api/v1/test-own/', headers: other.headers() })).json(), {
      tenant: t.seeded.other.tenantUid
    })
    assert.equal((await t.app.inject({ url: '/api/v1/test-own/' })).statusCode, 401)
  })

  it('a :tenant in the URL is checked even when the route declares nothing', async () => {
    const demo = await t.login()
    const own = await t.app.inject({ url: `/api/v1/test-named/${t.seeded.demo.tenantUid}/`, headers: demo.headers() })
    assert.deepEqual(own.json(), { tenant: t.seeded.demo.tenantUid })
    const foreign = await t.app.inject({ url: `/api/v1/test-named/${t.seeded.other.tenantUid}/`, headers: demo.headers() })
    assert.equal(foreign.statusCode, 404)
    assert.equal(foreign.body, '{"detail":"Not found."}')
  })

  it('a route that serves no tenant gets none', async () => {
    const demo = await t.login()
    assert.deepEqual((await t.app.inject({ url: '/api/v1/test-global/', headers: demo.headers() })).json(), { tenant: '' })
  })

  it('refuses a declaration that contradicts the URL', () => {
    assert.equal(refused.length, 2)
    assert.match(refused[0]!, /test-bad\/:tenant\/: a URL naming a tenant is guarded as tenant 'url'/)
    assert.match(refused[1]!, /test-bad\/: tenant 'url' needs a :tenant parameter/)
  })
})
