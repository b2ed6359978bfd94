import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { assertBadRequest, assertNotFound, buildDetectApp, keysOf, type DetectApp } from '../detect-fixtures.js'

interface Event {
  at: string
  credential_kind: string
  credential_uid: string
  credential_name: string
  action: string
  detail: string
  actor: { kind: string; uid: string | null; label: string }
}

/** The trail of provision tokens and API keys (routes/tenant-credential-routes.ts). */
describe('credential trail: …/provision-tokens/history/ and …/api-keys/history/', () => {
  let t: DetectApp
  before(async () => {
    t = await buildDetectApp()
  })
  after(async () => {
    await t.close()
  })

  const summary = (events: Event[]) => events.map((e) => [e.action, e.credential_name, e.detail])

  for (const [collection, kind, enable] of [
    ['provision-tokens', 'provision-token', (on: boolean) => ({ enabled: on })],
    ['api-keys', 'api-key', (on: boolean) => ({ revoked: !on })]
  ] as const) {
    it(`${collection}: created, renamed, disabled, enabled, deleted — by whom, kept after the delete`, async () => {
      const base = `/api/v1/tenants/${t.demoTenant}/${collection}/`
      const created = (await t.send('POST', base, { name: 'Rollout' })).json()
      await t.send('PATCH', `${base}${created.uid}/`, { name: 'Rollout "EU"', ...enable(false) })
      await t.send('PATCH', `${base}${created.uid}/`, {}) // no change: nothing recorded
      await t.send('PATCH', `${base}${created.uid}/`, { name: 'Rollout "EU"' }) // same name: nothing
      await t.send('PATCH', `${base}${created.uid}/`, enable(true))
      assert.equal((await t.send('DELETE', `${base}${created.uid}/`)).statusCode, 204)

      const one = (await t.get(`${base}${created.uid}/history/`)).json()
      assert.equal(one.count, 5)
      assert.deepEqual(summary(one.results), [
        ['deleted', 'Rollout "EU"', ''],
        ['enabled', 'Rollout "EU"', ''],
        ['disabled', 'Rollout "EU"', ''],
        ['renamed', 'Rollout "EU"', '"Rollout" → "Rollout \\"EU\\""'],
        ['created', 'Rollout', '']
      ])
      for (const event of one.results as Event[]) {
        assert.deepEqual(keysOf(event), [
          'action',
          'actor',
          'at',
          'credential_kind',
          'credential_name',
          'credential_uid',
          'detail'
        ])
        assert.equal(event.credential_kind, kind)
        assert.equal(event.credential_uid, created.uid)
        assert.deepEqual(event.actor, { kind: 'user', uid: t.seeded.demo.userUid, label: 'demo@example.com' })
      }

      const all = (await t.get(`${base}history/`)).json()
      assert.ok(all.count >= 5)
      assert.deepEqual(all.results[0], one.results[0], 'newest first')
      assert.ok(
        (all.results as Event[]).every((e) => e.credential_kind === kind),
        'only this kind'
      )
      assert.equal((await t.get(`${base}history/?limit=2&offset=1`)).json().results[0].action, 'enabled')
    })

    it(`${collection}: another tenant's trail is never shown; bad input → 400 or 404`, async () => {
      const base = `/api/v1/tenants/${t.demoTenant}/${collection}/`
      const otherBase = `/api/v1/tenants/${t.otherTenant}/${collection}/`
      const theirs = (await t.send('POST', otherBase, { name: 'zz-secret-name' }, t.other)).json()
      assert.equal((await t.get(`${otherBase}${theirs.uid}/history/`, t.other)).json().count, 1)
      const mine = await t.get(`${base}${theirs.uid}/history/`)
      assert.deepEqual(mine.json(), { count: 0, results: [] })
      assert.ok(!(await t.get(`${base}history/?limit=1000`)).body.includes('zz-secret-name'))
      assertNotFound(await t.get(`${otherBase}history/`))
      assertNotFound(await t.get(`${base}not-a-uid/history/`))
      assertBadRequest(await t.get(`${base}history/?limit=5000`))
      assertBadRequest(await t.get(`${base}history/?kind=all`))
    })
  }
})
