import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../../helpers.js'

// OWASP ASVS 5.0 V13.4.5: API documentation is not exposed unless explicitly intended. The
// OpenAPI document and its UI are for signed-in users; API_DOCS=true publishes them to anyone.
const DOCS = ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-initializer.js']

describe('API docs need a signed-in user by default (ASVS V13.4.5)', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => {
    await t.close()
  })

  it('answers 401 with a JSON detail to anyone not signed in', async () => {
    for (const url of DOCS) {
      const response = await t.app.inject({ url })
      assert.equal(response.statusCode, 401, url)
      assert.match(response.headers['content-type'] as string, /^application\/json/, url)
      assert.match(response.json().detail, /Sign in/, url)
      assert.doesNotMatch(response.body, /openapi|\/api\/v1\//, url)
    }
    const forged = await t.app.inject({ url: '/api/docs/json', cookies: { access_token: 'forged' } })
    assert.equal(forged.statusCode, 401)
  })

  it('serves the OpenAPI document and the UI to a signed-in user', async () => {
    const session = await t.login()
    const json = await t.app.inject({ url: '/api/docs/json', headers: session.headers(false) })
    assert.equal(json.statusCode, 200)
    assert.match(json.json().openapi, /^3\./)
    assert.ok(json.json().paths['/api/v1/token/'])
    const ui = await t.app.inject({ url: '/api/docs/', headers: session.headers(false) })
    assert.equal(ui.statusCode, 200)
    assert.match(ui.headers['content-type'] as string, /^text\/html/)
  })
})

describe('API_DOCS=true publishes the docs', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ env: { API_DOCS: 'true' } })
  })
  after(async () => {
    await t.close()
  })

  it('serves them without a session', async () => {
    const json = await t.app.inject({ url: '/api/docs/json' })
    assert.equal(json.statusCode, 200)
    assert.match(json.json().openapi, /^3\./)
    assert.equal((await t.app.inject({ url: '/api/docs/' })).statusCode, 200)
  })
})
