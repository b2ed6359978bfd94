import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../../../src/app.js'
import { loadConfig } from '../../../../../src/config.js'
import { seed } from '../../../../../src/lib/seed.js'
import {
  buildTestApp,
  DEMO_PASSWORD,
  OTHER_PASSWORD,
  openTestDatabase,
  sessionFrom,
  storeCookies,
  usingPostgres,
  type Session,
  type TestApp,
  type TestDatabase
} from '../../../../helpers.js'

// Mirrors src/routes/api/v1/token/index.ts: sign-in, check, profile, logout, refresh, rate limits.

interface SetCookie {
  name: string
  value: string
  path?: string
  httpOnly?: boolean
  sameSite?: string
  maxAge?: number
  secure?: boolean
}

const cookiesOf = (response: { cookies: unknown }) =>
  new Map((response.cookies as SetCookie[]).map((cookie) => [cookie.name, cookie]))

describe('POST /api/v1/token/ (sign in)', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => {
    await t.close()
  })

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
  before(async () => {
    t = await buildTestApp({ env: { COOKIE_SECURE: 'true' } })
  })
  after(async () => {
    await t.close()
  })

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

  it("logout of one session leaves the user's other sessions alone", async () => {
    const first = await t.login()
    const second = await t.login()
    await t.app.inject({ method: 'POST', url: '/api/v1/token/logout/', headers: first.headers() })
    const check = await t.app.inject({ url: '/api/v1/token/is_authenticated/', headers: second.headers() })
    assert.equal(check.statusCode, 200)
  })
})

describe('POST /api/v1/token/refresh/', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => {
    await t.close()
  })

  const refresh = async (session: Session) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: session.headers() })
    return { response, next: sessionFrom(storeCookies(new Map(session.jar), response), response) }
  }
  const profileStatus = async (session: Session) =>
    (await t.app.inject({ url: '/api/v1/token/profile/', headers: session.headers() })).statusCode

  it('rotates: new cookies work, reusing the old refresh token revokes the whole family', async () => {
    const first = await t.login()
    const { response, next: second } = await refresh(first)
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.json(), { success: true })
    assert.notEqual(second.jar.get('refresh_token'), first.jar.get('refresh_token'))
    assert.notEqual(second.jar.get('access_token'), first.jar.get('access_token'))
    assert.notEqual(second.csrf, first.csrf, 'a new csrftoken comes with every refresh')
    assert.equal(await profileStatus(second), 200)

    const { response: third } = await refresh(second)
    assert.equal(third.statusCode, 200, 'the new refresh token works')
    const secondAgain = sessionFrom(second.jar, third)

    // Replay of an already used token: 401, and every token of the family dies.
    const reuse = await refresh(first)
    assert.equal(reuse.response.statusCode, 401)
    assert.equal(typeof reuse.response.json().detail, 'string')
    const newest = sessionFrom(storeCookies(new Map(second.jar), third), third)
    assert.equal(await profileStatus(newest), 401, 'the newest access token is revoked')
    assert.equal((await refresh(newest)).response.statusCode, 401, 'the newest refresh token is revoked')
    assert.equal(await profileStatus(secondAgain), 401)
  })

  it('answers 401 without a refresh cookie, with an unknown one, or with an expired one', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/' })
    assert.equal(none.statusCode, 401)
    assert.equal(typeof none.json().detail, 'string')

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/refresh/',
      cookies: { refresh_token: 'made-up', csrftoken: 'x' },
      headers: { 'x-csrftoken': 'x' }
    })
    assert.equal(unknown.statusCode, 401)

    const session = await t.login()
    await t.app.db.execute(sql`update refresh_tokens set expires_at = now() - interval '1 second'`)
    assert.equal((await refresh(session)).response.statusCode, 401)
  })

  it('an expired access token answers 401 and a refresh brings the session back', async () => {
    const session = await t.login()
    await t.app.db.execute(sql`update access_tokens set expires_at = now() - interval '1 second'`)
    assert.equal(await profileStatus(session), 401)
    const { response, next } = await refresh(session)
    assert.equal(response.statusCode, 200)
    assert.equal(await profileStatus(next), 200)
  })

  it('accepts an empty JSON body as well as no body', async () => {
    const session = await t.login()
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/refresh/',
      headers: { ...session.headers(), 'content-type': 'application/json' },
      payload: ''
    })
    assert.equal(response.statusCode, 200)
  })

  it(
    'two concurrent refreshes with the same token: exactly one succeeds',
    {
      skip: usingPostgres()
        ? false
        : 'PGlite is a single connection, so requests cannot race; run with DATABASE_URL to test this on PostgreSQL'
    },
    async () => {
      for (let round = 0; round < 5; round++) {
        const session = await t.login()
        const results = await Promise.all([refresh(session), refresh(session)])
        const statuses = results.map((result) => result.response.statusCode).sort()
        assert.deepEqual(statuses, [200, 401])
      }
    }
  )
})

