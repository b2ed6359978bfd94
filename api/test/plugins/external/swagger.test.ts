import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type Json, type TestApp } from '../../helpers.js'

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

/** Writes that read no body: their input is a cookie, the stored data, or a stream the route reads itself. */
const BODILESS_WRITES: Record<string, string> = {
  'POST /api/v1/token/refresh/': 'the refresh token is a cookie',
  'POST /api/v1/token/logout/': 'the session is a cookie',
  'POST /api/v1/tenants/{tenant}/summaries/': 'made from the stored data',
  'POST /api/v1/honeypot/events/': 'NDJSON read line by line as it streams in',
  'POST /api/v1/insights/cli/scan': 'multipart files read as they stream in'
}

describe('the OpenAPI document describes every route (contracts in and out)', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ env: { API_DOCS: 'true' } })
  })
  after(async () => {
    await t.close()
  })

  it('gives each route a schema for its success answer and for each input it reads', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json()
    const missing: string[] = []
    const writes = new Set<string>()
    for (const [path, operations] of Object.entries(spec.paths as Json)) {
      for (const [method, operation] of Object.entries(operations as Json)) {
        const route = `${method.toUpperCase()} ${path}`
        const successes = Object.entries((operation.responses ?? {}) as Json).filter(([status]) => /^20[01]$/.test(status))
        const noContent = operation.responses?.['204'] !== undefined
        if (successes.length === 0 && !noContent) missing.push(`${route}: no 200, 201 or 204 answer`)
        for (const [status, answer] of successes) {
          // JSON for most; a download (CSV, STIX) names its own media type.
          const described = Object.values((answer.content ?? {}) as Record<string, Json>).some(
            (media) => media.schema !== undefined
          )
          if (!described) missing.push(`${route}: ${status} has no schema`)
        }
        const parameters = (operation.parameters ?? []) as Json[]
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          const declared = parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)
          if (declared?.schema === undefined) missing.push(`${route}: path parameter ${name} has no schema`)
        }
        if (['POST', 'PUT', 'PATCH'].includes(method.toUpperCase())) {
          writes.add(route)
          const body = operation.requestBody?.content?.['application/json']?.schema
          if (body === undefined && !Object.hasOwn(BODILESS_WRITES, route)) missing.push(`${route}: no request body schema`)
        }
      }
    }
    assert.deepEqual(missing, [])
    // The list of exceptions names only routes that exist and read no JSON body.
    for (const route of Object.keys(BODILESS_WRITES)) assert.ok(writes.has(route), `${route} is a documented write`)
    assert.ok(writes.size > Object.keys(BODILESS_WRITES).length)
  })
})
