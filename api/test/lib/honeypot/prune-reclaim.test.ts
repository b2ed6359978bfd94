import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { cowrieSessions } from '../../../src/lib/honeypot/generator.js'
import { pruneHoneypot } from '../../../src/lib/honeypot/prune.js'
import { rowsOf } from '../../../src/lib/sql-rows.js'
import { buildTestApp, usingPostgres, type TestApp } from '../../helpers.js'
import { ingest, sensorKey } from './honeypot-helpers.js'

const DAY = 86_400_000
const TABLES = [
  'honeypot_sessions',
  'honeypot_session_files',
  'honeypot_rollups',
  'honeypot_daily_rollups',
  'honeypot_value_days',
  'honeypot_value_hours'
]

describe('honeynet retention on the embedded engine', () => {
  let t: TestApp
  let key: string

  before(async () => {
    t = await buildTestApp({ env: { HONEYPOT_GEOIP_FILE: 'none', HONEYPOT_RETENTION_DAYS: '60' } })
    key = await sensorKey(t.app)
  })
  after(async () => {
    await t.close()
  })

  const send = async (seed: number, from: number, to: number) => {
    const lines: string[] = []
    for (const session of cowrieSessions({ seed, sessions: 800, from, to })) {
      for (const event of session) lines.push(JSON.stringify(event))
    }
    assert.equal((await ingest(t.app, key, lines)).statusCode, 200)
  }
  const pages = async (): Promise<Record<string, number>> => {
    const out: Record<string, number> = {}
    for (const table of TABLES) {
      out[table] = rowsOf<{ n: number }>(
        await t.app.db.execute(sql`SELECT (pg_relation_size(${table}::regclass) / 8192)::int AS n`)
      )[0]!.n
    }
    return out
  }

  it(
    'gives the pruned rows back: a month of new traffic after a prune fits in the pages the old one left',
    { skip: usingPostgres() && "PostgreSQL's autovacuum reclaims them" },
    async () => {
      const now = Date.now()
      // 20 days of traffic long ago, then retention takes all of it (deleted row by row but the events).
      await send(31, now - 45 * DAY, now - 25 * DAY)
      const full = await pages()
      const pruned = await pruneHoneypot(t.app.db, 20, now, { reclaim: true })
      assert.ok(pruned.sessions > 0 && pruned.rollups > 0 && pruned.valueCounts > 0)
      // As much traffic again: without the VACUUM the tables would hold both (the old rows' pages kept).
      await send(32, now - 19 * DAY, now - 60_000)
      const after = await pages()
      for (const table of TABLES) {
        assert.ok(
          after[table]! <= Math.ceil(full[table]! * 1.25) + 1,
          `${table}: ${full[table]} pages before, ${after[table]} after`
        )
      }
    }
  )
})
