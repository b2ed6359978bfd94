import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { assertBadRequest, assertNotFound, buildDetectApp, keysOf, type DetectApp } from '../../detect-fixtures.js'

const KEYS = ['created_at', 'created_by', 'enabled', 'name', 'token', 'uid']

describe('provision tokens: /api/v1/tenants/:tenant/provision-tokens/', () => {
  let t: DetectApp
  let base: string
  before(async () => {
    t = await buildDetectApp()
    base = `/api/v1/tenants/${t.demoTenant}/provision-tokens/`
  })
  after(async () => {
    await t.close()
  })

  it('lists the seeded tokens newest first with their creator', async () => {
    const { results } = (await t.get(base)).json()
    assert.ok(results.length >= 3)
    for (const token of results) {
      assert.deepEqual(keysOf(token), KEYS)
      assert.equal(token.created_by, 'demo@example.com')
    }
    const times = results.map((r: { created_at: string }) => Date.parse(r.created_at))
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a)
    )
    assert.ok(results.some((r: { enabled: boolean }) => !r.enabled))
  })

  it('creates a random token that appears at the top; rename, disable, delete', async () => {
    const created = await t.send('POST', base, { name: '  New rollout  ' })
    assert.equal(created.statusCode, 201)
    const token = created.json()
    assert.deepEqual(keysOf(token), KEYS)
    assert.equal(token.name, 'New rollout')
    assert.equal(token.enabled, true)
    assert.match(token.token, /^pt_[A-Za-z0-9_-]{32}$/) // 24 random bytes = 192 bits
    const second = (await t.send('POST', base, { name: 'Another' })).json()
    assert.notEqual(second.token, token.token)
    assert.equal((await t.get(base)).json().results[0].uid, second.uid)

    const renamed = await t.send('PATCH', `${base}${token.uid}/`, { name: 'Renamed', enabled: false })
    assert.equal(renamed.statusCode, 200)
    assert.deepEqual([renamed.json().name, renamed.json().enabled, renamed.json().token], ['Renamed', false, token.token])
    assert.equal((await t.send('PATCH', `${base}${token.uid}/`, {})).json().name, 'Renamed')

    assert.equal((await t.send('DELETE', `${base}${token.uid}/`)).statusCode, 204)
    assertNotFound(await t.send('DELETE', `${base}${token.uid}/`))
    assert.ok(!(await t.get(base)).json().results.some((r: { uid: string }) => r.uid === token.uid))
  })

  it('rejects bad input (400) and unsafe calls without CSRF (403)', async () => {
    for (const payload of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 5 },
      { name: 'x', token: 'mine' },
      { name: 'x'.repeat(201) }
    ]) {
      assertBadRequest(await t.send('POST', base, payload), JSON.stringify(payload))
    }
    const uid = (await t.get(base)).json().results[0].uid
    for (const payload of [{ enabled: 'yes' }, { name: '' }, { uid: 'x' }]) {
      assertBadRequest(await t.send('PATCH', `${base}${uid}/`, payload), JSON.stringify(payload))
    }
    const noCsrf = await t.app.inject({ method: 'POST', url: base, headers: t.demo.headers(false), payload: { name: 'x' } })
    assert.equal(noCsrf.statusCode, 403)
    const notJson = await t.app.inject({
      method: 'POST',
      url: base,
      headers: { ...t.demo.headers(), 'content-type': 'text/plain' },
      payload: 'name=x'
    })
    assert.equal(notJson.statusCode, 415)
  })

  it("another tenant's token → 404 on PATCH and DELETE; lists never mix", async () => {
    const foreign = (await t.get(`/api/v1/tenants/${t.otherTenant}/provision-tokens/`, t.other)).json().results[0]
    assertNotFound(await t.send('PATCH', `${base}${foreign.uid}/`, { enabled: false }))
    assertNotFound(await t.send('DELETE', `${base}${foreign.uid}/`))
    assert.ok(!(await t.get(base)).json().results.some((r: { uid: string }) => r.uid === foreign.uid))
    const still = (await t.get(`/api/v1/tenants/${t.otherTenant}/provision-tokens/`, t.other)).json().results[0]
    assert.deepEqual(still, foreign)
  })
})
