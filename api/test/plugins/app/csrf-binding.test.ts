import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, cookieHeader, DEMO_PASSWORD, OTHER_PASSWORD, type Session, type TestApp } from '../../helpers.js'

// OWASP ASVS 5.0 V3.5.1: CSRF-able requests must prove they come from the application itself.
// The csrftoken is a signed double-submit token bound to the session (an HMAC of the session id
// with a server secret), and unsafe requests whose Origin / Sec-Fetch-Site say cross-site are
// refused (V3.5.3 allows Sec-Fetch-* validation as that proof).

const CROSS_SITE = { detail: 'Cross-site request refused: the Origin or Sec-Fetch-Site header says it comes from another site.' }
const CSRF_FAILED = { detail: 'CSRF token missing or incorrect.' }

/** The app with two unsafe test routes: one for a signed-in user, one for an API key ("good-key"). */
const buildCsrfTestApp = async (): Promise<TestApp> =>
  await buildTestApp({
    extend: (app) => {
      app.post('/api/v1/test-csrf/', async (request) => ({ user: request.user?.email }))
      app.post('/api/v1/test-csrf-key/', { config: { auth: 'api-key', apiKeyKinds: ['test'] } }, async (request) => ({
        kind: request.apiKey?.kind
      }))
      app.apiKeyResolvers.push(async (key) => (key === 'good-key' ? { kind: 'test', id: '1', tenantUid: 't' } : null))
    }
  })

describe('CSRF token bound to the session (ASVS V3.5.1)', () => {
  let t: TestApp
  let demo: Session
  let other: Session
  const echo = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/v1/test-csrf/', headers })
  before(async () => {
    t = await buildCsrfTestApp()
    demo = await t.login()
    other = await t.login('other@example.com', OTHER_PASSWORD)
  })
  after(async () => {
    await t.close()
  })

  it("the session's own token passes", async () => {
    const response = await echo(demo.headers())
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.json(), { user: 'demo@example.com' })
  })

  it('a token from another session is refused, even when cookie and header match', async () => {
    for (const stolen of [other.csrf, (await t.login()).csrf]) {
      const jar = new Map(demo.jar)
      jar.set('csrftoken', stolen)
      const response = await echo({ cookie: cookieHeader(jar), 'x-csrftoken': stolen })
      assert.equal(response.statusCode, 403)
      assert.deepEqual(response.json(), CSRF_FAILED)
    }
  })

  it('a made-up token in cookie and header is refused', async () => {
    for (const forged of ['abc', 'A'.repeat(32), `${'A'.repeat(22)}.${'B'.repeat(43)}`]) {
      const jar = new Map(demo.jar)
      jar.set('csrftoken', forged)
      const response = await echo({ cookie: cookieHeader(jar), 'x-csrftoken': forged })
      assert.equal(response.statusCode, 403, forged)
    }
  })

  it('a refresh keeps the token bound: the new one works, a token of another session does not refresh', async () => {
    const session = await t.login()
    const stolen = other.csrf
    const jar = new Map(session.jar)
    jar.set('csrftoken', stolen)
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/refresh/',
      headers: { cookie: cookieHeader(jar), 'x-csrftoken': stolen }
    })
    assert.equal(refused.statusCode, 403)
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: session.headers() })
    assert.equal(refreshed.statusCode, 200)
  })
})

