import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, OTHER_PASSWORD, type TestApp } from '../../../../helpers.js'

describe('sign-in rate limits (failed attempts per account and per IP)', () => {
  let t: TestApp
  // Default per-account limit (10); a lower IP limit keeps the test short.
  before(async () => { t = await buildTestApp({ env: { LOGIN_RATE_LIMIT_IP: '15' } }) })
  after(async () => { await t.close() })

  it('the 11th attempt on one account is refused with 429 and Retry-After, even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      const { response } = await t.login('demo@example.com', 'wrong-password', { ip: '10.0.0.1' })
      assert.equal(response.statusCode, 401, `attempt ${i + 1}`)
    }
    const { response } = await t.login('demo@example.com', 'demo-password', { ip: '10.0.0.1' })
    assert.equal(response.statusCode, 429)
    const retryAfter = Number(response.headers['retry-after'])
    assert.ok(retryAfter > 0 && retryAfter <= 900, `Retry-After ${retryAfter}`)
    assert.deepEqual(response.json(), { detail: `Too many login attempts. Try again in ${retryAfter} seconds.` })

    // The account stays locked from another address too.
    const elsewhere = await t.login('demo@example.com', 'demo-password', { ip: '10.0.0.9' })
    assert.equal(elsewhere.response.statusCode, 429)
  })

  it('another account from the same IP is allowed until the IP limit', async () => {
    // 10 failures from 10.0.0.1 so far; the IP limit is 15.
    for (let i = 0; i < 5; i++) {
      const { response } = await t.login('other@example.com', 'wrong-password', { ip: '10.0.0.1' })
      assert.equal(response.statusCode, 401, `attempt ${i + 1}`)
    }
    const blocked = await t.login('other@example.com', OTHER_PASSWORD, { ip: '10.0.0.1' })
    assert.equal(blocked.response.statusCode, 429)
    assert.match(blocked.response.json().detail, /^Too many login attempts\. Try again in \d+ seconds\.$/)

    const otherIp = await t.login('other@example.com', OTHER_PASSWORD, { ip: '10.0.0.2' })
    assert.equal(otherIp.response.statusCode, 200)
  })

  it('unknown emails count as failures too', async () => {
    for (let i = 0; i < 10; i++) await t.login('ghost@example.com', 'x-password', { ip: '10.0.0.3' })
    const { response } = await t.login('ghost@example.com', 'x-password', { ip: '10.0.0.3' })
    assert.equal(response.statusCode, 429)
  })
})