// OWASP ASVS 5.0 V6.3.1 / V6.1.1: password guessing is slowed down per (account, client IP) pair
// with a growing delay, and capped per client IP; an account is never locked for everyone, so an
// attacker cannot lock a real user out (NIST SP 800-63B §5.2.2 rate limiting).
describe('sign-in throttling per (account, client IP) pair (ASVS V6.3.1)', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({
      env: { LOGIN_RATE_LIMIT_PAIR: '5', LOGIN_RATE_DELAY_SECONDS: '1', LOGIN_RATE_MAX_DELAY_SECONDS: '60' }
    })
  })
  after(async () => {
    await t.close()
  })

  /** Moves the recorded failures back in time, as if the caller had waited. */
  const wait = async () => {
    await t.app.db.execute(
      sql`update login_failures set last_failure_at = last_failure_at - interval '1 hour', window_start = window_start - interval '1 hour' where key like 'pair:%'`
    )
  }
  const retryAfter = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after'])

  it("an attacker's failures from one IP do not stop the real user signing in from another IP", async () => {
    for (let i = 0; i < 30; i++) {
      const { response } = await t.login('demo@example.com', `guess-${i}`, { ip: '10.0.0.1' })
      assert.ok([401, 429].includes(response.statusCode), `attempt ${i + 1}: ${response.statusCode}`)
    }
    const real = await t.login('demo@example.com', DEMO_PASSWORD, { ip: '10.0.0.2' })
    assert.equal(real.response.statusCode, 200, 'the real user, from their own address')
  })

  it("the attacker's own pair is throttled with Retry-After, the delay doubling up to the cap", async () => {
    for (let i = 0; i < 5; i++) {
      const { response } = await t.login('other@example.com', 'wrong-password', { ip: '10.0.1.1' })
      assert.equal(response.statusCode, 401, `free attempt ${i + 1}`)
    }
    // Throttled: even the right password is not checked until the delay has passed.
    const throttled = await t.login('other@example.com', OTHER_PASSWORD, { ip: '10.0.1.1' })
    assert.equal(throttled.response.statusCode, 429)
    assert.equal(retryAfter(throttled.response), 1)
    assert.deepEqual(throttled.response.json(), { detail: 'Too many login attempts. Try again in 1 seconds.' })

    for (const expected of [2, 4, 8]) {
      await wait()
      assert.equal((await t.login('other@example.com', 'wrong-password', { ip: '10.0.1.1' })).response.statusCode, 401)
      const next = await t.login('other@example.com', 'wrong-password', { ip: '10.0.1.1' })
      assert.equal(next.response.statusCode, 429)
      assert.equal(retryAfter(next.response), expected)
    }
    await t.app.db.execute(sql`update login_failures set count = 40 where key like 'pair:%'`)
    assert.equal(retryAfter((await t.login('other@example.com', 'wrong-password', { ip: '10.0.1.1' })).response), 60, 'capped')

    // Once the delay has passed, a right password signs in and clears the pair.
    await wait()
    assert.equal((await t.login('other@example.com', OTHER_PASSWORD, { ip: '10.0.1.1' })).response.statusCode, 200)
    assert.equal((await t.login('other@example.com', 'wrong-password', { ip: '10.0.1.1' })).response.statusCode, 401)
  })

  it('unknown emails are throttled the same way (nothing tells them apart)', async () => {
    for (let i = 0; i < 5; i++)
      assert.equal((await t.login('ghost@example.com', 'x-password', { ip: '10.0.2.1' })).response.statusCode, 401)
    assert.equal((await t.login('ghost@example.com', 'x-password', { ip: '10.0.2.1' })).response.statusCode, 429)
  })
})

