import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { cowrieSessions } from '../../../../../src/lib/honeypot/generator.js'
import { allValues, countOf, topValues } from '../../../../../src/lib/honeypot/counts.js'
import { honeypotMetrics } from '../../../../../src/lib/honeypot/metrics.js'
import { pruneHoneypot } from '../../../../../src/lib/honeypot/prune.js'
import type { RollupKind } from '../../../../../src/lib/honeypot/store.js'
import { exportValues } from '../../../../../src/lib/honeypot/value-counts.js'
import { fromNearerHour, fromWholeDay, windowPieces } from '../../../../../src/lib/honeypot/window.js'
import { buildTestApp, type Json, type TestApp } from '../../../../helpers.js'
import { cowrieEvent, cowrieSample, ingest, sensorKey } from '../../../../lib/honeypot/honeypot-helpers.js'
import { Model, ranked } from '../../../../lib/honeypot/independent-counts.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const RANGES = { '24h': DAY, '7d': 7 * DAY, '14d': 14 * DAY, '30d': 30 * DAY } as const
type Range = keyof typeof RANGES

/**
 * Every aggregate of the Threat Landscape against an independent count (independent-counts.ts) of
 * the same real-format Cowrie lines: ~60 days of generated sessions (connect, logins, commands,
 * downloads, close; 3% without enrichment), the hand-written capture, an IPv6 attacker, an empty
 * password and an event stamped ahead of the clock.
 */
