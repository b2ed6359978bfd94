import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { cowrieSessions } from '../../../../../src/lib/honeypot/generator.js'
import { pruneHoneypot } from '../../../../../src/lib/honeypot/prune.js'
import { revokeSensorKey } from '../../../../../src/lib/honeypot/sensor-keys.js'
import { rowsOf } from '../../../../../src/lib/sql-rows.js'
import { buildTestApp, type Json, type TestApp } from '../../../../helpers.js'
import { cowrieEvent, cowrieSample, ingest, migrationInserts, sensorKey } from '../../../../lib/honeypot/honeypot-helpers.js'
import { Model } from '../../../../lib/honeypot/independent-counts.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b))
/** Run in BUSY_SESSIONS sessions over 20 days: a common command, its sessions over many pages and day partitions. */
const BUSY_COMMAND = 'cat /proc/mounts'
const BUSY_SESSIONS = 2300

describe('honeynet sessions, indicators and sensors', () => {
  let t: TestApp
  let model: Model
  let cookie: Record<string, string>
  let quietKey: string
  let lines: string[]

  before(async () => {
    t = await buildTestApp({ env: { HONEYPOT_GEOIP_FILE: 'none' } })
    const key = await sensorKey(t.app, 'hp-main')
    quietKey = await sensorKey(t.app, 'hp-quiet')
    const revoked = await sensorKey(t.app, 'hp-gone')
    assert.equal(await revokeSensorKey(t.app.db, revoked.slice(0, 12)), 1)
    const now = Date.now()
    lines = []
    for (const session of cowrieSessions({ seed: 9, sessions: 400, from: now - 20 * DAY, to: now - 60_000 })) {
      for (const event of session) lines.push(JSON.stringify(event))
    }
    lines.push(
      ...cowrieSample(2 * HOUR),
      cowrieEvent('cowrie.session.connect', 'v6-attacker1', 5 * HOUR, { src_ip: '2a03:2880:f12f:83:face:b00c:0:25de' }),
      // Attacker text a spreadsheet would run, and a quote a STIX pattern must escape.
      cowrieEvent('cowrie.session.file_download', 'v6-attacker1', 5 * HOUR - 1000, {
        src_ip: '2a03:2880:f12f:83:face:b00c:0:25de',
        url: '=HYPERLINK("http://evil.example/x")',
        shasum: 'ab'.repeat(32)
      }),
      cowrieEvent('cowrie.session.file_download', 'v6-attacker1', 5 * HOUR - 2000, {
        src_ip: '2a03:2880:f12f:83:face:b00c:0:25de',
        url: "http://198.51.100.9/it's.sh",
        shasum: 'cd'.repeat(32)
      })
    )
    // Over 20 days, so the 14-day window cuts them.
    for (let i = 0; i < BUSY_SESSIONS; i++) {
      const ago = Math.round(((i + 0.5) / BUSY_SESSIONS) * 20 * DAY)
      lines.push(
        cowrieEvent('cowrie.session.connect', `busy${i}`, ago),
        cowrieEvent('cowrie.command.input', `busy${i}`, ago - 1000, { input: BUSY_COMMAND })
      )
    }
    const response = await ingest(t.app, key, lines)
    assert.equal(response.json().accepted, lines.length, response.body)
    model = new Model(
      lines.map((line) => (JSON.parse(line).sensor ? line : JSON.stringify({ ...JSON.parse(line), sensor: 'hp-main' })))
    )
    cookie = (await t.login()).headers()
  })
  after(async () => {
    await t.close()
  })

  const get = async (url: string): Promise<Json> => {
    const response = await t.app.inject({ url, headers: cookie })
    assert.equal(response.statusCode, 200, response.body)
    return response.json()
  }

  /** Every page of a listing, following next_cursor. */
  const allPages = async (query: string, limit = 37): Promise<string[]> => {
    const ids: string[] = []
    let cursor: string | null = null
    do {
      const page: Json = await get(
        `/api/v1/honeypot/sessions/?${query}&limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`
      )
      assert.ok(page.results.length <= limit)
      ids.push(...page.results.map((session: Json) => session.id))
      cursor = page.next_cursor
    } while (cursor !== null)
    return ids
  }

  const expected = (from: number, keep: (key: string) => boolean = () => true): string[] =>
    model
      .sessionsIn(from)
      .filter((session) => keep(session.key))
      .sort((a, b) => b.ms - a.ms || byteOrder(b.key, a.key))
      .map((session) => session.key)

  it('lists every session of the range once, newest first, across pages', async () => {
    const first = await get('/api/v1/honeypot/sessions/?range=7d')
    assert.equal(first.results.length, 50)
    assert.deepEqual(Object.keys(first.results[0]).sort(), ['asn', 'country', 'id', 'sensor', 'src_ip', 'started_at'])
    const ids = await allPages('range=7d')
    assert.deepEqual(ids, expected(Date.parse(first.from)))
    assert.ok(ids.length > 100)
  })

  it('filters by address, ASN, country, command and file hash, exactly', async () => {
    const from = Date.now() - 14 * DAY
    const some = model.sessionsIn(from)[5]!
    const sessionsWith = (test: (e: { eventid: string; input?: string; shasum?: string }) => boolean) =>
      new Set(model.events.filter(test).map((event) => event.sessionKey))
    const cases: Array<[string, (key: string) => boolean]> = [
      [`ip=${encodeURIComponent(some.srcIp)}`, (key) => model.sessions.get(key)!.srcIp === some.srcIp],
      [`asn=${encodeURIComponent(some.asn)}`, (key) => model.sessions.get(key)!.asn === some.asn],
      ['country=unknown', (key) => model.sessions.get(key)!.country === 'unknown'],
      [
        'command=uname%20-a',
        (key) => sessionsWith((e) => e.eventid === 'cowrie.command.input' && e.input === 'uname -a').has(key)
      ],
      [`hash=${'AB'.repeat(32)}`, (key) => sessionsWith((e) => e.shasum === 'ab'.repeat(32)).has(key)],
      [
        `command=${encodeURIComponent(BUSY_COMMAND)}`,
        (key) => sessionsWith((e) => e.eventid === 'cowrie.command.input' && e.input === BUSY_COMMAND).has(key)
      ]
    ]
    for (const [query, keep] of cases) {
      const ids = await allPages(query)
      // The list's window starts when the request runs: compare against the model over the same start.
      const want = expected(from - 60_000, keep).filter((key) => model.sessions.get(key)!.ms >= Date.now() - 14 * DAY)
      assert.deepEqual(ids, want, query)
      assert.ok(ids.length > 0, `${query} finds something`)
    }
  })

  it('filters by a command from the session-command index, with other filters, exactly; the backfill writes the same rows', async () => {
    const from = Date.now() - 14 * DAY
    const ran = (command: string) =>
      new Set(model.events.filter((e) => e.eventid === 'cowrie.command.input' && e.input === command).map((e) => e.sessionKey))
    const busy = ran(BUSY_COMMAND)
    const country = model.sessions.get([...busy][0]!)!.country
    // A file and the command most run in the sessions that fetched it, so the pair has sessions.
    const file = model.events.find((e) => e.eventid === 'cowrie.session.file_download' && e.shasum !== undefined)!.shasum!
    const fetchedIt = new Set(model.events.filter((e) => e.shasum === file).map((e) => e.sessionKey))
    const commands = new Map<string, number>()
    for (const e of model.events) {
      if (e.eventid === 'cowrie.command.input' && e.input && fetchedIt.has(e.sessionKey))
        commands.set(e.input, (commands.get(e.input) ?? 0) + 1)
    }
    const [command] = [...commands].sort((a, b) => b[1] - a[1])[0]!
    const cases: Array<[string, (key: string) => boolean]> = [
      [
        `command=${encodeURIComponent(BUSY_COMMAND)}&country=${encodeURIComponent(country)}`,
        (key) => busy.has(key) && model.sessions.get(key)!.country === country
      ],
      [`command=${encodeURIComponent(command)}&hash=${file}`, (key) => ran(command).has(key) && fetchedIt.has(key)],
      ['command=never%20typed', () => false]
    ]
    for (const [query, keep] of cases) {
      const ids = await allPages(query, 3)
      const want = expected(from - 60_000, keep).filter((key) => model.sessions.get(key)!.ms >= Date.now() - 14 * DAY)
      assert.deepEqual(ids, want, query)
      if (!query.startsWith('command=never')) assert.ok(ids.length > 0, `${query} finds something`)
    }
    // Migration 0029's backfill, from the stored events, gives what ingest wrote.
    const rows = async () =>
      rowsOf<{ row: string }>(
        await t.app.db.execute(
          sql`SELECT value_hash || ' ' || session_key || ' ' || started_at AS row FROM honeypot_session_commands`
        )
      )
        .map((r) => r.row)
        .sort()
    const stored = await rows()
    assert.ok(stored.length > BUSY_SESSIONS)
    const backfill = migrationInserts('0029_honeypot_session_commands.sql')
    assert.equal(backfill.length, 1)
    await t.app.db.execute(sql`DELETE FROM honeypot_session_commands`)
    await t.app.db.execute(sql.raw(backfill[0]!))
    assert.deepEqual(await rows(), stored)
  })

  it('filters by a common file hash from the session-file index, alone and with other filters, exactly', async () => {
    const from = Date.now() - 14 * DAY
    // The generator's most fetched payload: in many sessions, so the page is cut by the cursor.
    const fetched = new Map<string, number>()
    for (const e of model.events) if (e.shasum !== undefined) fetched.set(e.shasum, (fetched.get(e.shasum) ?? 0) + 1)
    const [top] = [...fetched].sort((a, b) => b[1] - a[1])[0]!
    const fetchedIt = new Set(model.events.filter((e) => e.shasum === top).map((e) => e.sessionKey))
    const country = model.sessions.get([...fetchedIt][0]!)!.country
    for (const [query, keep] of [
      [`hash=${top.toUpperCase()}`, (key: string) => fetchedIt.has(key)],
      [
        `hash=${top}&country=${encodeURIComponent(country)}`,
        (key: string) => fetchedIt.has(key) && model.sessions.get(key)!.country === country
      ],
      [`hash=${'0'.repeat(64)}`, () => false]
    ] as Array<[string, (key: string) => boolean]>) {
      // Pages of 3, so the common hash spans several.
      const ids = await allPages(query, 3)
      const want = expected(from - 60_000, keep).filter((key) => model.sessions.get(key)!.ms >= Date.now() - 14 * DAY)
      assert.deepEqual(ids, want, query)
    }
    // The 30-day range reaches the sessions the 14-day one leaves out (the data spans 20 days).
    const month = await allPages(`hash=${top}&range=30d`, 3)
    assert.deepEqual(
      month,
      expected(0, (key) => fetchedIt.has(key))
    )
    const week = await allPages(`hash=${top}&range=7d`, 3)
    const weekAgo = Date.now() - 7 * DAY
    assert.deepEqual(
      week,
      expected(weekAgo - 60_000, (key) => fetchedIt.has(key) && model.sessions.get(key)!.ms >= weekAgo)
    )
    assert.ok(month.length > week.length && month.length > 3, `${month.length} > ${week.length}, > 3`)
  })

  it('refuses a forged cursor and a limit out of range with a 400 that says why', async () => {
    for (const query of ['cursor=bm90LWEtY3Vyc29y', 'limit=0', 'limit=101', 'limit=abc', 'hash=1234', 'range=1d']) {
      const response = await t.app.inject({ url: `/api/v1/honeypot/sessions/?${query}`, headers: cookie })
      assert.equal(response.statusCode, 400, query)
      assert.equal(typeof response.json().detail, 'string')
    }
  })

  it("tells a session's timeline: connect, logins tried, commands, download, close", async () => {
    const body = await get(`/api/v1/honeypot/sessions/${encodeURIComponent('hp-ams-01/a3f1c2e4b5d6')}/`)
    assert.equal(body.session.src_ip, '218.92.0.112')
    assert.equal(body.session.asn, 'AS4134 CHINANET-BACKBONE')
    assert.equal(body.truncated, false)
    assert.deepEqual(
      body.events.map((event: Json) => event.kind),
      [
        'connect',
        'other',
        'other',
        'login_failed',
        'login_success',
        'other',
        'command',
        'command',
        'command',
        'download',
        'other',
        'close'
      ]
    )
    const failed = body.events[3]
    assert.deepEqual([failed.username, failed.password], ['root', '123456'])
    assert.equal(body.events[6].input, 'uname -a')
    assert.equal(body.events[9].url, 'http://45.95.147.236/bins.sh')
    const times = body.events.map((event: Json) => Date.parse(event.ts))
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b)
    )
    const missing = await t.app.inject({
      url: `/api/v1/honeypot/sessions/${encodeURIComponent('hp-ams-01/nope')}/`,
      headers: cookie
    })
    assert.equal(missing.statusCode, 404)
  })

  const indicatorsExpected = (from: number) => {
    const publicIp = (ip: string) => !/^(203\.0\.113\.|10\.|unknown$)/.test(ip)
    const count = (values: string[]) => {
      const counts = new Map<string, number>()
      for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
      return counts
    }
    const events = model.eventsIn(from)
    return {
      ips: count(
        model
          .sessionsIn(from)
          .map((s) => s.srcIp)
          .filter(publicIp)
      ),
      hashes: count(
        events
          .filter((e) => (e.eventid === 'cowrie.session.file_download' || e.eventid === 'cowrie.session.file_upload') && e.shasum)
          .map((e) => e.shasum!)
      ),
      urls: count(events.filter((e) => e.eventid === 'cowrie.session.file_download' && e.url).map((e) => e.url!))
    }
  }

  it('exports the indicators of the range as CSV a spreadsheet cannot run', async () => {
    const response = await t.app.inject({ url: '/api/v1/honeypot/indicators/csv/?range=30d', headers: cookie })
    assert.equal(response.statusCode, 200)
    assert.match(String(response.headers['content-type']), /^text\/csv/)
    assert.match(
      String(response.headers['content-disposition']),
      /^attachment; filename="honeynet-indicators-30d-\d{8}T\d{4}Z\.csv"$/
    )
    const rows = response.body.trimEnd().split('\r\n')
    assert.equal(rows[0], 'type,value,sightings')
    assert.ok(rows.includes(`"'=HYPERLINK(""http://evil.example/x"")",1`.replace(/^/, 'url,')), 'formula neutralised and quoted')
    const parsed = rows.slice(1).map((row) => {
      const match = /^([^,]+),(.*),(\d+)$/.exec(row)!
      let value = match[2]!
      if (value.startsWith('"')) value = value.slice(1, -1).replace(/""/g, '"')
      return { type: match[1]!, value: value.replace(/^'(?=[=+\-@])/, ''), sightings: Number(match[3]) }
    })
    const want = indicatorsExpected(Date.now() - 30 * DAY - 60_000)
    const of = (types: string[]) =>
      new Map(parsed.filter((row) => types.includes(row.type)).map((row) => [row.value, row.sightings]))
    assert.deepEqual(of(['ipv4-addr', 'ipv6-addr']), want.ips)
    assert.deepEqual(of(['file-sha256']), want.hashes)
    assert.deepEqual(of(['url']), want.urls)
    assert.ok(parsed.some((row) => row.type === 'ipv6-addr' && row.value === '2a03:2880:f12f:83:face:b00c:0:25de'))
    assert.ok(!parsed.some((row) => row.value === '203.0.113.7'), 'documentation and private addresses are not indicators')
  })

  it('exports the same indicators as a STIX 2.1 bundle with escaped patterns', async () => {
    const response = await t.app.inject({ url: '/api/v1/honeypot/indicators/stix/?range=30d', headers: cookie })
    assert.equal(response.statusCode, 200)
    assert.match(String(response.headers['content-type']), /^application\/stix\+json; version="?2\.1"?/)
    const bundle = response.json()
    assert.equal(bundle.type, 'bundle')
    assert.match(bundle.id, /^bundle--[0-9a-f-]{36}$/)
    const [identity, ...rest] = bundle.objects
    assert.equal(identity.type, 'identity')
    const indicators = rest.filter((object: Json) => object.type === 'indicator')
    const observables = rest.filter((object: Json) => object.type !== 'indicator')
    assert.equal(indicators.length, observables.length)
    const want = indicatorsExpected(Date.now() - 30 * DAY - 60_000)
    assert.equal(indicators.length, want.ips.size + want.hashes.size + want.urls.size)
    for (const indicator of indicators) {
      assert.equal(indicator.spec_version, '2.1')
      assert.equal(indicator.pattern_type, 'stix')
      assert.equal(indicator.created_by_ref, identity.id)
      assert.ok(Date.parse(indicator.valid_from) < Date.parse(indicator.created))
    }
    const patterns = indicators.map((indicator: Json) => indicator.pattern)
    assert.ok(patterns.includes("[url:value = 'http://198.51.100.9/it\\'s.sh']"))
    assert.ok(patterns.includes(`[file:hashes.'SHA-256' = '${'ab'.repeat(32)}']`))
    assert.ok(patterns.includes("[ipv6-addr:value = '2a03:2880:f12f:83:face:b00c:0:25de']"))
    assert.ok(patterns.includes("[ipv4-addr:value = '218.92.0.112']"))
    // Observables have deterministic STIX ids (UUIDv5): the same address always has the same id.
    const address = observables.find((o: Json) => o.type === 'ipv4-addr' && o.value === '218.92.0.112')
    assert.match(address.id, /^ipv4-addr--[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const again = (await t.app.inject({ url: '/api/v1/honeypot/indicators/stix/?range=30d', headers: cookie })).json()
    assert.ok(again.objects.some((o: Json) => o.id === address.id))
    // Compressed for a browser that asks (at the fastest level), to the same bundle.
    for (const [encoding, inflate] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync]
    ] as const) {
      const packed = await t.app.inject({
        url: '/api/v1/honeypot/indicators/stix/?range=30d',
        headers: { ...cookie, 'accept-encoding': encoding }
      })
      assert.equal(packed.headers['content-encoding'], encoding)
      const bundle = JSON.parse(inflate(packed.rawPayload).toString('utf8'))
      assert.equal(bundle.objects.length, again.objects.length)
      assert.ok(bundle.objects.some((o: Json) => o.id === address.id))
    }
  })

  it('shows each live sensor key with its last event and its events in the range', async () => {
    const body = await get('/api/v1/honeypot/sensors/?range=30d')
    assert.deepEqual(
      body.sensors.map((sensor: Json) => [sensor.name, sensor.events, sensor.last_event_at === null]),
      [
        ['hp-main', lines.length, false],
        ['hp-quiet', 0, true]
      ]
    )
    const day = await get('/api/v1/honeypot/sensors/?range=24h')
    const recent = lines.filter((line) => Date.parse(JSON.parse(line).timestamp) >= Date.parse(day.from)).length
    assert.equal(day.sensors[0].events, recent)

    // A resend is received (last event moves) but counts nothing twice.
    const before = Date.parse(body.sensors[0].last_event_at)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const quiet = await ingest(t.app, quietKey, lines.slice(0, 3))
    assert.equal(quiet.json().duplicates, 3)
    const after = await get('/api/v1/honeypot/sensors/?range=30d')
    assert.equal(after.sensors[1].events, 0, 'duplicates count under the key that first sent them')
    assert.ok(after.sensors[1].last_event_at !== null)
    assert.equal(Date.parse(after.sensors[0].last_event_at), before)
  })

  it('finds a session by a file it fetched in a later request than the one that opened it', async () => {
    const late = 'ef'.repeat(32)
    const key = await sensorKey(t.app, 'hp-late')
    const connect = cowrieEvent('cowrie.session.connect', 'late-file', 3 * DAY)
    const opened = await ingest(t.app, key, [connect])
    assert.equal(opened.json().accepted, 1)
    assert.deepEqual((await get(`/api/v1/honeypot/sessions/?hash=${late}`)).results, [])
    const fetched = await ingest(t.app, key, [
      cowrieEvent('cowrie.session.file_download', 'late-file', 3 * DAY - 5000, { url: 'http://198.51.100.7/l', shasum: late }),
      cowrieEvent('cowrie.session.file_upload', 'late-file', 3 * DAY - 6000, { shasum: late })
    ])
    assert.equal(fetched.json().accepted, 2)
    const body = await get(`/api/v1/honeypot/sessions/?hash=${late}`)
    assert.deepEqual(
      body.results.map((session: Json) => [session.id, session.started_at]),
      [['test-sensor/late-file', JSON.parse(connect).timestamp]]
    )
  })

  it('prunes the session-file index with the sessions, leaving no file row without its session', async () => {
    const cutoff = Date.now() - 15 * DAY
    const [{ n: before }] = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`SELECT count(*)::int AS n FROM honeypot_session_files`)
    )
    const old = new Set<string>()
    for (const e of model.events) {
      if (
        e.shasum !== undefined &&
        (e.eventid === 'cowrie.session.file_download' || e.eventid === 'cowrie.session.file_upload')
      ) {
        if (model.sessions.get(e.sessionKey)!.ms < cutoff - 60_000) old.add(`${e.shasum} ${e.sessionKey}`)
      }
    }
    assert.ok(old.size > 0)
    const pruned = await pruneHoneypot(t.app.db, 15)
    assert.ok(pruned.sessionFiles >= old.size, `${pruned.sessionFiles} >= ${old.size}`)
    const [{ n: orphans }] = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`SELECT count(*)::int AS n FROM honeypot_session_files f
        WHERE NOT EXISTS (SELECT 1 FROM honeypot_sessions s WHERE s.session_key = f.session_key)`)
    )
    assert.equal(orphans, 0)
    // The session-command rows go with their sessions too.
    assert.ok(pruned.sessionCommands > 0)
    const [{ n: commandOrphans }] = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`SELECT count(*)::int AS n FROM honeypot_session_commands c
        WHERE NOT EXISTS (SELECT 1 FROM honeypot_sessions s WHERE s.session_key = c.session_key)`)
    )
    assert.equal(commandOrphans, 0)
    const [{ n: left }] = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`SELECT count(*)::int AS n FROM honeypot_session_files`)
    )
    assert.equal(left, before - pruned.sessionFiles)
    assert.ok(left > 0)
  })
})
