import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import type { Db } from '../../../src/db/client.js'
import { EPSS_FEED, stageEpss, swapEpss } from '../../../src/lib/feeds/epss.js'
import { markAttempt } from '../../../src/lib/feeds/sources.js'
import { rowsOf } from '../../../src/lib/sql-rows.js'
import { openTestDatabase, tempDir, type TestDatabase } from '../../helpers.js'

// 12,001 staged scores: three windows of the stepwise swap (5,000 each) and a last one of one row.
const STAGED = 12001
const cve = (i: number): string => `CVE-2024-${String(10000 + i)}`

describe('EPSS swap: stepwise (PGlite) and in one transaction give the same scores', () => {
  let t: TestDatabase
  let db: Db
  let file: string
  const dir = tempDir('console-epss-')
  before(async () => {
    t = await openTestDatabase()
    db = t.database.db
    await markAttempt(db, { name: EPSS_FEED, kind: 'epss', ecosystem: null, url: null })
    const lines = ['#model_version:v2025.03.14,score_date:2026-11-20T00:00:00+0000', 'cve,epss,percentile']
    for (let i = 0; i < STAGED; i++) lines.push(`${cve(i * 2)},${(i % 100) / 100},${(i % 97) / 97}`)
    file = path.join(dir, 'epss.csv')
    fs.writeFileSync(file, lines.join('\n'))
  })
  after(async () => {
    await t.database.close()
    await t.cleanup()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const scores = async (): Promise<Map<string, number>> =>
    new Map(
      rowsOf<{ cve_id: string; epss: number }>(await db.execute(sql`SELECT cve_id, epss FROM epss_scores`)).map((r) => [
        r.cve_id,
        Number(r.epss)
      ])
    )

  for (const stepwise of [true, false]) {
    it(`${stepwise ? 'stepwise' : 'one transaction'}: yesterday's scores are updated, dropped or kept, today's added`, async () => {
      await db.execute(sql`DELETE FROM epss_scores`)
      // Yesterday: odd ids (gone today, between every staged id and past the last), one changed, one the same.
      const old = [
        { cve_id: cve(1), epss: 0.5, percentile: 0.5 },
        { cve_id: cve(10001), epss: 0.5, percentile: 0.5 },
        { cve_id: cve(99999), epss: 0.5, percentile: 0.5 },
        { cve_id: cve(0), epss: 0.9, percentile: 0.9 },
        { cve_id: cve(2), epss: 0.01, percentile: 1 / 97 }
      ]
      await db.execute(sql`INSERT INTO epss_scores (cve_id, epss, percentile)
        SELECT cve_id, epss, percentile FROM jsonb_to_recordset(${JSON.stringify(old)}::jsonb) AS r(cve_id text, epss real, percentile real)`)
      const staged = await stageEpss(db, file)
      assert.equal(staged.rows, STAGED)
      const records = await swapEpss(db, staged, { validators: null, sha256: null }, stepwise)
      assert.equal(records, STAGED)
      const now = await scores()
      assert.equal(now.size, STAGED)
      for (const gone of [1, 10001, 99999]) assert.equal(now.has(cve(gone)), false, `${cve(gone)} left the file`)
      assert.equal(now.get(cve(0)), 0)
      assert.ok(Math.abs(now.get(cve(2))! - 0.01) < 1e-6)
      assert.ok(Math.abs(now.get(cve((STAGED - 1) * 2))! - ((STAGED - 1) % 100) / 100) < 1e-6)
      const [left] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM epss_staging`))
      assert.equal(Number(left?.n), 0)
      const [source] = rowsOf<{ records: number; version: string }>(
        await db.execute(sql`SELECT records, version FROM feed_sources WHERE name = 'epss'`)
      )
      assert.deepEqual(
        { records: Number(source?.records), version: source?.version },
        { records: STAGED, version: 'v2025.03.14' }
      )
    })
  }
})
