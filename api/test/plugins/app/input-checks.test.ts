import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { count } from 'drizzle-orm'
import { provisionTokens } from '../../../src/db/schema/index.js'
import { DUPLICATE_KEY } from '../../../src/lib/json-inspect.js'
import { NUL_MESSAGE, SURROGATE_MESSAGE } from '../../../src/lib/text.js'
import { buildDetectApp, type DetectApp } from '../../routes/api/v1/detect-fixtures.js'

// One central check (plugins/app/input-checks.ts) for every route: ASVS 5.0 2.2.1 (positive
// validation of every input, headers included) and 1.5.3 (one reading of a JSON document).
describe('input checks: NUL, unpaired surrogates, duplicate keys and nesting → 400 naming the field', () => {
  let t: DetectApp
  let device: string
  before(async () => {
    t = await buildDetectApp()
    device = await t.deviceOf(t.demoTenant)
  })
  after(async () => {
    await t.close()
  })

  const json = (method: 'POST' | 'PATCH', url: string, body: string, headers: Record<string, string> = t.demo.headers()) =>
    t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: body })

  it('a NUL in ?search= on the devices, alerts and packages lists is a 400 naming "search", not a 500', async () => {
    for (const list of ['devices/', 'alerts/', `devices/${device}/packages/`]) {
      const response = await t.get(`/api/v1/tenants/${t.demoTenant}/${list}?search=ssh%00`)
      assert.equal(response.statusCode, 400, `${list}: ${response.body}`)
      assert.deepEqual(response.json(), { detail: 'Invalid query parameters.', errors: { search: NUL_MESSAGE } })
    }
    // The same search without the NUL works.
    assert.equal((await t.get(`/api/v1/tenants/${t.demoTenant}/devices/?search=ssh`)).statusCode, 200)
  })

  it('NUL and unpaired surrogates in a JSON body name their field (ASVS 5.0 2.2.1)', async () => {
    const url = `/api/v1/tenants/${t.demoTenant}/provision-tokens/`
    const before = (await t.app.db.select({ n: count() }).from(provisionTokens))[0]!.n
    const nul = await json('POST', url, '{"name":"rollout\\u0000"}')
    assert.equal(nul.statusCode, 400, nul.body)
    assert.deepEqual(nul.json(), { detail: 'Invalid request body.', errors: { name: NUL_MESSAGE } })
    // A lone surrogate would have been stored as U+FFFD (text) or failed in jsonb: refused instead.
    const lone = await json('POST', url, '{"name":"rollout \\ud800"}')
    assert.equal(lone.statusCode, 400, lone.body)
    assert.deepEqual(lone.json(), { detail: 'Invalid request body.', errors: { name: SURROGATE_MESSAGE } })
    assert.equal((await t.app.db.select({ n: count() }).from(provisionTokens))[0]!.n, before, 'nothing created')
    // A proper pair (an emoji) is fine.
    assert.equal((await json('POST', url, '{"name":"rollout \\ud83d\\ude00"}')).statusCode, 201)
  })

  it('duplicate keys in a JSON body are a 400 (ASVS 5.0 1.5.3: parsers must not disagree)', async () => {
    const alert = await t.alertOf(t.demoTenant)
    const url = `/api/v1/tenants/${t.demoTenant}/alerts/${alert}/`
    const status = (await t.get(url)).json().status
    const response = await json('PATCH', url, '{"status":"OPEN","status":"CLOSED"}')
    assert.equal(response.statusCode, 400, response.body)
    assert.deepEqual(response.json(), { detail: 'Invalid request body.', errors: { status: DUPLICATE_KEY } })
    assert.equal((await t.get(url)).json().status, status, 'unchanged')
    // Escaped spellings of one key are the same key.
    const escaped = await json('PATCH', url, '{"status":"OPEN","\\u0073tatus":"CLOSED"}')
    assert.deepEqual(escaped.json().errors, { status: DUPLICATE_KEY })
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"demo@example.com","password":"x","password":"demo-password"}'
    })
    assert.equal(login.statusCode, 400)
    assert.deepEqual(login.json().errors, { password: DUPLICATE_KEY })
  })

  it('a body nested 100,000 levels deep is a 400, not a stack overflow', async () => {
    const deep = `{"email":"a@b.co","password":${'['.repeat(100_000)}${']'.repeat(100_000)}}`
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      headers: { 'content-type': 'application/json' },
      payload: deep
    })
    assert.equal(response.statusCode, 400, response.body.slice(0, 200))
    assert.equal(response.json().detail, 'Invalid request body.')
    assert.match(Object.values(response.json().errors as Record<string, string>)[0]!, /Nested more than 64 levels deep/)
  })

  it('a NUL in a credential header is a 400 before any database lookup (X-Provision-Token, X-API-Key)', async () => {
    const enrol = await t.app.inject({
      method: 'POST',
      url: '/api/v1/agents/enroll/',
      headers: { 'x-provision-token': 'pt_x\u0000y' },
      payload: { hostname: 'h', device_type: 'linux', machine_id: '0123456789abcdef' }
    })
    assert.equal(enrol.statusCode, 400, enrol.body)
    assert.deepEqual(enrol.json(), { detail: 'Invalid request headers.', errors: { 'x-provision-token': NUL_MESSAGE } })
    const ingest = await json('POST', `/api/v1/tenants/${t.demoTenant}/alerts/ingest/`, '{}', { 'x-api-key': 'ck_abc\u0000' })
    assert.equal(ingest.statusCode, 400)
    assert.deepEqual(ingest.json().errors, { 'x-api-key': NUL_MESSAGE })
  })
})
