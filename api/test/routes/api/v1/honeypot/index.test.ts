import assert from 'node:assert/strict'
import { gzipSync } from 'node:zlib'
import { after, before, describe, it } from 'node:test'
import { revokeSensorKey } from '../../../../../src/lib/honeypot/sensor-keys.js'
import { buildTestApp, type TestApp } from '../../../../helpers.js'
import { cowrieEvent, cowrieSample, ingest, sensorKey } from '../../../../lib/honeypot/honeypot-helpers.js'

describe('POST /api/v1/honeypot/events/', () => {
  let t: TestApp
  let key: string
  const sample = cowrieSample()
  before(async () => {
    t = await buildTestApp()
    key = await sensorKey(t.app)
  })
  after(async () => {
    await t.close()
  })

  const metrics = async () => {
    const session = await t.login()
    const response = await t.app.inject({ url: '/api/v1/honeypot-metrics/', headers: session.headers() })
    assert.equal(response.statusCode, 200)
    return response.json()
  }

  it('ingests a Cowrie sample file and counts sessions, commands and file hashes', async () => {
    const response = await ingest(t.app, key, sample)
    assert.equal(response.statusCode, 200, response.body)
    assert.deepEqual(response.json(), {
      lines: sample.length,
      accepted: sample.length,
      duplicates: 0,
      rejected: [],
      rejected_count: 0
    })

    const body = await metrics()
    assert.equal(body.total_attacks, 3)
    assert.deepEqual(body.top_asns, [
      { asn: 'AS14061 DigitalOcean, LLC', count: 1 }, // top-level enrichment fields
      { asn: 'AS4134 CHINANET-BACKBONE', count: 1 }, // T-Pot geoip.* enrichment
      // No enrichment: the packaged IP database (@ip-location-db, pinned in api/package.json) knows
      // this Mirai distribution host. Updating the package may move it: then update this line.
      { asn: 'AS49870 Alsycon B.V.', count: 1 }
    ])
    assert.deepEqual(body.top_countries, [
      { country: 'China', count: 1 },
      { country: 'Netherlands', count: 1 },
      { country: 'United States', count: 1 }
    ])
    assert.deepEqual(body.top_commands.slice(0, 2), [
      { command: 'uname -a', count: 3 },
      { command: 'cat /proc/cpuinfo | grep name | wc -l', count: 2 }
    ])
    assert.equal(body.top_commands.length, 3)
    // Downloads and uploads count (upload shasum lower-cased); the TTY log's shasum is not a file.
    assert.deepEqual(body.top_hashes, [
      { hash: '9b7f2e1c4d0a3b58e6f1a2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f607', count: 2 },
      { hash: '4f1d6a8e2b7c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80', count: 1 }
    ])
  })

  it('counts the same events once when they are sent again (and twice in one body)', async () => {
    const before = await metrics()
    const again = await ingest(t.app, key, [...sample, sample[0]!])
    assert.equal(again.statusCode, 200)
    assert.deepEqual(again.json(), {
      lines: sample.length + 1,
      accepted: 0,
      duplicates: sample.length + 1,
      rejected: [],
      rejected_count: 0
    })
    assert.deepEqual(await metrics(), before)
  })

  it('reports bad lines by number, skips them and keeps the good ones', async () => {
    const lines = [
      cowrieEvent('cowrie.session.connect', 'badlines0001', 1000),
      '{"eventid": "cowrie.command.input", "session": ',
      '[1, 2, 3]',
      '',
      JSON.stringify({ session: 'x', timestamp: new Date().toISOString() }),
      cowrieEvent('cowrie.command.input', 'badlines0001', 900, { input: 'echo good-line' }),
      cowrieEvent('cowrie.command.input', 'badlines0001', 800, { timestamp: 'yesterday', input: 'x' }),
      cowrieEvent('cowrie.command.input', 'badlines0001', 800, { input: 42 }),
      cowrieEvent('cowrie.command.input', 'badlines0001', 700, { input: 'x'.repeat(70 * 1024) }),
      cowrieEvent('cowrie.command.input', 'badlines0001', -3 * 3600_000, { input: 'from the future' }),
      cowrieEvent('cowrie.command.input', 'badlines0001', 40 * 86_400_000, { input: 'past retention' }),
      cowrieEvent('cowrie.command.input', 'badlines0001', 600, { input: 'nul\u0000byte' })
    ]
    const response = await ingest(t.app, key, lines)
    assert.equal(response.statusCode, 200, response.body)
    const body = response.json()
    assert.equal(body.accepted, 2)
    assert.equal(body.lines, 12)
    assert.deepEqual(body.rejected, [
      { line: 2, error: 'not valid JSON' },
      { line: 3, error: 'expected one JSON object per line' },
      { line: 5, error: '"eventid" is required' },
      { line: 7, error: '"timestamp" is not an ISO 8601 date-time' },
      { line: 8, error: '"input" must be a string' },
      { line: 9, error: 'line longer than 65536 bytes' },
      { line: 10, error: '"timestamp" is in the future' },
      { line: 11, error: '"timestamp" is older than the retention period' },
      // Refused, not silently stripped (ASVS 5.0 2.2.1): what is stored is what the sensor sent.
      { line: 12, error: '"input" must not contain NUL characters (\\u0000)' }
    ])
    assert.equal(body.rejected_count, 9)
    const commands = (await metrics()).top_commands.map((row: { command: string }) => row.command)
    assert.ok(commands.includes('echo good-line'))
    assert.ok(!commands.includes('nulbyte'))
  })

  it('a line PostgreSQL would refuse is rejected by number before the database sees it; later lines are stored and a resend is idempotent', async () => {
    const good = (n: number) => cowrieEvent('cowrie.command.input', 'pgrefuse0001', 900 - n, { input: `echo good-${n}` })
    const lines = [
      cowrieEvent('cowrie.session.connect', 'pgrefuse0001', 1000),
      good(1).replace('echo good-1', 'lone \\ud800 surrogate'), // was a 500 in json_to_recordset, losing every later line
      good(2),
      good(3).replace('"message"', '"geoip":{"as_org":"Evil\\udc00 Org"},"message"'), // enrichment is stored too (sessions.asn)
      good(4).replace('"message"', '"input":"rm -rf /","message"'), // ASVS 5.0 1.5.3: which "input" would count?
      cowrieEvent('cowrie.session.file_download', 'pgrefuse0001', 500, { shasum: 'not-a-hash', url: 'http://198.51.100.9/x' }),
      cowrieEvent('cowrie.session.file_download', 'pgrefuse0001', 500, { shasum: 'ab'.repeat(31), url: 'http://198.51.100.9/y' }),
      good(5)
    ]
    const first = await ingest(t.app, key, lines)
    assert.equal(first.statusCode, 200, first.body)
    const body = first.json()
    assert.deepEqual(body, {
      lines: 8,
      accepted: 3,
      duplicates: 0,
      rejected: [
        { line: 2, error: '"input" must not contain unpaired UTF-16 surrogates (\\ud800-\\udfff)' },
        { line: 4, error: '"geoip.as_org" must not contain unpaired UTF-16 surrogates (\\ud800-\\udfff)' },
        { line: 5, error: 'duplicate key "input"' },
        { line: 6, error: '"shasum" must be a SHA-256: 64 hexadecimal characters' },
        { line: 7, error: '"shasum" must be a SHA-256: 64 hexadecimal characters' }
      ],
      rejected_count: 5
    })
    const commands = (await metrics()).top_commands.map((row: { command: string }) => row.command)
    assert.ok(commands.includes('echo good-2') && commands.includes('echo good-5'), 'the lines after the bad ones are stored')
    const again = await ingest(t.app, key, lines)
    assert.deepEqual(again.json(), { ...body, accepted: 0, duplicates: 3 })
  })

  it('refuses lines whose country or ASN name holds markup or control characters, by line, and stores the rest', async () => {
    // Issue 11: 3,000 lines with this country name made the Threat Landscape one full-screen link.
    // ASVS 5.0 1.3.x/2.2.1: refused with the reason, not cleaned, so what is stored is what was sent;
    // the charts escape labels as well (output encoding, V1.2), this keeps the data honest.
    const phish = '<a href="https://evil.example/login" style="position:fixed;width:100vw;height:100vh">Sign in</a>'
    const event = (n: number, fields: Record<string, unknown>) =>
      cowrieEvent('cowrie.session.connect', `names${String(n).padStart(7, '0')}`, 1000, fields)
    const lines = [
      event(1, { geoip: { country_name: phish, asn: 64500, as_org: 'Example Net' } }),
      event(2, { country_name: 'Germany', as_org: '<img src=x onerror=alert(1)>', asn: 'AS64501' }),
      event(3, { country: 'France\u001b[31m' }),
      event(4, { geoip: { country_name: 'Evil\u202egnp.exe' } }),
      event(5, { geoip: { country_name: 'Côte d’Ivoire', asn: 7018, as_org: 'AT&T Services, Inc.' } })
    ]
    const response = await ingest(t.app, key, lines)
    assert.equal(response.statusCode, 200, response.body)
    assert.deepEqual(response.json(), {
      lines: 5,
      accepted: 1,
      duplicates: 0,
      rejected: [
        { line: 1, error: '"geoip.country_name" must not contain markup (< or >) or control characters' },
        { line: 2, error: '"as_org" must not contain markup (< or >) or control characters' },
        { line: 3, error: '"country" must not contain markup (< or >) or control characters' },
        { line: 4, error: '"geoip.country_name" must not contain markup (< or >) or control characters' }
      ],
      rejected_count: 4
    })
    const body = await metrics()
    const names = [
      ...body.top_countries.map((row: { country: string }) => row.country),
      ...body.top_asns.map((row: { asn: string }) => row.asn)
    ]
    assert.ok(
      names.includes('Côte d’Ivoire') && names.includes('AS7018 AT&T Services, Inc.'),
      'ordinary names, & included, are stored'
    )
    assert.ok(!names.some((name: string) => /[<>\p{Cc}\u202e]/u.test(name)), names.join(' | '))
  })

  it('a gzip bomb is a 413 with a JSON detail: newlines stop at the line limit, spaces at the ratio limit', async () => {
    const gzip = (payload: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/honeypot/events/',
        headers: { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip', 'x-api-key': key },
        payload: gzipSync(payload)
      })
    // 20 MB of newlines in 20 KB: 40 s of server CPU before (a loop turn and a copy per blank line).
    const started = Date.now()
    const newlines = await gzip(
      Buffer.concat([
        Buffer.from(`${cowrieEvent('cowrie.session.connect', 'gzipbomb0001', 1000)}\n`),
        Buffer.alloc(20 * 1024 * 1024, 10)
      ])
    )
    assert.equal(newlines.statusCode, 413, newlines.body.slice(0, 300))
    assert.match(newlines.json().detail, /more than 100000 lines.*The 1 events before the limit were stored/)
    assert.equal(newlines.json().accepted, 1, 'the good line before the limit is stored and counted')
    assert.ok(Date.now() - started < 10_000, `${Date.now() - started} ms`)
    // 20 MB of spaces (one endless line): past the first MiB it inflates ~1,000:1, far over 50:1.
    const spaces = await gzip(Buffer.alloc(20 * 1024 * 1024, 32))
    assert.equal(spaces.statusCode, 413)
    assert.deepEqual(Object.keys(spaces.json()), ['detail', 'lines', 'accepted', 'duplicates', 'rejected', 'rejected_count'])
    assert.match(spaces.json().detail, /decompresses to more than 50 times its compressed size/)
  })

  it('an uncompressed body of more than 100,000 lines is a 413 after storing the lines before the limit', async () => {
    const body = `${cowrieEvent('cowrie.session.connect', 'manylines001', 1000)}\n${'\n'.repeat(150_000)}${cowrieEvent('cowrie.session.connect', 'manylines002', 1000)}\n`
    const response = await ingest(t.app, key, body)
    assert.equal(response.statusCode, 413)
    assert.equal(response.json().accepted, 1)
    assert.equal(response.headers.connection, 'close')
  })

  it('takes text/plain and gzip bodies', async () => {
    const line = cowrieEvent('cowrie.session.connect', 'plaintext001', 1000)
    const plain = await ingest(t.app, key, `${line}\r\n`, 'text/plain')
    assert.equal(plain.json().accepted, 1)
    const gz = await t.app.inject({
      method: 'POST',
      url: '/api/v1/honeypot/events/',
      headers: { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip', 'x-api-key': key },
      payload: gzipSync(cowrieEvent('cowrie.session.connect', 'gzipped00001', 1000))
    })
    assert.equal(gz.statusCode, 200, gz.body)
    assert.equal(gz.json().accepted, 1)
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/honeypot/events/',
      headers: { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip', 'x-api-key': key },
      payload: 'not gzip at all'
    })
    assert.equal(broken.statusCode, 400)
    assert.ok(typeof broken.json().detail === 'string')
  })

  it('answers 415 to JSON and other media types', async () => {
    const json = await ingest(t.app, key, '{"eventid":"cowrie.session.connect"}', 'application/json')
    assert.equal(json.statusCode, 415)
    assert.match(json.json().detail, /x-ndjson/)
    const xml = await ingest(t.app, key, '<a/>', 'application/xml')
    assert.equal(xml.statusCode, 415)
  })

  it('needs a live sensor key: none, wrong, a session cookie or a revoked key get 401', async () => {
    const line = [cowrieEvent('cowrie.session.connect', 'noauth000001', 1000)]
    assert.equal((await ingest(t.app, undefined, line)).statusCode, 401)
    assert.equal((await ingest(t.app, 'hps_wrong', line)).statusCode, 401)
    const session = await t.login()
    const withCookie = await t.app.inject({
      method: 'POST',
      url: '/api/v1/honeypot/events/',
      headers: { ...session.headers(), 'content-type': 'application/x-ndjson' },
      payload: line[0]
    })
    assert.equal(withCookie.statusCode, 401)
    const spare = await sensorKey(t.app, 'spare')
    assert.equal((await ingest(t.app, spare, line)).statusCode, 200)
    assert.equal(await revokeSensorKey(t.app.db, spare.slice(0, 12)), 1)
    const revoked = await ingest(t.app, spare, line)
    assert.equal(revoked.statusCode, 401)
    assert.deepEqual(revoked.json(), { detail: 'Authentication credentials were not provided.' })
  })
})
