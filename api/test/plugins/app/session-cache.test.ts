import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { resetPassword } from '../../../src/lib/accounts.js'
import { hashToken } from '../../../src/lib/tokens.js'
import { buildTestApp, DEMO_PASSWORD, sessionFrom, storeCookies, type Session, type TestApp } from '../../helpers.js'

// Mirrors the session cache of src/plugins/app/auth.ts: a checked access token is trusted for
// CACHE_TTL_SECONDS, but every revocation made in this process refuses it on the next request.

const tenantStatus = async (t: TestApp, session: Session) =>
  (await t.app.inject({ url: `/api/v1/tenants/${t.seeded.demo.tenantUid}/`, headers: session.headers(false) })).statusCode

/** Signs in and uses the session twice, so its check is cached. */
async function cachedSession(t: TestApp, email?: string, password?: string): Promise<Session> {
  const session = await t.login(email, password)
  assert.equal(session.response.statusCode, 200)
  if (email === undefined || email === 'demo@example.com') {
    assert.equal(await tenantStatus(t, session), 200)
    assert.equal(await tenantStatus(t, session), 200)
  }
  return session
}

describe('session cache: revocations in this process take effect at once', () => {
  let t: TestApp
  // A long TTL: anything refused below is refused by invalidation, not by expiry.
  before(async () => {
    t = await buildTestApp({ env: { CACHE_TTL_SECONDS: '300' } })
  })
  after(async () => {
    await t.close()
  })

  it('a cached session is refused right after logout', async () => {
    const session = await cachedSession(t)
    const other = await cachedSession(t)
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/token/logout/', headers: session.headers() })
    assert.equal(logout.statusCode, 200)
    assert.equal(await tenantStatus(t, session), 401)
    assert.equal(await tenantStatus(t, other), 200, "the user's other session lives on")
  })

  it('reusing a refresh token refuses the newest (cached) access token at once', async () => {
    const first = await cachedSession(t)
    const rotated = await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: first.headers() })
    assert.equal(rotated.statusCode, 200)
    const second = sessionFrom(storeCookies(new Map(first.jar), rotated), rotated)
    assert.equal(await tenantStatus(t, second), 200)
    assert.equal(await tenantStatus(t, second), 200)

    const replay = await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: first.headers() })
    assert.equal(replay.statusCode, 401)
    assert.equal(await tenantStatus(t, second), 401)
    assert.equal(await tenantStatus(t, first), 401)
  })

  it('a password reset refuses every cached session of that user, and only theirs', async () => {
    const one = await cachedSession(t)
    const two = await cachedSession(t)
    const otherUser = await t.login('other@example.com', 'other-password')
    const otherTenant = `/api/v1/tenants/${t.seeded.other.tenantUid}/`
    assert.equal((await t.app.inject({ url: otherTenant, headers: otherUser.headers(false) })).statusCode, 200)

    await resetPassword(t.app.db, 'demo@example.com', 'a-new-password')
    try {
      assert.equal(await tenantStatus(t, one), 401)
      assert.equal(await tenantStatus(t, two), 401)
      assert.equal((await t.app.inject({ url: otherTenant, headers: otherUser.headers(false) })).statusCode, 200)
    } finally {
      await resetPassword(t.app.db, 'demo@example.com', DEMO_PASSWORD)
    }
  })

  it('never accepts an access token past its own expiry, however long the cache TTL', async () => {
    const session = await t.login()
    const digest = hashToken(session.jar.get('access_token')!)
    await t.app.db.execute(sql`update access_tokens set expires_at = now() + interval '1 second' where token_hash = ${digest}`)
    assert.equal(await tenantStatus(t, session), 200)
    await sleep(1300)
    assert.equal(await tenantStatus(t, session), 401)
  })
})

describe('session cache: revocations by another process (CACHE_TTL_SECONDS bounds them)', () => {
  it('with CACHE_TTL_SECONDS=1 a revocation written elsewhere is refused within a second', async () => {
    const t = await buildTestApp({ env: { CACHE_TTL_SECONDS: '1' } })
    try {
      const session = await cachedSession(t)
      // What a second server or the CLI on the same PostgreSQL does: the database only.
      await t.app.db.execute(sql`update access_tokens set revoked_at = now()`)
      await sleep(1100)
      assert.equal(await tenantStatus(t, session), 401)
    } finally {
      await t.close()
    }
  })

  it('with CACHE_TTL_SECONDS=0 every request asks the database', async () => {
    const t = await buildTestApp({ env: { CACHE_TTL_SECONDS: '0' } })
    try {
      const session = await cachedSession(t)
      await t.app.db.execute(sql`update access_tokens set revoked_at = now()`)
      assert.equal(await tenantStatus(t, session), 401)
    } finally {
      await t.close()
    }
  })
})
