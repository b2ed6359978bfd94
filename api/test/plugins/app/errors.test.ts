import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Type } from 'typebox'
import { buildTestApp, type TestApp } from '../../helpers.js'

const STACK_TRACE = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|Error:/

describe('error handling', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({
      extend: (app) => {
        app.get('/api/v1/test-boom/', { config: { auth: 'none' } }, async () => {
          throw new Error('secret internal detail at /srv/app.ts:12')
        })
        app.get(
          '/api/v1/test-query/',
          {
            config: { auth: 'none' },
            schema: { querystring: Type.Object({ page: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }) }
          },
          async (request) => ({ page: (request.query as { page: number }).page })
        )
      }
    })
  })
  after(async () => {
    await t.close()
  })

  const login = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/v1/token/', headers: { 'content-type': contentType }, payload })

  it('malformed JSON is a 400', async () => {
    const response = await login('{"email": "demo@example.com",')
    assert.equal(response.statusCode, 400)
    assert.deepEqual(response.json(), { detail: 'Malformed JSON body.' })
  })

  it('an unknown field is a 400 naming the field (rejected, not stripped)', async () => {
    const response = await login(JSON.stringify({ email: 'demo@example.com', password: 'demo-password', admin: true }))
    assert.equal(response.statusCode, 400)
    assert.deepEqual(response.json(), { detail: 'Invalid request body.', errors: { admin: 'Unknown field.' } })
  })

  it('a wrong type is a 400 (no coercion of bodies)', async () => {
    const response = await login(JSON.stringify({ email: 'demo@example.com', password: 'demo-password', remember: 'true' }))
    assert.equal(response.statusCode, 400)
    const body = response.json()
    assert.equal(body.detail, 'Invalid request body.')
    assert.deepEqual(Object.keys(body.errors), ['remember'])
  })

  it('a missing field is a 400 naming the field', async () => {
    const response = await login(JSON.stringify({ email: 'demo@example.com' }))
    assert.equal(response.statusCode, 400)
    assert.deepEqual(response.json(), { detail: 'Invalid request body.', errors: { password: 'This field is required.' } })
  })

  it('an empty or non-object body is a 400', async () => {
    for (const payload of ['', '[]', '"text"', 'null']) {
      const response = await login(payload)
      assert.equal(response.statusCode, 400, payload)
      assert.equal(response.json().detail, 'Invalid request body.')
    }
  })

  it('a huge body is a 413', async () => {
    const response = await login(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }))
    assert.equal(response.statusCode, 413)
    assert.deepEqual(response.json(), { detail: 'Request body is too large.' })
  })

  it('an unsupported content type is a 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await login('email=a', type)
      assert.equal(response.statusCode, 415, type)
      assert.equal(response.json().detail, 'Unsupported content type. Send application/json.')
    }
  })

  it('query strings are converted but still validated', async () => {
    assert.deepEqual((await t.app.inject({ url: '/api/v1/test-query/?page=3' })).json(), { page: 3 })
    const bad = await t.app.inject({ url: '/api/v1/test-query/?page=zero' })
    assert.equal(bad.statusCode, 400)
    assert.equal(bad.json().detail, 'Invalid query parameters.')
    assert.ok('page' in bad.json().errors)
  })

  it('an unexpected failure is a bare 500', async () => {
    const response = await t.app.inject({ url: '/api/v1/test-boom/' })
    assert.equal(response.statusCode, 500)
    assert.deepEqual(response.json(), { detail: 'Internal server error.' })
  })

  it('unknown API paths are JSON 404s, even for browsers', async () => {
    for (const url of ['/api/nope', '/api/v1/nope/', '/api/v1/token/nope/']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } })
      assert.equal(response.statusCode, 404, url)
      assert.match(String(response.headers['content-type']), /application\/json/)
      assert.deepEqual(response.json(), { detail: 'Not found.' })
    }
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/v1/token/profile/' })
    assert.equal(wrongMethod.statusCode, 404)
  })

  it('never shows a stack trace', async () => {
    const responses = await Promise.all([
      login('{bad'),
      login('x', 'text/plain'),
      login(JSON.stringify({ email: 1, password: [] })),
      t.app.inject({ url: '/api/v1/test-boom/' }),
      t.app.inject({ url: '/api/v1/tenants/%E0%A4%A/' })
    ])
    for (const response of responses) {
      assert.doesNotMatch(response.body, STACK_TRACE, response.body)
      assert.ok(response.statusCode < 500 || response.json().detail === 'Internal server error.')
      assert.equal(typeof response.json().detail, 'string')
    }
  })
})
