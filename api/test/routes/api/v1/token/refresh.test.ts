import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { buildTestApp, sessionFrom, storeCookies, usingPostgres, type Session, type TestApp } from '../../../../helpers.js'

describe('POST /api/v1/token/refresh/', () => {
  let t: TestApp
  before(async () => { t = await buildTestApp() })
  after(async () => { await t.close() })

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

  it('two concurrent refreshes with the same token: exactly one succeeds', {
    skip: usingPostgres() ? false : 'PGlite is a single connection, so requests cannot race; run with DATABASE_URL to test this on PostgreSQL'
  }, async () => {
    for (let round = 0; round < 5; round++) {
      const session = await t.login()
      const results = await Promise.all([refresh(session), refresh(session)])
      const statuses = results.map((result) => result.response.statusCode).sort()
      assert.deepEqual(statuses, [200, 401])
    }
  })
})
