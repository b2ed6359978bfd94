import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, type TestApp } from '../../../../helpers.js'
import { cowrieEvent, ingest, sensorKey } from '../../../../lib/honeypot/honeypot-helpers.js'

const HOUR = 3600_000
const DAY = 24 * HOUR

describe('GET /api/v1/honeypot-metrics/', () => {
  let t: TestApp
  let key: string
  before(async () => {
    // No IP database: these tests cut windows to the second, and its first load takes seconds.
    t = await buildTestApp({ env: { HONEYPOT_GEOIP_FILE: 'none' } })
    key = await sensorKey(t.app)
  })
  after(async () => {
    await t.close()
  })

  const metrics = async (email?: string, password?: string) => {
    const session = await t.login(email, password)
    const response = await t.app.inject({ url: '/api/v1/honeypot-metrics/', headers: session.headers() })
    assert.equal(response.statusCode, 200, response.body)
    return response.json()
  }

  /** A session (connect + one command + one download) that started `agoMs` ago. */
  const attack = (id: string, agoMs: number, command: string, hash: string, asn: number | null = 14061) => [
    cowrieEvent(
      'cowrie.session.connect',
      id,
      agoMs,
      asn === null ? {} : { geoip: { asn, as_org: `Org ${asn}`, country_name: `Country ${asn}` } }
    ),
    cowrieEvent('cowrie.command.input', id, agoMs - 500, { input: command }),
    cowrieEvent('cowrie.session.file_download', id, agoMs - 900, { shasum: hash, url: `http://198.51.100.1/${hash.slice(0, 6)}` })
  ]

  it('is empty before any event arrives', async () => {
    assert.deepEqual(await metrics(), { total_attacks: 0, top_asns: [], top_countries: [], top_commands: [], top_hashes: [] })
  })

  it('cuts the 24-hour total and the 14-day top lists at the second', async () => {
    const response = await ingest(t.app, key, [
      ...attack('in-day-edge', DAY - 30_000, 'echo in-day', 'a'.repeat(64), 1),
      ...attack('out-day-edge', DAY + 1000, 'echo out-of-day', 'b'.repeat(64), 2),
      ...attack('recent', 2 * HOUR, 'echo recent', 'c'.repeat(64), 3),
      ...attack('in-14d-edge', 14 * DAY - 30_000, 'echo in-14d', 'd'.repeat(64), 4),
      ...attack('out-14d-edge', 14 * DAY + 1000, 'echo out-of-14d', 'e'.repeat(64), 5)
    ])
    assert.equal(response.json().accepted, 15)
    const body = await metrics()
    assert.equal(body.total_attacks, 2) // in-day-edge and recent; 24 h + 1 s is out
    const asns = body.top_asns.map((row: { asn: string }) => row.asn).sort()
    assert.deepEqual(asns, ['AS1 Org 1', 'AS2 Org 2', 'AS3 Org 3', 'AS4 Org 4']) // 14 days + 1 s is out
    assert.equal(body.top_countries.length, 4)
    const commands = body.top_commands.map((row: { command: string }) => row.command)
    assert.ok(commands.includes('echo in-14d') && commands.includes('echo out-of-day'))
    assert.ok(!commands.includes('echo out-of-14d'))
    const hashes = body.top_hashes.map((row: { hash: string }) => row.hash)
    assert.ok(hashes.includes('d'.repeat(64)) && !hashes.includes('e'.repeat(64)))
  })

  it('keeps ten per list, by count and then by value on ties', async () => {
    // 12 commands: cmd-01 ×6, cmd-02 ×5, then ten tied at ×2: only cmd-03…cmd-10 (byte order) fit,
    // ahead of the earlier tests' commands seen once.
    const lines: string[] = []
    const counts = [6, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
    counts.forEach((count, index) => {
      for (let n = 0; n < count; n++) {
        lines.push(
          cowrieEvent('cowrie.command.input', `ties-${index}-${n}`, 3 * HOUR, {
            input: `cmd-${String(index + 1).padStart(2, '0')}`,
            geoip: { asn: 64500, as_org: 'Ties', country_name: 'Tieland' }
          })
        )
      }
    })
    await ingest(t.app, key, lines)
    const body = await metrics()
    assert.deepEqual(
      body.top_commands.map((row: { command: string; count: number }) => `${row.command}:${row.count}`),
      ['cmd-01:6', 'cmd-02:5', 'cmd-03:2', 'cmd-04:2', 'cmd-05:2', 'cmd-06:2', 'cmd-07:2', 'cmd-08:2', 'cmd-09:2', 'cmd-10:2']
    )
  })

  it('reads "unknown" when a session has no enrichment and no IP database is used', async () => {
    await ingest(t.app, key, attack('no-geo', HOUR, 'echo unknown', 'f'.repeat(64), null))
    const body = await metrics()
    assert.ok(body.top_asns.some((row: { asn: string; count: number }) => row.asn === 'unknown' && row.count === 1))
    assert.ok(body.top_countries.some((row: { country: string; count: number }) => row.country === 'unknown' && row.count === 1))
  })

  it('is the same shared intelligence for every tenant, and needs a session', async () => {
    assert.deepEqual(await metrics('other@example.com', 'other-password'), await metrics())
    const anonymous = await t.app.inject({ url: '/api/v1/honeypot-metrics/' })
    assert.equal(anonymous.statusCode, 401)
    const sensor = await t.app.inject({ url: '/api/v1/honeypot-metrics/', headers: { 'x-api-key': key } })
    assert.equal(sensor.statusCode, 401)
  })
})
