import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { cowrieSessions } from '../../../../../src/lib/honeypot/generator.js'
import { pruneHoneypot } from '../../../../../src/lib/honeypot/prune.js'
import { exportValues, type ExportKind } from '../../../../../src/lib/honeypot/value-counts.js'
import { rowsOf } from '../../../../../src/lib/sql-rows.js'
import { buildTestApp, type TestApp } from '../../../../helpers.js'
import { cowrieEvent, ingest, migrationInserts, sensorKey } from '../../../../lib/honeypot/honeypot-helpers.js'
import { Model, ranked } from '../../../../lib/honeypot/independent-counts.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const RANGES = { '24h': DAY, '7d': 7 * DAY, '14d': 14 * DAY, '30d': 30 * DAY } as const

/** Private and documentation addresses are the honeypots' own networks, never indicators. */
const publicIp = (ip: string) => !/^(203\.0\.113\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|unknown$)/.test(ip)

/** What an export of the window must hold, counted from the Cowrie lines with none of the API's code. */
function expected(model: Model, from: number): Record<ExportKind, Array<{ value: string; count: number }>> {
  const events = model.eventsIn(from)
  const files = ['cowrie.session.file_download', 'cowrie.session.file_upload']
  return {
    src_ip: ranked(
      model.sessionsIn(from).map((s) => s.srcIp),
      Infinity
    ),
    hash: ranked(
      events.filter((e) => files.includes(e.eventid) && e.shasum).map((e) => e.shasum!),
      Infinity
    ),
    url: ranked(
      events.filter((e) => e.eventid === 'cowrie.session.file_download' && e.url).map((e) => e.url!),
      Infinity
    )
  }
}

