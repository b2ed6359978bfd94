import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { eq } from 'drizzle-orm'
import { devices } from '../../../../../src/db/schema/index.js'
import {
  alpineInventory,
  buildEnrolApp,
  credentialHashOf,
  deviceOf,
  enrolled,
  machine,
  type EnrolApp
} from '../enrolment-fixtures.js'

describe('enrolment: POST /api/v1/agents/enroll/', () => {
  let t: EnrolApp
  before(async () => {
    t = await buildEnrolApp()
  })
  after(async () => {
    await t.close()
  })

  it("registers a device in the token's tenant and answers a credential of which only the hash is stored", async () => {
    const { token } = await t.token()
    const response = await t.enrol(token, { ...machine(10) })
    assert.equal(response.statusCode, 201, response.body)
    const body = response.json()
    assert.equal(body.created, true)
    assert.equal(body.device_type, 'linux')
    assert.equal(body.inventory_url, `/api/v1/devices/${body.uid}/inventory/`)
    assert.match(body.credential, /^dc_[A-Za-z0-9_-]{43}$/) // 256 random bits
    assert.equal(response.headers['cache-control'], 'no-store')

    const stored = await t.app.db.select().from(devices).where(eq(devices.uid, body.uid))
    assert.equal(stored.length, 1)
    assert.equal(stored[0]!.credentialHash, createHash('sha256').update(body.credential).digest('hex'))
    assert.ok(!JSON.stringify(stored[0]).includes(body.credential), 'the credential itself is stored nowhere')

    const detail = await deviceOf(t, body.uid)
    assert.equal(detail.statusCode, 200)
    assert.equal(detail.json().hostname, 'test-linux-10')
    assert.equal(detail.json().last_connected, null, 'enrolled, not reported yet')
    assert.equal((await deviceOf(t, body.uid, t.other)).statusCode, 404, "another tenant's user cannot see it")
  })

  it("a token of the other tenant enrols into that tenant, not the caller's", async () => {
    const { token } = await t.token(t.other)
    const { uid } = await enrolled(t, token, machine(11))
    assert.equal((await deviceOf(t, uid, t.other)).statusCode, 200)
    assert.equal((await deviceOf(t, uid)).statusCode, 404)
  })

  it('refuses a disabled (403), deleted, unknown or missing token (401) with a clear detail, and creates nothing', async () => {
    const disabled = await t.token(t.demo, 'paused')
    assert.equal(
      (await t.send('PATCH', `/api/v1/tenants/${t.demoTenant}/provision-tokens/${disabled.uid}/`, { enabled: false })).statusCode,
      200
    )
    const deleted = await t.token(t.demo, 'gone')
    assert.equal((await t.send('DELETE', `/api/v1/tenants/${t.demoTenant}/provision-tokens/${deleted.uid}/`)).statusCode, 204)
    const before = await t.deviceCount()

    const refusedDisabled = await t.enrol(disabled.token, { ...machine(20) })
    assert.equal(refusedDisabled.statusCode, 403)
    assert.match(refusedDisabled.json().detail, /disabled/)
    for (const token of [deleted.token, 'pt_doesnotexistdoesnotexistdoesnot', undefined, '']) {
      const refused = await t.enrol(token, { ...machine(21) })
      assert.equal(refused.statusCode, 401, `token ${token}`)
      assert.match(refused.json().detail, /Invalid provision token/)
    }
    assert.equal(await t.deviceCount(), before)

    // Enabled again, the same token works.
    await t.send('PATCH', `/api/v1/tenants/${t.demoTenant}/provision-tokens/${disabled.uid}/`, { enabled: true })
    assert.equal((await t.enrol(disabled.token, { ...machine(20) })).statusCode, 201)
  })

  it('re-enrolling the same machine keeps its device and rotates the credential; another tenant gets its own device', async () => {
    const { token } = await t.token()
    const first = await enrolled(t, token, machine(30))
    assert.equal((await t.report(first.uid, first.credential, alpineInventory())).statusCode, 200)
    const before = await t.deviceCount()

    const again = await t.enrol(token, { ...machine(30), hostname: 'renamed-30' })
    assert.equal(again.statusCode, 200)
    const second = again.json()
    assert.equal(second.uid, first.uid)
    assert.equal(second.created, false)
    assert.notEqual(second.credential, first.credential)
    assert.equal(await t.deviceCount(), before, 'no duplicate device')
    assert.equal((await t.report(first.uid, first.credential, alpineInventory())).statusCode, 401, 'the old credential is dead')
    assert.equal((await t.report(second.uid, second.credential, alpineInventory())).statusCode, 200)
    const detail = (await deviceOf(t, first.uid)).json()
    assert.equal(detail.package_count, 4, 'the inventory survived the re-enrolment')

    const { token: otherToken } = await t.token(t.other)
    const elsewhere = await enrolled(t, otherToken, machine(30))
    assert.notEqual(elsewhere.uid, first.uid, 'machine identity is scoped per tenant')
  })

  it('concurrent enrolments of one machine make one device', async () => {
    const { token } = await t.token()
    const before = await t.deviceCount()
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.enrol(token, { ...machine(40) })))
    const uids = new Set(
      answers.map((a) => {
        assert.ok([200, 201].includes(a.statusCode), a.body)
        return a.json().uid
      })
    )
    assert.equal(uids.size, 1)
    assert.equal(await t.deviceCount(), before + 1)
    assert.equal(answers.filter((a) => a.statusCode === 201).length, 1)
  })

  it('a device keeps reporting after its token is disabled or deleted (the token gates enrolment only)', async () => {
    const created = await t.token(t.demo, 'rotated')
    const device = await enrolled(t, created.token, machine(50))
    await t.send('PATCH', `/api/v1/tenants/${t.demoTenant}/provision-tokens/${created.uid}/`, { enabled: false })
    assert.equal((await t.report(device.uid, device.credential, alpineInventory())).statusCode, 200)
    await t.send('DELETE', `/api/v1/tenants/${t.demoTenant}/provision-tokens/${created.uid}/`)
    assert.equal((await t.report(device.uid, device.credential, alpineInventory())).statusCode, 200)
    assert.equal((await t.enrol(created.token, { ...machine(51) })).statusCode, 401, 'but nothing new enrols with it')
  })

  it('bad bodies get a 400 naming the field and create nothing', async () => {
    const { token } = await t.token()
    const before = await t.deviceCount()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ machine_id: undefined }, 'machine_id'],
      [{ machine_id: 'short' }, 'machine_id'],
      [{ machine_id: 'has spaces in it' }, 'machine_id'],
      [{ device_type: 'windows' }, 'device_type'],
      [{ hostname: '' }, 'hostname'],
      [{ hostname: 'x'.repeat(256) }, 'hostname'],
      [{ hostname: 42 }, 'hostname'],
      [{ surprise: true }, 'surprise']
    ]
    for (const [change, field] of cases) {
      const body: Record<string, unknown> = { ...machine(60), ...change }
      if (change.machine_id === undefined && 'machine_id' in change) delete body.machine_id
      const response = await t.enrol(token, body)
      assert.equal(response.statusCode, 400, JSON.stringify(change))
      assert.equal(response.json().detail, 'Invalid request body.')
      assert.ok(field in response.json().errors, `${field} named in ${response.body}`)
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/agents/enroll/',
      headers: { 'x-provision-token': token, 'content-type': 'application/json' },
      body: '{"hostname":'
    })
    assert.equal(malformed.statusCode, 400)
    assert.equal(malformed.json().detail, 'Malformed JSON body.')
    assert.equal(await t.deviceCount(), before)
  })

  it('an RTOS machine enrols as rtos', async () => {
    const { token } = await t.token()
    const { uid } = await enrolled(t, token, machine(70, 'rtos'))
    assert.equal((await deviceOf(t, uid)).json().device_type, 'rtos')
    assert.equal((await credentialHashOf(t.app.db, uid)) !== null, true)
  })
})
