import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { eq } from 'drizzle-orm'
import { apiKeys } from '../../../../../../src/db/schema/index.js'
import { tempDir } from '../../../../../helpers.js'
import { assertBadRequest, assertNotFound, buildDetectApp, keysOf, type DetectApp } from '../../detect-fixtures.js'

describe('API keys: /api/v1/tenants/:tenant/api-keys/', () => {
  let t: DetectApp
  let base: string
  before(async () => {
    t = await buildDetectApp()
    base = `/api/v1/tenants/${t.demoTenant}/api-keys/`
  })
  after(async () => {
    await t.close()
  })

  const install = (key: string) => t.app.inject({ url: '/api/v1/agents/linux/install', headers: { 'x-api-key': key } })

  it('create → key shown once, only a hash stored → listed without key → works on the install script → revoked → 401 → deleted', async () => {
    const created = await t.send('POST', base, { name: 'Fleet rollout' })
    assert.equal(created.statusCode, 201)
    const key = created.json()
    assert.deepEqual(keysOf(key), ['created', 'key', 'name', 'prefix', 'revoked', 'uid'])
    assert.equal(key.revoked, false)
    const [prefix, secret] = (key.key as string).split('.')
    assert.equal(prefix, key.prefix)
    assert.ok(secret !== undefined && secret.length >= 43)

    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.uid, key.uid))
    assert.ok(row)
    assert.ok(!JSON.stringify(row).includes(secret), 'the secret is not stored')
    assert.match(row.secretHash, /^[0-9a-f]{64}$/)

    const listed = (await t.get(base)).json().results
    assert.equal(listed[0].uid, key.uid, 'newest first')
    for (const item of listed) assert.deepEqual(keysOf(item), ['created', 'name', 'prefix', 'revoked', 'uid'])

    const script = await install(key.key)
    assert.equal(script.statusCode, 200)
    assert.match(script.headers['content-type'] as string, /^text\/x-shellscript/)
    assert.ok(!script.body.includes(secret), 'the script does not echo the key')

    const revoked = await t.send('PATCH', `${base}${key.uid}/`, { revoked: true })
    assert.equal(revoked.statusCode, 200)
    assert.deepEqual(keysOf(revoked.json()), ['created', 'name', 'prefix', 'revoked', 'uid'])
    assert.equal(revoked.json().revoked, true)
    const refused = await install(key.key)
    assert.equal(refused.statusCode, 401)
    assert.equal(typeof refused.json().detail, 'string')

    assert.equal((await t.send('PATCH', `${base}${key.uid}/`, { revoked: false, name: 'Back' })).json().name, 'Back')
    assert.equal((await install(key.key)).statusCode, 200)
    assert.equal((await t.send('DELETE', `${base}${key.uid}/`)).statusCode, 204)
    assert.equal((await install(key.key)).statusCode, 401)
    assertNotFound(await t.send('PATCH', `${base}${key.uid}/`, { name: 'gone' }))
  })

  it('a wrong secret with a real prefix, junk keys and no key → 401', async () => {
    const key = (await t.send('POST', base, { name: 'Probe' })).json()
    for (const presented of [`${key.prefix}.${'A'.repeat(43)}`, 'nonsense', `${key.prefix}.`, '.']) {
      assert.equal((await install(presented)).statusCode, 401, presented)
    }
    assert.equal((await t.app.inject({ url: '/api/v1/agents/linux/install' })).statusCode, 401)
    // a session cookie is not an API key
    assert.equal((await t.app.inject({ url: '/api/v1/agents/linux/install', headers: t.demo.headers(false) })).statusCode, 401)
  })

  it('bad input → 400, no CSRF → 403', async () => {
    for (const payload of [{}, { name: '' }, { name: 'x', key: 'chosen' }, { name: ['x'] }]) {
      assertBadRequest(await t.send('POST', base, payload), JSON.stringify(payload))
    }
    const uid = (await t.get(base)).json().results[0].uid
    assertBadRequest(await t.send('PATCH', `${base}${uid}/`, { revoked: 'true' }))
    assertBadRequest(await t.send('PATCH', `${base}${uid}/`, { prefix: 'x' }))
    const noCsrf = await t.app.inject({ method: 'DELETE', url: `${base}${uid}/`, headers: t.demo.headers(false) })
    assert.equal(noCsrf.statusCode, 403)
  })

  it("another tenant's key → 404, and its key cannot be listed from here", async () => {
    const foreign = (await t.send('POST', `/api/v1/tenants/${t.otherTenant}/api-keys/`, { name: 'Theirs' }, t.other)).json()
    assertNotFound(await t.send('PATCH', `${base}${foreign.uid}/`, { revoked: true }))
    assertNotFound(await t.send('DELETE', `${base}${foreign.uid}/`))
    assert.ok(!(await t.get(base)).json().results.some((k: { uid: string }) => k.uid === foreign.uid))
    assert.equal((await install(foreign.key)).statusCode, 200, 'still valid for its own tenant')
  })

  it('the install script is valid sh (sh -n)', async () => {
    const key = (await t.send('POST', base, { name: 'Syntax' })).json()
    const dir = tempDir('console-api-scripts-')
    for (const type of ['linux', 'rtos']) {
      for (const kind of ['install', 'uninstall']) {
        const response = await t.app.inject({ url: `/api/v1/agents/${type}/${kind}`, headers: { 'x-api-key': key.key } })
        assert.equal(response.statusCode, 200)
        const file = path.join(dir, `${type}-${kind}.sh`)
        fs.writeFileSync(file, response.body)
        execFileSync('sh', ['-n', file])
      }
    }
  })
})