/** The CSV rows of an export as [type, value, sightings], the formula guard undone. */
function parseCsv(body: string): Array<[string, string, number]> {
  const rows = body.trimEnd().split('\r\n')
  assert.equal(rows[0], 'type,value,sightings')
  return rows.slice(1).map((row) => {
    const match = /^([^,]+),(.*),(\d+)$/.exec(row)!
    let value = match[2]!
    if (value.startsWith('"')) value = value.slice(1, -1).replace(/""/g, '"')
    return [match[1]!, value.replace(/^'(?=[=+\-@])/, ''), Number(match[3])]
  })
}

/**
 * The indicators exports read one row per value (value-counts.ts): their content against an
 * independent count of the raw lines, for every range, for window starts around midnight, after a
 * resent batch, after the migration's backfill and after a prune.
 */
describe('honeynet indicator exports, counted per value', () => {
  let t: TestApp
  let model: Model
  let lines: string[]
  let key: string
  let cookie: Record<string, string>

  before(async () => {
    t = await buildTestApp({ env: { HONEYPOT_GEOIP_FILE: 'none', HONEYPOT_RETENTION_DAYS: '60' } })
    key = await sensorKey(t.app)
    const now = Date.now()
    lines = []
    for (const session of cowrieSessions({ seed: 21, sessions: 1500, from: now - 40 * DAY, to: now - 60_000 })) {
      for (const event of session) lines.push(JSON.stringify(event))
    }
    // The same file and URL at both ends of the 30 days, and one ahead of the clock (counted too).
    for (const [i, ago] of [30 * DAY - HOUR, 10 * HOUR, -20 * 60_000].entries()) {
      lines.push(
        cowrieEvent('cowrie.session.connect', `edge${i}`, ago, { src_ip: '45.95.147.77' }),
        cowrieEvent('cowrie.session.file_download', `edge${i}`, ago - 1000, {
          src_ip: '45.95.147.77',
          url: 'http://45.95.147.77/x.sh',
          shasum: 'ef'.repeat(32)
        })
      )
    }
    // Ties in byte order, as SQL's COLLATE "C" ranks them: U+FF01 sorts before an emoji in UTF-8, not in UTF-16.
    for (const [i, url] of ['http://x.example/\u{1F600}', 'http://x.example/\uFF01', 'http://x.example/\u00e9'].entries()) {
      lines.push(
        cowrieEvent('cowrie.session.connect', `tie${i}`, 2 * DAY + i, { src_ip: '45.95.147.78' }),
        cowrieEvent('cowrie.session.file_download', `tie${i}`, 2 * DAY + i - 500, { src_ip: '45.95.147.78', url })
      )
    }
    // Sent in three requests, the middle one twice: a resent event counts once.
    const third = Math.ceil(lines.length / 3)
    for (const part of [
      lines.slice(0, third),
      lines.slice(third, 2 * third),
      lines.slice(third, 2 * third),
      lines.slice(2 * third)
    ]) {
      const response = await ingest(t.app, key, part)
      assert.equal(response.statusCode, 200, response.body)
    }
    model = new Model(lines)
    cookie = (await t.login()).headers()
  })
  after(async () => {
    await t.close()
  })

  const exportsMatch = async (from: number, now: number, label: string) => {
    const want = expected(model, from)
    for (const kind of ['src_ip', 'hash', 'url'] as const) {
      assert.deepEqual(await exportValues(t.app.db, kind, from, 100_000, now), want[kind], `${kind} ${label}`)
      assert.ok(want[kind].length > 0, `${kind} ${label}: something to compare`)
    }
  }

  it('counts every value exactly from any window start: midnight, just after and before it, early and late in an hour', async () => {
    const now = Date.now()
    const midnight = Math.floor((now - 9 * DAY) / DAY) * DAY
    for (const from of [
      midnight,
      midnight + 1,
      midnight - 1,
      midnight + HOUR,
      midnight + 2 * HOUR + 17 * 60_000 + 3,
      midnight + 23 * HOUR,
      midnight + 23 * HOUR + 5 * 60_000, // early in the day's last hour: that hour minus its raw rows before the start
      midnight + 23 * HOUR + 59 * 60_000,
      now - DAY,
      now - 30 * DAY
    ]) {
      await exportsMatch(from, now, `from ${new Date(from).toISOString()}`)
    }
  })

  for (const [range, length] of Object.entries(RANGES)) {
    it(`the CSV and STIX exports of ${range} hold every indicator with its sightings, as counted from the lines`, async () => {
      const csv = await t.app.inject({ url: `/api/v1/honeypot/indicators/csv/?range=${range}`, headers: cookie })
      assert.equal(csv.statusCode, 200)
      const stix = await t.app.inject({ url: `/api/v1/honeypot/indicators/stix/?range=${range}`, headers: cookie })
      assert.equal(stix.statusCode, 200)
      // The window ends at the request; starting a minute early or late would show.
      const want = expected(model, Date.now() - length)
      const rows = parseCsv(csv.body)
      const of = (types: string[]) => rows.filter(([type]) => types.includes(type)).map(([, value, count]) => ({ value, count }))
      assert.deepEqual(
        of(['ipv4-addr', 'ipv6-addr']),
        want.src_ip.filter((row) => publicIp(row.value))
      )
      assert.deepEqual(of(['file-sha256']), want.hash)
      assert.deepEqual(of(['url']), want.url)
      const described = (stix.json().objects as Array<{ type: string; description?: string }>)
        .filter((object) => object.type === 'indicator')
        .map((object) => Number(/(\d+)/.exec(object.description!)![1]))
      assert.deepEqual(
        described,
        rows.map(([, , count]) => count)
      )
    })
  }

  it('the migration backfills the same per-value rows from the rollups', async () => {
    const statements = migrationInserts('0027_honeypot_value_days.sql')
    assert.equal(statements.length, 2)
    await t.app.db.execute(sql`DELETE FROM honeypot_value_days`)
    await t.app.db.execute(sql`DELETE FROM honeypot_value_hours`)
    for (const statement of statements) await t.app.db.execute(sql.raw(statement))
    const now = Date.now()
    for (const length of Object.values(RANGES)) await exportsMatch(now - length, now, `backfilled, ${length / DAY} days`)
  })

  it('after a prune: exact for windows inside the retention, and the days before it are gone', async () => {
    const now = Date.now()
    const pruned = await pruneHoneypot(t.app.db, 20, now)
    assert.ok(pruned.valueCounts > 0)
    const cutoffDay = Math.floor((now - 20 * DAY) / DAY)
    const [lowest] = rowsOf<{ day: number }>(
      await t.app.db.execute(sql`SELECT min(array_lower(days, 1))::int AS day FROM honeypot_value_days`)
    )
    assert.equal(lowest?.day, cutoffDay, 'the days before the cutoff are trimmed')
    for (const from of [now - 14 * DAY, now - 7 * DAY, now - DAY, Math.floor((now - 12 * DAY) / DAY) * DAY + 5]) {
      await exportsMatch(from, now, `pruned, from ${new Date(from).toISOString()}`)
    }
    // New events after the prune land in the trimmed rows.
    const late = [
      cowrieEvent('cowrie.session.connect', 'late1', 30 * 60_000, { src_ip: '45.95.147.77' }),
      cowrieEvent('cowrie.session.file_download', 'late1', 30 * 60_000 - 1000, {
        src_ip: '45.95.147.77',
        url: 'http://45.95.147.77/x.sh',
        shasum: 'ef'.repeat(32)
      })
    ]
    assert.equal((await ingest(t.app, key, late)).statusCode, 200)
    model = new Model([...lines, ...late])
    await exportsMatch(now - 14 * DAY, Date.now(), 'pruned, then more events')
  })
})