describe('cross-site requests are refused by Origin / Sec-Fetch-Site (ASVS V3.5.1, V3.5.3)', () => {
  let t: TestApp
  let demo: Session
  before(async () => {
    t = await buildCsrfTestApp()
    demo = await t.login()
  })
  after(async () => {
    await t.close()
  })

  const post = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { host: 'console.example.com', ...headers },
      ...(payload === undefined ? {} : { payload })
    })

  it('a cross-site Origin is refused with a JSON detail, with or without a valid token', async () => {
    for (const origin of ['https://evil.example', 'http://console.example.com.evil.example', 'null']) {
      const response = await post('/api/v1/test-csrf/', { ...demo.headers(), origin })
      assert.equal(response.statusCode, 403, origin)
      assert.deepEqual(response.json(), CROSS_SITE)
    }
  })

  it('Sec-Fetch-Site cross-site or same-site is refused; same-origin and none pass', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await post('/api/v1/test-csrf/', {
        ...demo.headers(),
        'sec-fetch-site': site,
        origin: 'https://console.example.com'
      })
      assert.equal(response.statusCode, 403, site)
      assert.deepEqual(response.json(), CROSS_SITE)
    }
    for (const site of ['same-origin', 'none']) {
      const response = await post('/api/v1/test-csrf/', { ...demo.headers(), 'sec-fetch-site': site })
      assert.equal(response.statusCode, 200, site)
    }
  })

  it('the sign-in itself is refused cross-site (login CSRF)', async () => {
    const response = await post(
      '/api/v1/token/',
      { origin: 'https://evil.example' },
      { email: 'demo@example.com', password: DEMO_PASSWORD }
    )
    assert.equal(response.statusCode, 403)
    assert.deepEqual(response.json(), CROSS_SITE)
    assert.equal(response.headers['set-cookie'], undefined)
  })

  it('a same-origin Origin passes', async () => {
    for (const origin of ['https://console.example.com', 'http://console.example.com']) {
      const response = await post('/api/v1/test-csrf/', { ...demo.headers(), origin })
      assert.equal(response.statusCode, 200, origin)
    }
  })

  it('no Origin at all (a non-browser client with an API key, curl, an agent) passes', async () => {
    const key = await post('/api/v1/test-csrf-key/', { 'x-api-key': 'good-key' })
    assert.equal(key.statusCode, 200)
    assert.deepEqual(key.json(), { kind: 'test' })
    assert.equal((await post('/api/v1/test-csrf/', demo.headers())).statusCode, 200)
  })

  it('safe methods are never refused for their Origin', async () => {
    const response = await t.app.inject({
      url: '/api/v1/token/profile/',
      headers: { ...demo.headers(false), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }
    })
    assert.equal(response.statusCode, 200)
  })
})

describe('PUBLIC_URL is a trusted origin', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://console.example.com' } })
  })
  after(async () => {
    await t.close()
  })

  it('accepts its Origin even when the Host the server sees differs (a proxy that rewrites Host)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      headers: { host: '10.0.0.5:8080', origin: 'https://console.example.com' },
      payload: { email: 'demo@example.com', password: DEMO_PASSWORD }
    })
    assert.equal(response.statusCode, 200)
  })
})

describe('__Host- prefix on the csrftoken when COOKIE_SECURE=true (ASVS V3.3.1, V3.3.3)', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ env: { COOKIE_SECURE: 'true' } })
  })
  after(async () => {
    await t.close()
  })

  interface SetCookie {
    name: string
    value: string
    path?: string
    secure?: boolean
    domain?: string
    httpOnly?: boolean
  }

  it('names it __Host-csrftoken (Secure, Path=/, no Domain) and the session cookies __Secure-', async () => {
    const { response } = await t.login()
    const cookies = new Map((response.cookies as SetCookie[]).map((cookie) => [cookie.name, cookie]))
    assert.deepEqual([...cookies.keys()].sort(), ['__Host-csrftoken', '__Secure-access_token', '__Secure-refresh_token'])
    const csrf = cookies.get('__Host-csrftoken')!
    assert.equal(csrf.secure, true)
    assert.equal(csrf.path, '/')
    assert.equal(csrf.domain, undefined)
    assert.equal(csrf.httpOnly, undefined, 'the console reads it to send X-CSRFToken')
    for (const name of ['__Secure-access_token', '__Secure-refresh_token']) {
      assert.equal(cookies.get(name)!.secure, true)
      assert.equal(cookies.get(name)!.httpOnly, true)
    }
  })

  it('the prefixed cookies work end to end, and an unprefixed csrftoken is ignored', async () => {
    const session = await t.login()
    const token = session.jar.get('__Host-csrftoken')!
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/refresh/',
      headers: { cookie: cookieHeader(session.jar), 'x-csrftoken': token }
    })
    assert.equal(ok.statusCode, 200)

    const again = await t.login()
    const jar = new Map(again.jar)
    const value = jar.get('__Host-csrftoken')!
    jar.delete('__Host-csrftoken')
    jar.set('csrftoken', value) // what a sibling subdomain or a network attacker could plant
    const planted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/logout/',
      headers: { cookie: cookieHeader(jar), 'x-csrftoken': value }
    })
    assert.equal(planted.statusCode, 403)
  })
})
