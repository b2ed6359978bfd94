import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { assertNotFound, buildDetectApp, type DetectApp } from '../detect-fixtures.js'

/**
 * Every DETECT tenant route, called by the demo user with the OTHER tenant's uid in the path:
 * always 404 {"detail": "Not found."}, for reads and writes alike, never the other tenant's data.
 */
describe('DETECT tenant isolation: another tenant uid → 404 on every route', () => {
  let t: DetectApp
  before(async () => {
    t = await buildDetectApp()
  })
  after(async () => {
    await t.close()
  })

  it('answers 404 for every method and path under the other tenant', async () => {
    const tenant = t.otherTenant
    const device = await t.deviceOf(tenant)
    const alert = await t.alertOf(tenant)
    const token = (await t.get(`/api/v1/tenants/${tenant}/provision-tokens/`, t.other)).json().results[0].uid
    const key = (await t.get(`/api/v1/tenants/${tenant}/api-keys/`, t.other)).json().results[0].uid
    const base = `/api/v1/tenants/${tenant}`
    const calls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?]> = [
      ['GET', `${base}/devices/`],
      ['GET', `${base}/devices/${device}/`],
      ['GET', `${base}/devices/${device}/threads/`],
      ['GET', `${base}/devices/${device}/packages/`],
      ['GET', `${base}/devices/${device}/packages/count/`],
      ['GET', `${base}/alerts/`],
      ['GET', `${base}/alerts/${alert}/`],
      ['PATCH', `${base}/alerts/${alert}/`, { status: 'CLOSED' }],
      ['GET', `${base}/provision-tokens/`],
      ['POST', `${base}/provision-tokens/`, { name: 'x' }],
      ['PATCH', `${base}/provision-tokens/${token}/`, { enabled: false }],
      ['DELETE', `${base}/provision-tokens/${token}/`],
      ['GET', `${base}/api-keys/`],
      ['POST', `${base}/api-keys/`, { name: 'x' }],
      ['PATCH', `${base}/api-keys/${key}/`, { revoked: true }],
      ['DELETE', `${base}/api-keys/${key}/`],
      ['GET', `${base}/summaries/latest/`],
      ['POST', `${base}/summaries/`],
      ['GET', `${base}/dashboard/strategic/`]
    ]
    for (const [method, url, payload] of calls) {
      const response = method === 'GET' ? await t.get(url) : await t.send(method, url, payload)
      assertNotFound(response, `${method} ${url}`)
    }
    // nothing changed on the other side
    assert.equal((await t.get(`${base}/alerts/${alert}/`, t.other)).statusCode, 200)
    assert.equal((await t.get(`${base}/provision-tokens/`, t.other)).json().results.length, 1)
    assert.equal((await t.get(`${base}/api-keys/`, t.other)).json().results[0].revoked, false)
  })
})
