import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { topValues } from '../../../src/lib/honeypot/counts.js'
import { PER_DAY, topFromDailyTops } from '../../../src/lib/honeypot/top-k.js'
import { windowPieces } from '../../../src/lib/honeypot/window.js'
import { buildTestApp, type TestApp } from '../../helpers.js'
import { cowrieEvent, ingest, sensorKey } from './honeypot-helpers.js'
import { Model, ranked } from './independent-counts.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * The top list read from each day's biggest counts (top-k.ts) against an independent count, on
 * days with more distinct values than it keeps: a skewed day (a few loud addresses, a long tail:
 * provably exact) and a flat one (every address alike: not provable, so every row is summed).
 */
describe('top lists from the daily tops', () => {
  let t: TestApp
  let model: Model
  const midnight = Math.floor(Date.now() / DAY) * DAY

  before(async () => {
    t = await buildTestApp({ env: { HONEYPOT_GEOIP_FILE: 'none' } })
    const key = await sensorKey(t.app)
    const lines: string[] = []
    const connect = (session: string, ip: string, at: number) =>
      lines.push(cowrieEvent('cowrie.session.connect', session, Date.now() - at, { src_ip: ip }))
    // Skewed, 6 and 5 days ago: address i opens 40 - i sessions (at least one), 3 × PER_DAY addresses.
    for (const ago of [6, 5]) {
      for (let i = 0; i < 3 * PER_DAY; i++) {
        for (let n = 0; n < Math.max(1, 40 - i); n++)
          connect(`s${ago}-${i}-${n}`, `198.51.100.${i}`, midnight - ago * DAY + HOUR + i * 1000 + n)
      }
    }
    // Flat, 3 and 2 days ago (the address numbers differ so the skewed days stay apart): two each.
    for (const ago of [3, 2]) {
      for (let i = 0; i < 2 * PER_DAY; i++) {
        for (let n = 0; n < 2; n++) connect(`f${ago}-${i}-${n}`, `203.0.113.${i}`, midnight - ago * DAY + HOUR + i * 1000 + n)
      }
    }
    const response = await ingest(t.app, key, lines)
    assert.equal(response.json().accepted, lines.length, response.body)
    model = new Model(lines)
  })
  after(async () => {
    await t.close()
  })

  const want = (from: number, to: number) =>
    ranked(
      model.sessionsIn(from, to).map((session) => session.srcIp),
      10
    )
  const dayPiece = (from: number, to: number) => windowPieces(from, to).find((piece) => piece.source === 'day')!

  it('answers a skewed window from the daily tops, exactly', async () => {
    const [from, to] = [midnight - 6 * DAY, midnight - 4 * DAY]
    const edge = sql.raw('SELECT NULL::text AS value, 0::bigint AS count WHERE false')
    const top = await topFromDailyTops(t.app.db, {
      kind: 'src_ip',
      days: dayPiece(from, to),
      edge,
      limit: 10,
      exclude: undefined
    })
    assert.deepEqual(top, want(from, to))
    assert.deepEqual(await topValues(t.app.db, 'src_ip', from, to, { limit: 10 }), want(from, to))
  })

  it('declines a flat window (no value stands clear) and the full sum still answers exactly', async () => {
    const [from, to] = [midnight - 3 * DAY, midnight - DAY]
    const edge = sql.raw('SELECT NULL::text AS value, 0::bigint AS count WHERE false')
    assert.equal(
      await topFromDailyTops(t.app.db, { kind: 'src_ip', days: dayPiece(from, to), edge, limit: 10, exclude: undefined }),
      undefined
    )
    assert.deepEqual(await topValues(t.app.db, 'src_ip', from, to, { limit: 10 }), want(from, to))
  })

  it('is exact across skewed and flat days, open-ended and from inside an hour, with an excluded value', async () => {
    for (const from of [midnight - 6 * DAY - 1, midnight - 6 * DAY + HOUR + 30_000, midnight - 3 * DAY + 7]) {
      assert.deepEqual(await topValues(t.app.db, 'src_ip', from, null, { limit: 10 }), want(from, Infinity), `from ${from}`)
      const without = want(from, Infinity)[0]!.value
      const expected = ranked(
        model
          .sessionsIn(from)
          .map((session) => session.srcIp)
          .filter((ip) => ip !== without),
        10
      )
      assert.deepEqual(await topValues(t.app.db, 'src_ip', from, null, { limit: 10, exclude: without }), expected)
    }
  })
})
