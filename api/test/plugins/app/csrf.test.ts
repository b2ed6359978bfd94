import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../../helpers.js'

const METHODS = ['POST', 'PATCH', 'DELETE'] as const

describe('double-submit CSRF check on cookie-authenticated unsafe requests', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({
      extend: (app) => {
        // A stand-in for the later tenant routes: default auth (cookie), every unsafe method.
        app.route({
          method: [...METHODS],
          url: '/api/v1/test-echo/',
          handler: async (request) => ({ user: request.user?.email })
        })
        app.post('/api/v1/test-api-key/', { config: { auth: 'api-key', apiKeyKinds: ['test'] } }, async (request) => ({
          kind: request.apiKey?.kind
        }))
        app.apiKeyResolvers.push(async (key) => (key === 'good-key' ? { kind: 'test', id: '1', tenantUid: 't' } : null))
      }
    })
  })
  after(async () => {
    await t.close()
  })

  for (const method of METHODS) {
    it(`${method} without the header, or with a wrong one, is 403; with the right one it passes`, async () => {
      const session = await t.login()
      const missing = await t.app.inject({ method, url: '/api/v1/test-echo/', headers: session.headers(false) })
      assert.equal(missing.statusCode, 403)
      assert.deepEqual(missing.json(), { detail: 'CSRF token missing or incorrect.' })

      const wrong = await t.app.inject({
        method,
        url: '/api/v1/test-echo/',
        headers: { ...session.headers(false), 'x-csrftoken': 'nope' }
      })
      assert.equal(wrong.statusCode, 403)

      const right = await t.app.inject({ method, url: '/api/v1/test-echo/', headers: session.headers() })
      assert.equal(right.statusCode, 200)
      assert.deepEqual(right.json(), { user: 'demo@example.com' })
    })
  }

  it('a matching header does not stand in for a valid session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test-echo/',
      cookies: { access_token: 'forged', csrftoken: 'abc' },
      headers: { 'x-csrftoken': 'abc' }
    })
    assert.equal(response.statusCode, 401)
  })

  it('refresh and logout need the header too; sign-in does not', async () => {
    const session = await t.login()
    for (const url of ['/api/v1/token/refresh/', '/api/v1/token/logout/']) {
      const response = await t.app.inject({ method: 'POST', url, headers: session.headers(false) })
      assert.equal(response.statusCode, 403, url)
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      headers: session.headers(false),
      payload: { email: 'demo@example.com', password: 'demo-password' }
    })
    assert.equal(login.statusCode, 200)
  })

  it('safe methods need no header', async () => {
    const session = await t.login()
    const response = await t.app.inject({ url: '/api/v1/token/profile/', headers: session.headers(false) })
    assert.equal(response.statusCode, 200)
  })

  it('API-key requests carry no cookies and skip the check', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/test-api-key/', headers: { 'x-api-key': 'good-key' } })
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { kind: 'test' })
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/test-api-key/', headers: { 'x-api-key': 'bad-key' } })
    assert.equal(bad.statusCode, 401)
  })
})
