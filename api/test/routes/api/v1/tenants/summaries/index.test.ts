import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildDetectApp, keysOf, type DetectApp } from '../../detect-fixtures.js'

describe('summaries: /api/v1/tenants/:tenant/summaries/', () => {
  let t: DetectApp
  before(async () => {
    t = await buildDetectApp()
  })
  after(async () => {
    await t.close()
  })

  it('latest: counts from the tenant data, worst findings and a plain-English text', async () => {
    const response = await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)
    assert.equal(response.statusCode, 200)
    const summary = response.json()
    assert.deepEqual(keysOf(summary), ['counts', 'created_at', 'text', 'uid', 'worst_findings'])
    assert.deepEqual(keysOf(summary.counts), [
      'closed_alerts',
      'cves',
      'demo_findings',
      'devices',
      'high_risk_cves',
      'kev_cves',
      'linux',
      'open_alerts',
      'packages',
      'rtos'
    ])
    const devices = (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/?limit=1`)).json().count
    assert.equal(summary.counts.devices, devices)
    assert.equal(summary.counts.linux + summary.counts.rtos, devices)
    assert.ok(summary.counts.packages >= 3000)
    assert.ok(summary.worst_findings.length > 0)
    assert.deepEqual(keysOf(summary.worst_findings[0]), ['cve_id', 'device_uid', 'hostname', 'package', 'score'])
    assert.match(summary.text, new RegExp(`${devices} devices are monitored`))
    assert.ok(summary.text.includes(summary.worst_findings[0].cve_id))
    // Simulated devices: their findings are said to be demo data.
    assert.match(summary.text, /demo catalogue \(demo data, not real advisories\)/)
  })

  it('POST regenerates now (201, a newer summary); needs CSRF', async () => {
    const before = (await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)).json()
    const response = await t.send('POST', `/api/v1/tenants/${t.demoTenant}/summaries/`)
    assert.equal(response.statusCode, 201)
    assert.notEqual(response.json().uid, before.uid)
    assert.equal((await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)).json().uid, response.json().uid)
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tenants/${t.demoTenant}/summaries/`,
      headers: t.demo.headers(false)
    })
    assert.equal(noCsrf.statusCode, 403)
  })

  it("each tenant's summary covers only its own data", async () => {
    const other = (await t.get(`/api/v1/tenants/${t.otherTenant}/summaries/latest/`, t.other)).json()
    assert.ok(other.counts.devices < 10)
    for (const finding of other.worst_findings) assert.match(finding.hostname, /^iso-/)
  })
})
