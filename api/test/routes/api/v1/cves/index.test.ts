import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { assertNotFound, buildDetectApp, type DetectApp } from '../detect-fixtures.js'

describe('CVE descriptions: /api/v1/cves/:uid/description/', () => {
  let t: DetectApp
  before(async () => { t = await buildDetectApp() })
  after(async () => { await t.close() })

  it('answers the description of a CVE found in a package row', async () => {
    const device = (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/?ordering=-cve_count&limit=1`)).json().results[0]
    const row = (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/${device.uid}/packages/`)).json().results[0]
    assert.ok(row.cve_uid)
    const response = await t.get(`/api/v1/cves/${row.cve_uid}/description/`)
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.equal(body.cve_id, row.cve_id)
    assert.match(body.cve_id, /^CVE-\d{4}-\d{4,}$/)
    assert.ok(body.description.length > 30)
    assert.equal(body.score, row.score)
  })

  it('unknown or junk uid → 404; anonymous → 401', async () => {
    assertNotFound(await t.get('/api/v1/cves/00000000-0000-4000-8000-000000000000/description/'))
    assertNotFound(await t.get('/api/v1/cves/CVE-2024-3094/description/'))
    assert.equal((await t.app.inject({ url: '/api/v1/cves/00000000-0000-4000-8000-000000000000/description/' })).statusCode, 401)
  })
})
