import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { cowrieSessions } from '../../../src/lib/honeypot/generator.js'
import { emptyResult, ingestStream } from '../../../src/lib/honeypot/ingest.js'
import { buildTestApp, type TestApp } from '../../helpers.js'

const DAY = 86_400_000

describe('honeynet ingest overlaps parsing with storing', () => {
  let t: TestApp

  before(async () => {
    t = await buildTestApp({ env: { HONEYPOT_GEOIP_FILE: 'none' } })
  })
  after(async () => {
    await t.close()
  })

  it('a body already in memory gives the event loop turns while a batch is stored, and every line is stored', async () => {
    const now = Date.now()
    const lines: string[] = []
    for (const session of cowrieSessions({ seed: 5, sessions: 1500, from: now - DAY, to: now - 60_000 })) {
      for (const event of session) lines.push(JSON.stringify(event))
    }
    const batchSize = 2000
    assert.ok(lines.length > 3 * batchSize)
    // Lines read at each turn of the event loop (a macrotask): the database's replies to the stored
    // batch are handled at such turns, so without them the next batch is parsed to its end first.
    const result = emptyResult()
    const seen = [0]
    let running = true
    const tick = () => {
      seen.push(result.lines)
      if (running) setImmediate(tick)
    }
    setImmediate(tick)
    try {
      await ingestStream(
        t.app.db,
        [Buffer.from(lines.join('\n'))],
        { retentionDays: 30, defaultSensor: 's', geo: null, batchSize },
        result
      )
    } finally {
      running = false
    }
    seen.push(result.lines)
    assert.equal(result.accepted, lines.length)
    // Once the first batch is stored (from then on one is always in flight), the longest stretch of
    // lines read without a turn: a whole batch without the turns, a few hundred lines with them.
    let longest = 0
    for (let i = 1; i < seen.length; i++) longest = Math.max(longest, seen[i]! - Math.max(seen[i - 1]!, batchSize))
    assert.ok(longest <= batchSize / 4, `longest stretch without a turn: ${longest} lines`)
  })
})