describe('sign-in ceiling per client IP (a spray across accounts)', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ env: { LOGIN_RATE_LIMIT_IP: '12' } })
  })
  after(async () => {
    await t.close()
  })

  it('stops every sign-in from that IP once it reached the ceiling; other IPs are not affected', async () => {
    for (let i = 0; i < 12; i++) {
      const { response } = await t.login(`user${i}@example.com`, 'Summer2026!', { ip: '10.0.3.1' })
      assert.equal(response.statusCode, 401, `spray ${i + 1}`)
    }
    const blocked = await t.login('demo@example.com', DEMO_PASSWORD, { ip: '10.0.3.1' })
    assert.equal(blocked.response.statusCode, 429)
    const retry = Number(blocked.response.headers['retry-after'])
    assert.ok(retry > 0 && retry <= t.config.loginRateWindowSeconds, `Retry-After ${retry}`)
    assert.equal((await t.login('demo@example.com', DEMO_PASSWORD, { ip: '10.0.3.2' })).response.statusCode, 200)
  })
})

describe('sign-in throttling is logged (ASVS V16.3.1), never with the password', () => {
  const lines: string[] = []
  let db: TestDatabase
  let app: FastifyInstance
  before(async () => {
    db = await openTestDatabase()
    await seed(db.database.db, {
      demoPassword: DEMO_PASSWORD,
      otherPassword: OTHER_PASSWORD,
      honeynet: false,
      detect: false,
      insights: false
    })
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'info', LOGIN_RATE_LIMIT_PAIR: '2', LOGIN_RATE_LIMIT_IP: '4' }),
      database: db.database,
      logStream: {
        write: (line) => {
          lines.push(line)
        }
      }
    })
    await app.ready()
  })
  after(async () => {
    await app.close()
    await db.cleanup()
  })

  it('writes a warn line with the account hash and the IP when a pair is throttled or an IP blocked', async () => {
    const login = (email: string, password: string, ip: string) =>
      app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email, password }, remoteAddress: ip })
    for (let i = 0; i < 3; i++) await login('demo@example.com', `secret-guess-${i}`, '10.9.0.1')
    const accountHash = createHash('sha256').update('demo@example.com').digest('hex').slice(0, 16)
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    const throttled = records.find((record) => record.msg === 'sign-in throttled for this account and client IP')
    assert.ok(throttled, lines.join(''))
    assert.equal(throttled.level, 40)
    assert.equal(throttled.account, accountHash)
    assert.equal(throttled.ip, '10.9.0.1')
    assert.equal(throttled.failures, 2)

    for (let i = 0; i < 3; i++) await login(`spray${i}@example.com`, `secret-spray-${i}`, '10.9.0.2')
    await login('demo@example.com', 'secret-spray-x', '10.9.0.2')
    const blocked = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((record) => record.msg === 'sign-in blocked for this client IP')
    assert.ok(blocked, lines.join(''))
    assert.equal(blocked.level, 40)
    assert.equal(blocked.ip, '10.9.0.2')

    const log = lines.join('')
    for (const secret of ['secret-guess', 'secret-spray', DEMO_PASSWORD]) assert.ok(!log.includes(secret), `log leaks ${secret}`)
    assert.ok(!log.includes('demo@example.com'), 'the email is logged as a hash only')
  })
})
