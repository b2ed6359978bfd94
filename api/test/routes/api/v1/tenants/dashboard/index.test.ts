import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildDetectApp, keysOf, type DetectApp } from '../../detect-fixtures.js'

describe('dashboard: /api/v1/tenants/:tenant/dashboard/strategic/', () => {
  let t: DetectApp
  before(async () => {
    t = await buildDetectApp()
  })
  after(async () => {
    await t.close()
  })

  it('answers every aggregate of the contract, consistent with the lists', async () => {
    const response = await t.get(`/api/v1/tenants/${t.demoTenant}/dashboard/strategic/`)
    assert.equal(response.statusCode, 200)
    const d = response.json()
    assert.deepEqual(keysOf(d), [
      'alerts_by_status',
      'cve_counts',
      'devices_by_risk',
      'devices_by_type',
      'open_alerts_by_priority',
      'recent_alerts',
      'riskiest_devices',
      'top_vulnerable_packages'
    ])
    const devices = (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/?limit=1`)).json().count
    assert.deepEqual(
      d.devices_by_risk.map((r: { risk_score: string }) => r.risk_score),
      ['High', 'Medium', 'Low']
    )
    assert.equal(
      d.devices_by_risk.reduce((n: number, r: { count: number }) => n + r.count, 0),
      devices
    )
    assert.equal(
      d.devices_by_type.reduce((n: number, r: { count: number }) => n + r.count, 0),
      devices
    )
    const open = (await t.get(`/api/v1/tenants/${t.demoTenant}/alerts/?status=OPEN&limit=1`)).json().count
    assert.equal(d.alerts_by_status.find((s: { status: string }) => s.status === 'OPEN').count, open)
    const since = Date.now() - 31 * 86_400_000
    for (const point of d.open_alerts_by_priority) {
      assert.match(point.date, /^\d{4}-\d{2}-\d{2}$/)
      assert.ok(Date.parse(point.date) >= since)
      assert.match(point.priority, /^(Critical|High|Medium|Low)$/)
    }
    assert.ok(d.open_alerts_by_priority.length > 0)
    assert.ok(d.top_vulnerable_packages.length > 0 && d.top_vulnerable_packages.length <= 10)
    assert.deepEqual(keysOf(d.top_vulnerable_packages[0]), ['cve_count', 'device_count', 'kev_count', 'max_score', 'name'])
    assert.deepEqual(keysOf(d.cve_counts), ['demo', 'devices_affected', 'high_risk', 'kev', 'kev_devices', 'kev_loaded', 'total'])
    assert.equal(d.cve_counts.kev_loaded, false)
    assert.ok(d.cve_counts.total >= 40 && d.cve_counts.high_risk > 0 && d.cve_counts.devices_affected > 0)
    // Only simulated devices: all of their findings are demo data, and no KEV data is loaded.
    assert.ok(d.cve_counts.demo > 0)
    assert.deepEqual([d.cve_counts.kev, d.cve_counts.kev_devices], [0, 0])
    assert.equal(d.riskiest_devices.length, 10)
    assert.equal(d.riskiest_devices[0].risk_score, 'High')
    assert.equal(d.recent_alerts.length, 10)
    for (const alert of d.recent_alerts) assert.equal(alert.status, 'OPEN')
  })

  it("the other tenant's dashboard counts only its own devices", async () => {
    const d = (await t.get(`/api/v1/tenants/${t.otherTenant}/dashboard/strategic/`, t.other)).json()
    const total = d.devices_by_type.reduce((n: number, r: { count: number }) => n + r.count, 0)
    assert.ok(total > 0 && total < 10)
    for (const device of d.riskiest_devices) assert.match(device.hostname, /^iso-/)
  })
})
