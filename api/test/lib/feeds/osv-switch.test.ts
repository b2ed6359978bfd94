import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { PartlyAppliedError } from '../../../src/lib/feeds/errors.js'
import { clearStaging, stageOsvZip } from '../../../src/lib/feeds/osv-stage.js'
import { switchOsvFeed } from '../../../src/lib/feeds/osv-switch.js'
import { markAttempt } from '../../../src/lib/feeds/sources.js'
import { rowsOf } from '../../../src/lib/sql-rows.js'
import { tempDir } from '../../helpers.js'
import { openVulnsDb, type VulnsDb } from '../vulns/vulns-helpers.js'
import { zipOf, type OsvJson } from './feed-server.js'

/**
 * The stepwise switch (what PGlite uses: one connection, so one long transaction would hold every
 * request): it writes what the one-transaction switch writes, lets other queries in between its
 * steps, and a stop midway is said as such and completed by the next sync.
 */

const FEED = 'osv:Debian'
const RECORDS = 1200

/** Our own records in OSV's format: DSA-TEST-n fixes CVE-2099-n in package pkg-n (Debian 12). */
function records(count: number, modified = '2026-11-01T00:00:00Z'): OsvJson[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `DSA-TEST-${String(i).padStart(5, '0')}`,
    modified,
    published: '2026-10-01T00:00:00Z',
    aliases: [`CVE-2099-${String(10000 + i)}`],
    summary: `test advisory ${i}`,
    affected: [
      {
        package: { ecosystem: 'Debian:12', name: `pkg-${i}` },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.0-2' }] }]
      }
    ]
  }))
}

describe("OSV switch in short transactions (PGlite's way)", () => {
  let t: VulnsDb
  const dir = tempDir('console-switch-')
  const count = async (query: ReturnType<typeof sql>): Promise<number> =>
    Number(rowsOf<{ n: number }>(await t.db.execute(query))[0]?.n ?? 0)
  const state = { validators: null, sha256: 'test' }
  const stage = async (list: OsvJson[]): Promise<void> => {
    const file = path.join(dir, 'all.zip')
    fs.writeFileSync(file, await zipOf(list))
    await clearStaging(t.db, FEED)
    await stageOsvZip(t.db, FEED, file)
  }
  const applyingSince = async (): Promise<string | null> =>
    rowsOf<{ at: string | null }>(
      await t.db.execute(sql`SELECT applying_since::text AS at FROM feed_sources WHERE name = ${FEED}`)
    )[0]?.at ?? null

  before(async () => {
    t = await openVulnsDb()
    await markAttempt(t.db, { name: FEED, kind: 'osv', ecosystem: 'Debian', url: 'http://127.0.0.1/Debian/all.zip' })
  })
  after(async () => await t?.cleanup())

  it('a stop midway is said as "partly updated", flagged in feed_sources, and the next switch completes it', async () => {
    await stage(records(RECORDS))
    const controller = new AbortController()
    const switching = switchOsvFeed(t.db, FEED, state, { stepwise: true, signal: controller.signal })
    // Other queries get in between the steps: wait until some records are visible, then stop.
    for (let seen = 0; seen === 0;) seen = await count(sql`SELECT count(*)::int AS n FROM osv_records WHERE id LIKE 'DSA-TEST-%'`)
    controller.abort()
    await assert.rejects(switching, (error: Error) => {
      assert.ok(error instanceof PartlyAppliedError)
      assert.match(
        error.message,
        /^stopped while applying the update \([\d,]+ of 1,200 changed records written\): the feed is partly updated until the next sync completes it$/
      )
      return true
    })
    const written = await count(sql`SELECT count(*)::int AS n FROM osv_records WHERE id LIKE 'DSA-TEST-%'`)
    assert.ok(written > 0 && written < RECORDS, `some records but not all were written (${written})`)
    // Each record is applied whole: every stored record has its affected row and its CVE link.
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM vulnerability_affected WHERE osv_id LIKE 'DSA-TEST-%'`), written)
    assert.equal(
      await count(sql`SELECT count(*)::int AS n FROM osv_record_vulnerabilities WHERE osv_id LIKE 'DSA-TEST-%'`),
      written
    )
    assert.notEqual(await applyingSince(), null, 'Settings can say the copy is partly updated')

    await stage(records(RECORDS))
    const result = await switchOsvFeed(t.db, FEED, state, { stepwise: true })
    assert.equal(result.records, RECORDS)
    assert.equal(
      result.written,
      RECORDS,
      'the records written before the stop are written again: their CVE rows and devices were left undone'
    )
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_records WHERE feeds @> ARRAY[${FEED}::text]`), RECORDS)
    assert.equal(
      await count(
        sql`SELECT count(*)::int AS n FROM vulnerabilities WHERE cve_id LIKE 'CVE-2099-%' AND summary LIKE 'test advisory %'`
      ),
      RECORDS
    )
    assert.equal(await applyingSince(), null)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_staging`), 0, 'staging is emptied')
  })

  it('a record the next snapshot drops is removed with its CVE link and affected rows; the others stay', async () => {
    const next = records(RECORDS).slice(0, RECORDS - 300)
    await stage(next)
    const result = await switchOsvFeed(t.db, FEED, state, { stepwise: true })
    assert.equal(result.removed, 300)
    assert.equal(result.records, RECORDS - 300)
    assert.equal(result.changed, true)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_records WHERE id LIKE 'DSA-TEST-%'`), RECORDS - 300)
    assert.equal(
      await count(sql`SELECT count(*)::int AS n FROM vulnerability_affected WHERE osv_id LIKE 'DSA-TEST-%'`),
      RECORDS - 300
    )
    assert.deepEqual([...result.orphans].length, 300, "the dropped records' CVE rows are left for the re-match to clean up")
  })

  it('queries are answered while the switch runs, not after it', async () => {
    await stage(records(RECORDS, '2026-11-02T00:00:00Z'))
    let switched = false
    const switching = switchOsvFeed(t.db, FEED, state, { stepwise: true }).then((result) => {
      switched = true
      return result
    })
    const answered: boolean[] = []
    for (let i = 0; i < 3; i++) {
      await t.db.execute(sql`SELECT 1`)
      answered.push(switched)
    }
    const result = await switching
    assert.equal(result.written, RECORDS, 'every record is newer (300 of them new again)')
    assert.deepEqual(answered, [false, false, false], 'each query was answered before the switch ended')
  })

  it("clearing a feed's staging removes all its rows, more than one statement's worth, and no other feed's", async () => {
    const ids = (feed: string, n: number) => sql`SELECT ${feed}, 'X-' || lpad(i::text, 6, '0') FROM generate_series(1, ${n}) i`
    await t.db.execute(sql`INSERT INTO osv_staging_seen (feed, id) ${ids(FEED, 4500)}`)
    await t.db.execute(sql`INSERT INTO osv_staging_seen (feed, id) ${ids('osv:Alpine', 10)}`)
    await t.db.execute(sql`INSERT INTO osv_staging (feed, id, source, record)
      SELECT feed, id, 'test', '{}'::jsonb FROM osv_staging_seen WHERE id <= 'X-002100'`)
    await clearStaging(t.db, FEED)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_staging WHERE feed = ${FEED}`), 0)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_staging_seen WHERE feed = ${FEED}`), 0)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_staging WHERE feed = 'osv:Alpine'`), 10)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_staging_seen WHERE feed = 'osv:Alpine'`), 10)
    await clearStaging(t.db, 'osv:Alpine')
  })
})
