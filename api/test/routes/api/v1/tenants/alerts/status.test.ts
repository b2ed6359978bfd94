import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { and, eq, notExists } from 'drizzle-orm'
import { alerts, alertStatusHistory } from '../../../../../../src/db/schema/index.js'
import { assertBadRequest, assertNotFound, buildDetectApp, keysOf, type DetectApp } from '../../detect-fixtures.js'

interface Change {
  at: string
  from_status: string
  to_status: string
  comment: string
  actor: { kind: string; uid: string | null; label: string }
}

describe('alert status changes: PATCH, bulk-status and history', () => {
  let t: DetectApp
  let base: string
  before(async () => {
    t = await buildDetectApp()
    base = `/api/v1/tenants/${t.demoTenant}/alerts/`
  })
  after(async () => {
    await t.close()
  })

  const history = async (uid: string): Promise<{ count: number; results: Change[] }> => {
    const response = await t.get(`${base}${uid}/history/`)
    assert.equal(response.statusCode, 200, response.body)
    return response.json()
  }
  /** Open alerts of the demo tenant that no earlier test changed (no history yet). */
  const openUids = async (n: number): Promise<string[]> => {
    const rows = await t.app.db
      .select({ uid: alerts.uid })
      .from(alerts)
      .where(
        and(
          eq(alerts.tenantUid, t.demoTenant),
          eq(alerts.status, 'OPEN'),
          notExists(t.app.db.select().from(alertStatusHistory).where(eq(alertStatusHistory.alertUid, alerts.uid)))
        )
      )
      .orderBy(alerts.uid)
      .limit(n)
    assert.equal(rows.length, n)
    return rows.map((row) => row.uid)
  }
  const historyRows = async (uids: string[]) =>
    (await t.app.db.select().from(alertStatusHistory).where(eq(alertStatusHistory.tenantUid, t.demoTenant))).filter((row) =>
      uids.includes(row.alertUid)
    )
  const bulk = (payload: unknown, session = t.demo) => t.send('POST', `${base}bulk-status/`, payload, session)

  it('PATCH records who, when, from → to and the comment; the same status again records nothing', async () => {
    const [uid] = await openUids(1)
    assert.ok(uid)
    assert.deepEqual(await history(uid), { count: 0, results: [] })
    const started = Date.now()
    const closed = await t.send('PATCH', `${base}${uid}/`, { status: 'CLOSED', comment: '  False positive: patch window  ' })
    assert.equal(closed.statusCode, 200, closed.body)
    assert.equal(closed.json().status, 'CLOSED')
    const again = await t.send('PATCH', `${base}${uid}/`, { status: 'CLOSED' })
    assert.equal(again.statusCode, 200)
    await t.send('PATCH', `${base}${uid}/`, { status: 'OPEN' })

    const trail = await history(uid)
    assert.equal(trail.count, 2)
    const [reopened, first] = trail.results
    assert.ok(reopened && first)
    assert.deepEqual(keysOf(first), ['actor', 'at', 'comment', 'from_status', 'to_status'])
    assert.deepEqual(
      { from: first.from_status, to: first.to_status, comment: first.comment },
      { from: 'OPEN', to: 'CLOSED', comment: 'False positive: patch window' }
    )
    assert.deepEqual(first.actor, { kind: 'user', uid: t.seeded.demo.userUid, label: 'demo@example.com' })
    assert.ok(Date.parse(first.at) >= started - 1000 && Date.parse(first.at) <= Date.now() + 1000)
    assert.deepEqual(
      { from: reopened.from_status, to: reopened.to_status, comment: reopened.comment },
      { from: 'CLOSED', to: 'OPEN', comment: '' }
    )
  })

  it('an API key of the tenant may change a status: recorded as the key, not as its creator', async () => {
    const key = (await t.send('POST', `/api/v1/tenants/${t.demoTenant}/api-keys/`, { name: 'SOAR' })).json()
    const [uid] = await openUids(1)
    const response = await t.app.inject({
      method: 'PATCH',
      url: `${base}${uid}/`,
      headers: { 'x-api-key': key.key },
      payload: { status: 'CLOSED', comment: 'resolved by playbook 7' }
    })
    assert.equal(response.statusCode, 200, response.body)
    const [change] = (await history(uid!)).results
    assert.deepEqual(change?.actor, { kind: 'api-key', uid: key.uid, label: `API key SOAR (${key.prefix})` })
    // Another tenant's key is refused like no key; so is a revoked one.
    const otherKey = (await t.send('POST', `/api/v1/tenants/${t.otherTenant}/api-keys/`, { name: 'B' }, t.other)).json()
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `${base}${uid}/`,
      headers: { 'x-api-key': otherKey.key },
      payload: { status: 'OPEN' }
    })
    assertNotFound(foreign)
    await t.send('PATCH', `/api/v1/tenants/${t.demoTenant}/api-keys/${key.uid}/`, { revoked: true })
    const revoked = await t.app.inject({
      method: 'PATCH',
      url: `${base}${uid}/`,
      headers: { 'x-api-key': key.key },
      payload: { status: 'OPEN' }
    })
    assert.equal(revoked.statusCode, 401)
    assert.equal((await history(uid!)).count, 1)
  })

  it('bulk close of 50 alerts records 50 history entries and regenerates the summary once', async () => {
    const uids = await openUids(50)
    assert.equal(uids.length, 50)
    const summaries = async () => (await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)).json()
    const before = await summaries()
    const response = await bulk({ status: 'CLOSED', uids, comment: 'Known scanner' })
    assert.equal(response.statusCode, 200, response.body)
    assert.deepEqual(response.json(), { matched: 50, changed: 50, unchanged: 0, rejected: [] })
    const rows = await historyRows(uids)
    assert.equal(rows.length, 50)
    assert.deepEqual(new Set(rows.map((row) => row.alertUid)), new Set(uids))
    for (const row of rows) {
      assert.deepEqual(
        [row.fromStatus, row.toStatus, row.comment, row.actorKind, row.actorLabel],
        ['OPEN', 'CLOSED', 'Known scanner', 'user', 'demo@example.com']
      )
    }
    const stored = await t.app.db
      .select({ status: alerts.status })
      .from(alerts)
      .where(and(eq(alerts.tenantUid, t.demoTenant), eq(alerts.status, 'CLOSED')))
    assert.ok(stored.length >= 50)
    const after = await summaries()
    assert.equal(after.counts.open_alerts, before.counts.open_alerts - 50)
    assert.notEqual(after.uid, before.uid)
    // Closing them again changes nothing and records nothing.
    assert.deepEqual((await bulk({ status: 'CLOSED', uids })).json(), { matched: 50, changed: 0, unchanged: 50, rejected: [] })
    assert.equal((await historyRows(uids)).length, 50)
    assert.equal((await summaries()).uid, after.uid, 'no change, no new summary')
  })

  it('rejects bad uids by index with a reason and applies the good ones', async () => {
    const [a, b] = await openUids(2)
    const [foreign] = (await t.get(`/api/v1/tenants/${t.otherTenant}/alerts/?status=OPEN&limit=1`, t.other))
      .json()
      .results.map((x: { uid: string }) => x.uid)
    const unknown = '00000000-0000-4000-8000-000000000000'
    const response = await bulk({ status: 'CLOSED', uids: [a, 'not-a-uid', foreign, a!.toUpperCase(), unknown, b] })
    assert.equal(response.statusCode, 200, response.body)
    assert.deepEqual(response.json(), {
      matched: 2,
      changed: 2,
      unchanged: 0,
      rejected: [
        { index: 1, uid: 'not-a-uid', detail: 'Not an alert uid.' },
        { index: 2, uid: foreign, detail: 'No alert of this tenant has this uid.' },
        { index: 3, uid: a!.toUpperCase(), detail: 'Repeated: the same uid is at index 0.' },
        { index: 4, uid: unknown, detail: 'No alert of this tenant has this uid.' }
      ]
    })
    const otherAlert = (await t.get(`/api/v1/tenants/${t.otherTenant}/alerts/${foreign}/`, t.other)).json()
    assert.equal(otherAlert.status, 'OPEN', "another tenant's alert is untouched")
    assert.equal((await history(a!)).count, 1)
    // Nothing good at all: 200, nothing changed.
    assert.deepEqual((await bulk({ status: 'OPEN', uids: ['x'] })).json(), {
      matched: 0,
      changed: 0,
      unchanged: 0,
      rejected: [{ index: 0, uid: 'x', detail: 'Not an alert uid.' }]
    })
  })

  it('"all N matching": the list filters select the alerts, in this tenant only', async () => {
    const sample = (await t.get(`${base}?status=OPEN&limit=1`)).json().results[0]
    const filter = { status: 'OPEN', priority: sample.priority, search: sample.name.slice(0, 12) }
    const query = `status=OPEN&priority=${sample.priority}&search=${encodeURIComponent(filter.search)}`
    const listed = (await t.get(`${base}?${query}&limit=200`)).json()
    assert.ok(listed.count > 0 && listed.count < 200, `${listed.count} alerts match`)
    const otherOpen = (await t.get(`/api/v1/tenants/${t.otherTenant}/alerts/?status=OPEN&limit=1`, t.other)).json().count
    const response = await bulk({ status: 'CLOSED', filter, comment: 'campaign over' })
    assert.equal(response.statusCode, 200, response.body)
    assert.deepEqual(response.json(), { matched: listed.count, changed: listed.count, unchanged: 0, rejected: [] })
    assert.equal((await t.get(`${base}?${query}`)).json().count, 0)
    const rows = (await historyRows(listed.results.map((x: { uid: string }) => x.uid))).filter(
      (row) => row.comment === 'campaign over'
    )
    assert.equal(rows.length, listed.count, 'one entry per alert closed')
    assert.equal((await t.get(`/api/v1/tenants/${t.otherTenant}/alerts/?status=OPEN&limit=1`, t.other)).json().count, otherOpen)
    // A filter without status reopens both: matched counts those already open as unchanged.
    const rule = (await t.get(`${base}?limit=1`)).json().results[0]
    const detail = (await t.get(`${base}${rule.uid}/`)).json()
    const sameRule = (await t.get(`${base}?rule=${encodeURIComponent(detail.elastic_rule_name)}&limit=1`)).json().count
    const openBefore = (await t.get(`${base}?rule=${encodeURIComponent(detail.elastic_rule_name)}&status=OPEN&limit=1`)).json()
      .count
    const reopened = (await bulk({ status: 'OPEN', filter: { rule: detail.elastic_rule_name } })).json()
    assert.deepEqual(reopened, { matched: sameRule, changed: sameRule - openBefore, unchanged: openBefore, rejected: [] })
  })

  it('rejects bad bodies with 400 and a detail; needs the CSRF header with a session', async () => {
    const [uid] = await openUids(1)
    const payloads: unknown[] = [
      { status: 'CLOSED' },
      { status: 'CLOSED', uids: [uid], filter: {} },
      { status: 'DONE', uids: [uid] },
      { status: 'CLOSED', uids: [] },
      { status: 'CLOSED', uids: Array.from({ length: 10_001 }, () => uid) },
      { status: 'CLOSED', uids: [uid], comment: 'x'.repeat(1001) },
      { status: 'CLOSED', filter: { priority: 'Urgent' } },
      { status: 'CLOSED', filter: { created_after: 'yesterday' } },
      { status: 'CLOSED', filter: { device: 'laptop' } },
      { status: 'CLOSED', filter: { colour: 'red' } },
      { status: 'CLOSED', uids: [uid], extra: 1 }
    ]
    for (const payload of payloads) assertBadRequest(await bulk(payload), JSON.stringify(payload).slice(0, 80))
    assert.match(
      (await bulk({ status: 'CLOSED', filter: { priority: 'Urgent' } })).json().detail,
      /Allowed values: Critical, High/
    )
    assert.match((await bulk({ status: 'CLOSED' })).json().detail, /either uids .* or filter/)
    assertBadRequest(await t.send('PATCH', `${base}${uid}/`, { status: 'CLOSED', comment: 'x'.repeat(1001) }))
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `${base}bulk-status/`,
      headers: t.demo.headers(false),
      payload: { status: 'CLOSED', uids: [uid] }
    })
    assert.equal(noCsrf.statusCode, 403)
    assert.equal(
      (await t.app.inject({ method: 'POST', url: `${base}bulk-status/`, payload: { status: 'CLOSED', uids: [uid] } })).statusCode,
      401
    )
    assert.equal((await history(uid!)).count, 0)
  })

  it("history: 404 for another tenant's alert or a junk uid; paged newest first", async () => {
    const [foreign] = (await t.get(`/api/v1/tenants/${t.otherTenant}/alerts/?limit=1`, t.other))
      .json()
      .results.map((x: { uid: string }) => x.uid)
    assertNotFound(await t.get(`${base}${foreign}/history/`))
    assertNotFound(await t.get(`${base}not-a-uid/history/`))
    assertNotFound(await t.get(`/api/v1/tenants/${t.otherTenant}/alerts/${foreign}/history/`))
    const [uid] = await openUids(1)
    for (const status of ['CLOSED', 'OPEN', 'CLOSED'] as const)
      await t.send('PATCH', `${base}${uid}/`, { status, comment: status })
    const page = (await t.get(`${base}${uid}/history/?limit=2`)).json()
    assert.equal(page.count, 3)
    assert.deepEqual(
      page.results.map((c: Change) => c.comment),
      ['CLOSED', 'OPEN']
    )
    assert.deepEqual(
      (await t.get(`${base}${uid}/history/?limit=2&offset=2`)).json().results.map((c: Change) => c.to_status),
      ['CLOSED']
    )
    assertBadRequest(await t.get(`${base}${uid}/history/?limit=0`))
  })
})
