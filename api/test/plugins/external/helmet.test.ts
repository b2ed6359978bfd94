import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { buildTestApp, type TestApp } from '../../helpers.js'

// Mirrors src/plugins/external/helmet.ts: helmet's headers, computed once, on every kind of answer.

const EXPECTED: Record<string, string> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0'
}

function assertSecurityHeaders(response: LightMyRequestResponse, what: string): void {
  for (const [name, value] of Object.entries(EXPECTED)) assert.equal(response.headers[name], value, `${what}: ${name}`)
  const csp = String(response.headers['content-security-policy'])
  for (const directive of ["default-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
    assert.ok(csp.includes(directive), `${what}: CSP has ${directive}: ${csp}`)
  }
}

async function answers(t: TestApp): Promise<Array<[string, LightMyRequestResponse]>> {
  const session = await t.login()
  return [
    [
      'signed-in JSON',
      await t.app.inject({ url: `/api/v1/tenants/${t.seeded.demo.tenantUid}/`, headers: session.headers(false) })
    ],
    ['401', await t.app.inject({ url: `/api/v1/tenants/${t.seeded.demo.tenantUid}/` })],
    ['404', await t.app.inject({ url: '/api/nope' })],
    [
      '400 bad JSON',
      await t.app.inject({ method: 'POST', url: '/api/v1/token/', payload: '{', headers: { 'content-type': 'application/json' } })
    ],
    ['403 CSRF', await t.app.inject({ method: 'POST', url: '/api/v1/token/logout/', headers: session.headers(false) })],
    ['/remotes.json', await t.app.inject({ url: '/remotes.json' })]
  ]
}

describe('security headers on plain HTTP', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => {
    await t.close()
  })

  it('every answer carries them, and no HSTS', async () => {
    for (const [what, response] of await answers(t)) {
      assertSecurityHeaders(response, what)
      assert.equal(response.headers['strict-transport-security'], undefined, what)
    }
  })
})

describe('security headers with COOKIE_SECURE=true', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ env: { COOKIE_SECURE: 'true' } })
  })
  after(async () => {
    await t.close()
  })

  it('every answer carries them, with HSTS', async () => {
    for (const [what, response] of await answers(t)) {
      assertSecurityHeaders(response, what)
      assert.equal(response.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', what)
    }
  })
})
