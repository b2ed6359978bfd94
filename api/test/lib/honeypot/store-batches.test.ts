import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { cowrieSessions } from '../../../src/lib/honeypot/generator.js'
import { emptyResult, ingestStream } from '../../../src/lib/honeypot/ingest.js'
import { partitionName } from '../../../src/lib/honeypot/partitions.js'
import { rowsOf } from '../../../src/lib/sql-rows.js'
import { buildTestApp, type TestApp } from '../../helpers.js'
import { cowrieEvent } from './honeypot-helpers.js'
import { Model } from './independent-counts.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const KINDS = ['sessions', 'src_ip', 'asn', 'country', 'command', 'username', 'password'] as const

/** What the hourly or daily rollups must hold for these lines, counted from the lines alone. */
function expectedRollups(model: Model, unit: number): string[] {
  const counts = new Map<string, number>()
  const add = (kind: string, ms: number, value: string) => {
    const id = `${kind} ${Math.floor(ms / unit) * unit} ${value}`
    counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  for (const session of model.sessions.values()) {
    add('sessions', session.ms, '')
    add('src_ip', session.ms, session.srcIp)
    add('asn', session.ms, session.asn)
    add('country', session.ms, session.country)
  }
  for (const event of model.events) {
    if (event.eventid === 'cowrie.command.input' && event.input) add('command', event.ms, event.input)
    if (event.eventid === 'cowrie.login.failed' || event.eventid === 'cowrie.login.success') {
      if (event.username !== undefined) add('username', event.ms, event.username)
      if (event.password !== undefined) add('password', event.ms, event.password)
    }
  }
  return [...counts].map(([id, count]) => `${id} ${count}`).sort()
}

/**
 * Batches as sensors send them: whole, twice, with a line twice, half already stored, across
 * midnight and split over many store batches (one stored while the next is read). The rollups and
 * raw events must always equal an independent count of the distinct lines.
 */
describe('honeynet ingest batches count every event once', () => {
  let t: TestApp
  const sent: string[] = []
  const store = async (lines: string[], batchSize = 1000) =>
    await ingestStream(
      t.app.db,
      [Buffer.from(lines.join('\n'))],
      { retentionDays: 30, defaultSensor: 's', geo: null, batchSize },
      emptyResult()
    )
  const stored = async (table: 'honeypot_rollups' | 'honeypot_daily_rollups') =>
    rowsOf<{ row: string }>(
      await t.app.db
        .execute(sql`SELECT kind || ' ' || (extract(epoch FROM bucket) * 1000)::bigint || ' ' || value || ' ' || count AS row
        FROM ${sql.raw(table)} WHERE kind IN (${sql.join(
          KINDS.map((kind) => sql`${kind}`),
          sql`, `
        )})`)
    )
      .map((r) => r.row)
      .sort()
  const eventCount = async (table = 'honeypot_events') =>
    Number(rowsOf<{ n: number }>(await t.app.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`)))[0]?.n)
  /** A day's events; a day with no partition yet holds none (just after midnight, today has none). */
  const dayCount = async (day: number) => {
    const [row] = rowsOf<{ exists: boolean }>(
      await t.app.db.execute(sql`SELECT to_regclass(${partitionName(day)}) IS NOT NULL AS exists`)
    )
    return row?.exists === true ? await eventCount(partitionName(day)) : 0
  }
  const assertExact = async () => {
    const model = new Model([...new Set(sent)])
    assert.equal(await eventCount(), model.events.length)
    assert.deepEqual(await stored('honeypot_rollups'), expectedRollups(model, HOUR))
    assert.deepEqual(await stored('honeypot_daily_rollups'), expectedRollups(model, DAY))
  }

  before(async () => {
    t = await buildTestApp({ env: { HONEYPOT_GEOIP_FILE: 'none' } })
  })
  after(async () => {
    await t.close()
  })

  it('a batch sent twice, with a line twice, and one half stored before: each event stored and counted once', async () => {
    const now = Date.now()
    const lines: string[] = []
    for (const session of cowrieSessions({ seed: 77, sessions: 120, from: now - 3 * DAY, to: now - 60_000 })) {
      for (const event of session) lines.push(JSON.stringify(event))
    }
    const half = Math.floor(lines.length / 2)
    const first = lines.slice(0, half)
    sent.push(...first)
    assert.deepEqual(await store(first, 50), { ...emptyResult(), lines: half, accepted: half })
    // The same body again: nothing new.
    const again = await store(first, 50)
    assert.deepEqual({ accepted: again.accepted, duplicates: again.duplicates }, { accepted: 0, duplicates: half })
    // The rest, starting 100 lines back (a sensor resending after a lost answer), one line twice.
    const rest = [...lines.slice(half - 100), lines[half + 5]!]
    sent.push(...rest)
    const second = await store(rest, 10_000)
    assert.deepEqual(
      { accepted: second.accepted, duplicates: second.duplicates },
      { accepted: lines.length - half, duplicates: 101 }
    )
    await assertExact()
  })

  it('a batch across midnight stores each day in its partition and counts each day and hour exactly', async () => {
    const midnight = Math.floor(Date.now() / DAY) * DAY
    const at = (eventid: string, session: string, instant: number, fields: Record<string, unknown> = {}) =>
      cowrieEvent(eventid, session, 0, { timestamp: new Date(instant).toISOString(), src_ip: '198.51.100.9', ...fields })
    // One session across midnight (counted on the day it started), one starting just after it.
    const lines = [
      at('cowrie.session.connect', 'midnight-01', midnight - 1500),
      at('cowrie.login.failed', 'midnight-01', midnight - 1, { username: 'root', password: 'x' }),
      at('cowrie.command.input', 'midnight-01', midnight, { input: 'uname -a' }),
      at('cowrie.command.input', 'midnight-01', midnight + 700, { input: 'uname -a' }),
      at('cowrie.session.connect', 'midnight-02', midnight + 1),
      at('cowrie.command.input', 'midnight-02', midnight + 2, { input: 'uname -a' })
    ]
    const before = [await dayCount(midnight - DAY), await dayCount(midnight)]
    sent.push(...lines)
    assert.equal((await store(lines)).accepted, lines.length)
    assert.deepEqual(
      [await eventCount(partitionName(midnight - DAY)), await eventCount(partitionName(midnight))],
      [before[0]! + 2, before[1]! + 4]
    )
    await assertExact()
  })
})