describe('Threat Landscape aggregates', () => {
  let t: TestApp
  let model: Model
  let cookie: Record<string, string>

  before(async () => {
    // No IP database: the unenriched sessions must read "unknown" for the model to count them.
    t = await buildTestApp({ env: { HONEYPOT_GEOIP_FILE: 'none', HONEYPOT_RETENTION_DAYS: '70' } })
    const key = await sensorKey(t.app)
    const now = Date.now()
    const lines: string[] = []
    for (const session of cowrieSessions({ seed: 15, sessions: 2500, from: now - 62 * DAY, to: now - 60_000 })) {
      for (const event of session) lines.push(JSON.stringify(event))
    }
    lines.push(
      ...cowrieSample(3 * HOUR),
      cowrieEvent('cowrie.session.connect', 'v6-attacker1', 5 * HOUR, { src_ip: '2a03:2880:f12f:83:face:b00c:0:25de' }),
      cowrieEvent('cowrie.login.failed', 'v6-attacker1', 5 * HOUR - 500, {
        src_ip: '2a03:2880:f12f:83:face:b00c:0:25de',
        username: 'root',
        password: ''
      }),
      // Sensor clock skew: accepted up to an hour ahead, counted in the last bucket.
      cowrieEvent('cowrie.session.connect', 'ahead-of-clock', -10 * 60_000, {
        geoip: { asn: 64500, as_org: 'Skew', country_name: 'Skewland' }
      })
    )
    const response = await ingest(t.app, key, lines)
    assert.equal(response.statusCode, 200, response.body)
    assert.equal(response.json().accepted, lines.length)
    model = new Model(lines)
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

  it('counts exactly from any window start: on an hour, on midnight, just after and before midnight', async () => {
    const now = Date.now()
    const midnight = Math.floor((now - 10 * DAY) / DAY) * DAY
    const starts = [
      midnight, // whole days only
      midnight + 1, // a ragged millisecond, then 23 hourly buckets: few hours before, so taken away from the day
      midnight + 2 * HOUR, // on an hour, two hours into the day
      midnight + 2 * HOUR + 17 * 60_000 + 3, // early in an hour: that hour minus its raw rows before the start
      midnight + 5 * HOUR + 40 * 60_000 + 7, // late in an hour: its raw rows after the start
      midnight + 11 * HOUR + 59 * 60_000, // the turn point: as many hours before as after
      midnight + 13 * HOUR + 1, // more hours before than after: read the hours forward
      midnight + DAY - 1, // a millisecond before the next midnight
      now - 30 * DAY - 7 * HOUR // 30 days back, the day's hours before it taken away
    ]
    const sources: Array<[RollupKind, (from: number) => string[]]> = [
      ['src_ip', (from) => model.sessionsIn(from).map((session) => session.srcIp)],
      ['asn', (from) => model.sessionsIn(from).map((session) => session.asn)],
      [
        'username',
        (from) =>
          model
            .eventsIn(from)
            .filter((e) => e.eventid.startsWith('cowrie.login.') && e.username !== undefined)
            .map((e) => e.username!)
      ]
    ]
    for (const from of starts) {
      for (const [kind, values] of sources) {
        const want = values(from)
        assert.deepEqual(await topValues(t.app.db, kind, from, null, { limit: 10 }), ranked(want), `${kind} from ${from}`)
        assert.equal(await countOf(t.app.db, kind, from, null), want.length, `${kind} total from ${from}`)
        const all = await allValues(t.app.db, kind, from, null, 100_000)
        assert.deepEqual(all, ranked(want, 100_000), `${kind} every value from ${from}`)
      }
    }
  })

  it('reads a window start through the whole day minus its early hours only while those hours are stored', () => {
    const day = Math.floor(Date.now() / DAY) * DAY - 5 * DAY
    const pieces = windowPieces(day + 3 * HOUR + 5, null)
    assert.deepEqual(fromWholeDay(pieces, day - DAY), [
      { source: 'raw', from: day + 3 * HOUR + 5, to: day + 4 * HOUR },
      { source: 'hour', from: day, to: day + 4 * HOUR, sign: -1 },
      { source: 'day', from: day, to: null }
    ])
    // The early hours pruned (oldest hourly bucket after the day's start): read forward as before.
    assert.deepEqual(fromWholeDay(pieces, day + HOUR), pieces)
    assert.deepEqual(fromWholeDay(pieces, undefined), pieces)
    // Late in the day: fewer hours forward than back, unchanged.
    const late = windowPieces(day + 20 * HOUR, null)
    assert.deepEqual(fromWholeDay(late, day - DAY), late)
  })

  it('reads an old edge early in its hour as the whole hour minus the raw rows before the start', () => {
    const day = Math.floor(Date.now() / DAY) * DAY - 5 * DAY
    const early = windowPieces(day + 13 * HOUR + 10 * 60_000, null)
    assert.deepEqual(fromNearerHour(early, day - DAY, true), [
      { source: 'raw', from: day + 13 * HOUR, to: day + 13 * HOUR + 10 * 60_000, sign: -1 },
      { source: 'hour', from: day + 13 * HOUR, to: day + DAY },
      { source: 'day', from: day + DAY, to: null }
    ])
    // Then the day's first hours are taken away as before (fewer than the hours forward).
    const morning = windowPieces(day + 3 * HOUR + 5, null)
    assert.deepEqual(fromWholeDay(fromNearerHour(morning, day - DAY, true), day - DAY), [
      { source: 'raw', from: day + 3 * HOUR, to: day + 3 * HOUR + 5, sign: -1 },
      { source: 'hour', from: day, to: day + 3 * HOUR, sign: -1 },
      { source: 'day', from: day, to: null }
    ])
    // Not when the hour's bucket is gone, or a prune may have cut into its raw rows, or the start is late in the hour.
    assert.deepEqual(fromNearerHour(early, day + 14 * HOUR, true), early)
    assert.deepEqual(fromNearerHour(early, day - DAY, false), early)
    const late = windowPieces(day + 13 * HOUR + 31 * 60_000, null)
    assert.deepEqual(fromNearerHour(late, day - DAY, true), late)
  })

  for (const range of Object.keys(RANGES) as Range[]) {
    const length = RANGES[range]

    it(`trend ${range}: attacks per bucket and the previous period, as counted from the lines`, async () => {
      const body = await get(`/api/v1/honeypot/trend/?range=${range}`)
      const from = Date.parse(body.from)
      const to = Date.parse(body.to)
      assert.equal(to - from, length)
      const size = range === '24h' || range === '7d' ? HOUR : DAY
      assert.equal(body.bucket, size === HOUR ? 'hour' : 'day')
      const first = Math.floor(from / size) * size
      const count = Math.floor(to / size) - Math.floor(from / size) + 1
      const current = Array<number>(count).fill(0)
      const previous = Array<number>(count).fill(0)
      const slot = (ms: number) => Math.min(count - 1, Math.floor((ms - first) / size))
      for (const session of model.sessionsIn(from)) current[slot(session.ms)]!++
      for (const session of model.sessionsIn(from - length, from)) previous[slot(session.ms + length)]!++
      assert.deepEqual(
        body.points.map((point: Json) => [Date.parse(point.start), point.count, point.previous]),
        current.map((n, i) => [first + i * size, n, previous[i]])
      )
      assert.equal(body.total, model.sessionsIn(from).length)
      assert.equal(body.previous_total, model.sessionsIn(from - length, from).length)
      assert.ok(body.total > 0 && body.previous_total > 0)
      assert.equal(body.previous_complete, true, 'a 70-day retention keeps two 30-day windows')
    })

    it(`origins ${range}: top 10 countries and ASNs, the rest and the unknown, of all attacks`, async () => {
      const body = await get(`/api/v1/honeypot/origins/?range=${range}`)
      const sessions = model.sessionsIn(Date.parse(body.from))
      for (const [field, of] of [
        ['countries', (s: { country: string }) => s.country],
        ['asns', (s: { asn: string }) => s.asn]
      ] as const) {
        const values = sessions.map(of)
        const known = values.filter((value) => value !== 'unknown')
        const rows = ranked(known)
        const unknown = values.length - known.length
        assert.deepEqual(body[field], {
          total: sessions.length,
          rows,
          other: known.length - rows.reduce((sum, row) => sum + row.count, 0),
          unknown
        })
        assert.ok(unknown > 0, `${field}: some sessions came without enrichment`)
      }
    })

    it(`top lists ${range}: source addresses, usernames, passwords and downloaded URLs`, async () => {
      const body = await get(`/api/v1/honeypot/top-lists/?range=${range}`)
      const from = Date.parse(body.from)
      const events = model.eventsIn(from)
      const logins = events.filter((e) => e.eventid === 'cowrie.login.failed' || e.eventid === 'cowrie.login.success')
      assert.deepEqual(
        body.source_ips,
        ranked(
          model
            .sessionsIn(from)
            .map((s) => s.srcIp)
            .filter((ip) => ip !== 'unknown')
        )
      )
      assert.deepEqual(body.usernames, ranked(logins.flatMap((e) => (e.username === undefined ? [] : [e.username]))))
      assert.deepEqual(body.passwords, ranked(logins.flatMap((e) => (e.password === undefined ? [] : [e.password]))))
      const downloads = events.filter((e) => e.eventid === 'cowrie.session.file_download' && e.url)
      assert.deepEqual(body.urls, ranked(downloads.map((e) => e.url!)))
      assert.ok(body.urls.length > 0 && body.usernames.length > 0)
    })

    it(`the spec's metrics over ${range} when a range is chosen`, async () => {
      const now = Date.now()
      const body = await honeypotMetrics(t.app.db, now, range)
      const from = now - length
      const sessions = model.sessionsIn(from)
      const events = model.eventsIn(from)
      assert.equal(body.total_attacks, sessions.length)
      assert.deepEqual(
        body.top_asns,
        ranked(sessions.map((s) => s.asn)).map(({ value, count }) => ({ asn: value, count }))
      )
      assert.deepEqual(
        body.top_countries,
        ranked(sessions.map((s) => s.country)).map(({ value, count }) => ({ country: value, count }))
      )
      const commands = events.filter((e) => e.eventid === 'cowrie.command.input' && e.input)
      assert.deepEqual(
        body.top_commands,
        ranked(commands.map((e) => e.input!)).map(({ value, count }) => ({ command: value, count }))
      )
      const files = events.filter(
        (e) => (e.eventid === 'cowrie.session.file_download' || e.eventid === 'cowrie.session.file_upload') && e.shasum
      )
      assert.deepEqual(
        body.top_hashes,
        ranked(files.map((e) => e.shasum!)).map(({ value, count }) => ({ hash: value, count }))
      )
    })
  }

  it('keeps the spec defaults without a range: the total of 24 hours, the lists of 14 days', async () => {
    const now = Date.now()
    const body = await honeypotMetrics(t.app.db, now)
    assert.equal(body.total_attacks, model.sessionsIn(now - DAY).length)
    assert.deepEqual(
      body.top_asns,
      ranked(model.sessionsIn(now - 14 * DAY).map((s) => s.asn)).map(({ value, count }) => ({ asn: value, count }))
    )
    const routed = await get('/api/v1/honeypot-metrics/')
    assert.equal(routed.top_asns.length, 10)
  })

  it('answers 400 with a detail for a range it does not offer, and 401 without a session', async () => {
    for (const url of [
      '/api/v1/honeypot/trend/?range=1y',
      '/api/v1/honeypot/origins/?range=',
      '/api/v1/honeypot/top-lists/?range=24H',
      '/api/v1/honeypot-metrics/?range=90d'
    ]) {
      const response = await t.app.inject({ url, headers: cookie })
      assert.equal(response.statusCode, 400, url)
      assert.equal(typeof response.json().detail, 'string')
      const anonymous = await t.app.inject({ url: url.replace(/\?.*/, '') })
      assert.equal(anonymous.statusCode, 401, url)
    }
  })

  it('defaults to 14 days', async () => {
    const body = await get('/api/v1/honeypot/origins/')
    assert.equal(body.range, '14d')
    assert.equal(Date.parse(body.to) - Date.parse(body.from), 14 * DAY)
  })
})

describe('a window starting early in an hour a prune cut into', () => {
  it('counts the raw rows forward: the hour bucket still holds the pruned events', async () => {
    const t = await buildTestApp({ env: { HONEYPOT_GEOIP_FILE: 'none', HONEYPOT_RETENTION_DAYS: '30' } })
    try {
      const hour = Math.floor((Date.now() - 20 * DAY) / HOUR) * HOUR
      const at = (minutes: number) => Date.now() - (hour + minutes * 60_000)
      const lines = [-180, 2, 10, 40, 180].map((minutes) => cowrieEvent('cowrie.session.connect', `s${minutes}`, at(minutes)))
      assert.equal((await ingest(t.app, await sensorKey(t.app), lines)).json().accepted, 5)
      const from = hour + 15 * 60_000
      // Intact (a row older than the hour remains), the hour minus its rows before the start: 3 - 2.
      assert.equal(await countOf(t.app.db, 'sessions', from, null), 2)
      // A 15-day retention pruned at a cutoff 5 minutes into that hour drops the session at minute 2
      // from the raw rows, not from the hour's bucket (rollup hours go by whole days).
      await pruneHoneypot(t.app.db, 15, hour + 5 * 60_000 + 15 * DAY)
      assert.equal(await countOf(t.app.db, 'sessions', from, null), 2)
      assert.deepEqual(await topValues(t.app.db, 'src_ip', from, null, { limit: 10 }), [{ value: '203.0.113.7', count: 2 }])
      assert.deepEqual(await exportValues(t.app.db, 'src_ip', from, 10), [{ value: '203.0.113.7', count: 2 }])
    } finally {
      await t.close()
    }
  })
})
