import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, DEMO_PASSWORD, storeCookies, type TestApp } from '../../../../helpers.js'

interface SetCookie { name: string, value: string, path?: string, httpOnly?: boolean, sameSite?: string, maxAge?: number, secure?: boolean }

const cookiesOf = (response: { cookies: unknown }) =>
  new Map((response.cookies as SetCookie[]).map((cookie) => [cookie.name, cookie]))

describe('POST /api/v1/token/ (sign in)', () => {
  let t: TestApp
  before(async () => { t = await buildTestApp() })
  after(async () => { await t.close() })

  it('sets the access, refresh and csrf cookies with the right flags', async () => {
    const { response } = await t.login()
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.json(), { success: true })
    const cookies = cookiesOf(response)
    const access = cookies.get('access_token')!
    const refresh = cookies.get('refresh_token')!
    const csrf = cookies.get('csrftoken')!
    assert.equal(access.httpOnly, true)
    assert.equal(access.sameSite, 'Lax')
    assert.equal(access.path, '/api')
    assert.equal(refresh.httpOnly, true)
    assert.equal(refresh.sameSite, 'Strict')
    assert.equal(refresh.path, '/api/v1/token/')
    assert.equal(csrf.httpOnly, undefined)
    assert.equal(csrf.path, '/')
    assert.ok(csrf.value.length >= 20)
    // Without "remember me" they are browser-session cookies, and not Secure on plain HTTP.
    for (const cookie of [access, refresh, csrf]) {
      assert.equal(cookie.maxAge, undefined)
      assert.equal(cookie.secure, undefined)
    }
  })

  it('gives the refresh cookie a lifetime with remember me', async () => {
    const { response } = await t.login('demo@example.com', DEMO_PASSWORD, { remember: true })
    const refresh = cookiesOf(response).get('refresh_token')!
    assert.equal(refresh.maxAge, t.config.refreshTokenTtlSeconds)
  })

  it('accepts the email in any case', async () => {
    const { response } = await t.login('  Demo@Example.COM ', DEMO_PASSWORD)
    assert.equal(response.statusCode, 200)
  })

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await t.login('demo@example.com', 'not-the-password')
    const unknown = await t.login('nobody@example.com', 'whatever-password')
    for (const { response } of [wrong, unknown]) {
      assert.equal(response.statusCode, 401)
      assert.deepEqual(response.json(), { detail: 'Invalid email or password' })
      assert.equal(response.headers['set-cookie'], undefined)
    }
  })
})

describe('authentication check, profile and logout', () => {
  let t: TestApp
  before(async () => { t = await buildTestApp({ env: { COOKIE_SECURE: 'true' } }) })
  after(async () => { await t.close() })

  it('marks cookies Secure when COOKIE_SECURE=true', async () => {
    const { response } = await t.login()
    for (const cookie of cookiesOf(response).values()) assert.equal(cookie.secure, true)
  })

  it('is_authenticated answers 401 without a session and 200 with one', async () => {
    const anonymous = await t.app.inject({ url: '/api/v1/token/is_authenticated/' })
    assert.equal(anonymous.statusCode, 401)
    assert.deepEqual(anonymous.json(), { success: false, detail: 'Authentication credentials were not provided.' })

    const garbage = await t.app.inject({ url: '/api/v1/token/is_authenticated/', cookies: { access_token: 'forged' } })
    assert.equal(garbage.statusCode, 401)

    const session = await t.login()
    const signedIn = await t.app.inject({ url: '/api/v1/token/is_authenticated/', headers: session.headers() })
    assert.equal(signedIn.statusCode, 200)
    assert.deepEqual(signedIn.json(), { success: true })
  })

  it('profile returns the user and tenant, 401 without auth', async () => {
    const session = await t.login()
    const response = await t.app.inject({ url: '/api/v1/token/profile/', headers: session.headers() })
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.json(), {
      user_email: 'demo@example.com',
      user_uid: t.seeded.demo.userUid,
      tenant_uid: t.seeded.demo.tenantUid,
      tenant_name: 'Demo Tenant'
    })
    const anonymous = await t.app.inject({ url: '/api/v1/token/profile/' })
    assert.equal(anonymous.statusCode, 401)
    assert.deepEqual(anonymous.json(), { detail: 'Authentication credentials were not provided.' })
  })

  it('logout revokes the session: old access and refresh cookies stop working', async () => {
    const session = await t.login()
    const oldHeaders = session.headers()
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/token/logout/', headers: oldHeaders })
    assert.equal(logout.statusCode, 200)
    assert.deepEqual(logout.json(), { success: true })
    const cleared = storeCookies(new Map(session.jar), logout)
    assert.equal(cleared.size, 0, 'every session cookie is cleared')

    const check = await t.app.inject({ url: '/api/v1/token/is_authenticated/', headers: oldHeaders })
    assert.equal(check.statusCode, 401)
    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: oldHeaders })
    assert.equal(refresh.statusCode, 401)
  })

  it('logout without a session still answers 200 and clears cookies', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/token/logout/' })
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.json(), { success: true })
    assert.ok(String(response.headers['set-cookie']).includes('access_token=;'))
  })

  it('logout of one session leaves the user\'s other sessions alone', async () => {
    const first = await t.login()
    const second = await t.login()
    await t.app.inject({ method: 'POST', url: '/api/v1/token/logout/', headers: first.headers() })
    const check = await t.app.inject({ url: '/api/v1/token/is_authenticated/', headers: second.headers() })
    assert.equal(check.statusCode, 200)
  })
})
