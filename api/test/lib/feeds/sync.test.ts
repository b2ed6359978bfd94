import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { createTenant } from '../../../src/lib/accounts.js'
import { tryFeedSyncLock } from '../../../src/lib/feeds/lock.js'
import { feedState } from '../../../src/lib/feeds/state.js'
import { syncFeeds, type SyncSettings } from '../../../src/lib/feeds/sync.js'
import { rowsOf } from '../../../src/lib/sql-rows.js'
import { tempDir, usingPostgres } from '../../helpers.js'
import { addDevice, openVulnsDb, type VulnsDb } from '../vulns/vulns-helpers.js'
import {
  closedPort,
  FEED_FIXTURES,
  sharedOsvMissing,
  sharedRecords,
  startFeedServer,
  zipOf,
  type FeedServer,
  type OsvJson
} from './feed-server.js'

const missing = sharedOsvMissing()
if (missing !== false) console.log(`# feed sync tests skipped: ${missing}`)

const kevFixture = (): { vulnerabilities: Array<{ cveID: string }>; count: number } =>
  JSON.parse(fs.readFileSync(path.join(FEED_FIXTURES, 'kev-sample.json'), 'utf8'))
/** The catalogue without the test-only entry (CVE-2024-10524): added later, to see a finding gain KEV. */
function kevWithout(cve: string): Buffer {
  const kev = kevFixture()
  kev.vulnerabilities = kev.vulnerabilities.filter((entry) => entry.cveID !== cve)
  kev.count = kev.vulnerabilities.length
  return Buffer.from(JSON.stringify(kev))
}

describe('sync-feeds: OSV zips, KEV and EPSS from a local server', { skip: missing !== false }, () => {
  let t: VulnsDb
  let server: FeedServer
  let settings: SyncSettings
  let debian: Map<string, OsvJson>
  let alpine: Map<string, OsvJson>
  const devices: Record<string, string> = {}

  const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T | undefined> =>
    rowsOf<T>(await t.db.execute(query))[0]
  const count = async (query: ReturnType<typeof sql>): Promise<number> => Number((await one<{ n: number }>(query))?.n ?? 0)
  const findingsOf = async (device: string): Promise<string[]> =>
    rowsOf<{ cve_id: string }>(
      await t.db.execute(sql`
    SELECT v.cve_id FROM package_findings f JOIN vulnerabilities v ON v.uid = f.vulnerability_uid WHERE f.device_uid = ${devices[device]} ORDER BY 1`)
    ).map((row) => row.cve_id)
  const source = async (name: string) =>
    await one<{
      records: number
      etag: string | null
      last_success_at: Date
      last_changed_at: Date | null
      last_error: string | null
      last_error_at: Date | null
      version: string | null
    }>(
      sql`SELECT records, etag, last_success_at, last_changed_at, last_error, last_error_at, version FROM feed_sources WHERE name = ${name}`
    )
  const importedAt = async (id: string): Promise<string> =>
    String((await one<{ at: string }>(sql`SELECT imported_at::text AS at FROM osv_records WHERE id = ${id}`))?.at)
  const serveDebian = async (records: Iterable<OsvJson>): Promise<void> => {
    server.files.set('/Debian/all.zip', await zipOf(records))
  }
  const serveAlpine = async (records: Iterable<OsvJson>): Promise<void> => {
    server.files.set('/Alpine/all.zip', await zipOf(records))
  }
  const sync = async (overrides: Partial<SyncSettings> = {}) => {
    const skipped: string[] = []
    const result = await syncFeeds(
      t.db,
      { ...settings, ...overrides },
      { onSkip: (from, reason) => skipped.push(`${from}: ${reason}`) }
    )
    return { ...result, skipped, status: Object.fromEntries(result.outcomes.map((outcome) => [outcome.name, outcome.status])) }
  }

  before(async () => {
    t = await openVulnsDb()
    server = await startFeedServer()
    debian = sharedRecords('debian')
    alpine = sharedRecords('alpine')
    // osv.dev puts a record in the zip of every ecosystem it affects: this one has Alpine and Debian entries.
    debian.set('CVE-2024-10524', alpine.get('CVE-2024-10524')!)
    await serveDebian(debian.values())
    await serveAlpine(alpine.values())
    server.files.set('/kev.json', kevWithout('CVE-2024-10524'))
    server.files.set('/epss.csv.gz', gzipSync(fs.readFileSync(path.join(FEED_FIXTURES, 'epss-sample.csv'))))
    settings = {
      osvBaseUrl: server.url,
      kevUrl: `${server.url}/kev.json`,
      epssUrl: `${server.url}/epss.csv.gz`,
      ecosystems: [],
      dataDir: tempDir('console-feeds-'),
      databaseUrl: t.url
    }

    // A customer's tenant with enrolled (non-demo) devices, as an agent reports them.
    const tenant = (await createTenant(t.db, 'Feed Customer')).uid
    devices.deb12 = await addDevice(t.db, tenant, 'deb12', [
      { name: 'intel-microcode', version: '3.20230807.1~deb12u1', ecosystem: 'Debian:12', source: 'intel-microcode' },
      { name: 'wget', version: '1.21.3-1+b2', ecosystem: 'Debian:12', source: 'wget' },
      { name: 'bash', version: '5.2.15-2+b7', ecosystem: 'Debian:12', source: 'bash' }
    ])
    devices.deb9 = await addDevice(t.db, tenant, 'deb9', [
      { name: 'libssl1.1', version: '1.1.0l-1~deb9u5', ecosystem: 'Debian:9', source: 'openssl' },
      { name: 'libxml2', version: '2.9.4+dfsg1-2.2+deb9u6', ecosystem: 'Debian:9', source: 'libxml2' }
    ])
    devices.alpine = await addDevice(t.db, tenant, 'alpine', [
      { name: 'musl', version: '1.2.4-r2', ecosystem: 'Alpine:v3.18', source: 'musl' },
      { name: 'openvpn', version: '2.6.5-r0', ecosystem: 'Alpine:v3.18', source: 'openvpn' }
    ])
    devices.clean = await addDevice(t.db, tenant, 'clean', [
      { name: 'bash', version: '5.2.15-2+b7', ecosystem: 'Debian:12', source: 'bash' }
    ])
  })
  after(async () => {
    await server?.close()
    await t?.cleanup()
  })

  it('first sync: downloads the zips of the ecosystems in use, imports them, fills feed_sources and matches the devices', async () => {
    const result = await sync()
    assert.equal(result.locked, false)
    assert.deepEqual(result.ecosystems, ['Alpine', 'Debian'], 'from the devices\' package ecosystems, by the name before ":"')
    assert.deepEqual(
      result.status,
      { 'osv:Alpine': 'changed', 'osv:Debian': 'changed', kev: 'changed', epss: 'changed' },
      result.outcomes.map((o) => o.message).join('\n')
    )
    // CVE-2024-10524 came with the Alpine zip just before: Debian's copy of it is only tagged.
    assert.match(
      result.outcomes[1]!.message,
      /^osv:Debian: 11 records \(10 new or changed, 0 removed, 0 skipped\) from [\d.]+ MB in [\d.]+ s \([\d,]+ records\/s; switch [\d.]+ s\)$/
    )

    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_records`), new Set([...debian.keys(), ...alpine.keys()]).size)
    assert.equal(
      (await one<{ source: string }>(sql`SELECT source FROM osv_records WHERE id = 'DSA-5474-1'`))?.source,
      'osv:Debian!DSA-5474-1.json'
    )
    const deb = await source('osv:Debian')
    assert.equal(deb?.records, 11)
    assert.match(deb?.etag ?? '', /^"[0-9a-f]{40}"$/)
    assert.ok(deb?.last_success_at instanceof Date || typeof deb?.last_success_at === 'string')
    assert.notEqual(deb?.last_changed_at, null)
    assert.equal(deb?.last_error, null)
    assert.equal((await source('osv:Alpine'))?.records, alpine.size)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_staging`), 0, 'staging is emptied by the switch')
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_staging_seen`), 0)

    assert.deepEqual(await findingsOf('deb12'), ['CVE-2024-10524', 'DSA-5474-1'])
    assert.deepEqual(await findingsOf('deb9'), ['CVE-2022-1292', 'CVE-2022-29824'])
    assert.deepEqual(await findingsOf('alpine'), ['CVE-2023-46850', 'CVE-2025-26519'])
    assert.deepEqual(await findingsOf('clean'), [])
    assert.equal(result.matched?.devices, 3, 'the devices with a package named like an affected row')
    // Coverage counts are rewritten.
    assert.ok((await count(sql`SELECT records AS n FROM feed_ecosystems WHERE ecosystem = 'Debian:12'`)) >= 2)
    // KEV and EPSS.
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM kev_entries`), 2)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM epss_scores`), 5)
    assert.equal((await source('epss'))?.version, 'v2025.03.14')
    assert.equal((await source('kev'))?.version, '2026.11.20')
  })

  it('unchanged: every file answers 304 to the conditional request; nothing is imported again, last_success_at moves, last_changed_at does not', async () => {
    const before = { deb: await source('osv:Debian'), kev: await source('kev'), at: await importedAt('DSA-5474-1') }
    server.requests.length = 0
    await new Promise((resolve) => setTimeout(resolve, 20))
    const result = await sync()
    assert.deepEqual(result.status, { 'osv:Alpine': 'unchanged', 'osv:Debian': 'unchanged', kev: 'unchanged', epss: 'unchanged' })
    assert.deepEqual(
      server.requests.map((r) => [r.path, r.status, r.conditional]),
      [
        ['/Alpine/all.zip', 304, true],
        ['/Debian/all.zip', 304, true],
        ['/kev.json', 304, true],
        ['/epss.csv.gz', 304, true]
      ]
    )
    assert.equal(result.matched, undefined, 'nothing to re-match')
    const deb = await source('osv:Debian')
    assert.ok(new Date(deb!.last_success_at).getTime() > new Date(before.deb!.last_success_at).getTime())
    assert.equal(new Date(deb!.last_changed_at!).getTime(), new Date(before.deb!.last_changed_at!).getTime())
    assert.equal(await importedAt('DSA-5474-1'), before.at)
  })

  it("changed: only the changed record is imported again, only the touched device is re-matched, a removed record's finding goes", async () => {
    const untouched = await importedAt('DSA-5474-1')
    const dla = structuredClone(debian.get('DLA-3008-1')!)
    dla.modified = '2026-11-21T00:00:00Z'
    dla.summary = 'openssl - security update (revised)'
    debian.set('DLA-3008-1', dla)
    debian.delete('DLA-3012-1')
    await serveDebian(debian.values())
    const result = await sync()
    assert.deepEqual(result.status, { 'osv:Alpine': 'unchanged', 'osv:Debian': 'changed', kev: 'unchanged', epss: 'unchanged' })
    assert.match(result.outcomes[1]!.message, /^osv:Debian: 10 records \(1 new or changed, 1 removed, 0 skipped\)/)
    assert.equal(result.matched?.devices, 1, 'only deb9 has openssl or libxml2')
    assert.deepEqual(await findingsOf('deb9'), ['CVE-2022-1292'])
    assert.equal(
      (await one<{ summary: string }>(sql`SELECT summary FROM vulnerabilities WHERE cve_id = 'CVE-2022-1292'`))?.summary,
      'openssl - security update (revised)'
    )
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_records WHERE id = 'DLA-3012-1'`), 0)
    assert.equal(
      await count(sql`SELECT count(*)::int AS n FROM vulnerabilities WHERE cve_id = 'CVE-2022-29824'`),
      0,
      'its CVE row, used by nothing else, goes too'
    )
    assert.equal(await importedAt('DSA-5474-1'), untouched, 'an unchanged record is not written again')
    assert.equal((await source('osv:Debian'))?.records, 10)
  })

  it('KEV: a finding whose CVE enters the catalogue makes its device High, even with no CVSS score', async () => {
    const [before] = rowsOf<{ risk_score: string; kev_count: number }>(
      await t.db.execute(sql`SELECT risk_score, kev_count FROM devices WHERE uid = ${devices.deb12}`)
    )
    assert.deepEqual(before, { risk_score: 'Low', kev_count: 0 }, 'its findings carry no CVSS score')
    server.files.set('/kev.json', fs.readFileSync(path.join(FEED_FIXTURES, 'kev-sample.json')))
    const result = await sync()
    assert.equal(result.status.kev, 'changed')
    assert.equal(
      result.outcomes.find((o) => o.name === 'kev')?.message,
      'kev: 3 entries (catalogue 2026.11.20), 1 CVE entered or left it, 1 device re-rated'
    )
    const [after] = rowsOf<{ risk_score: string; kev_count: number }>(
      await t.db.execute(sql`SELECT risk_score, kev_count FROM devices WHERE uid = ${devices.deb12}`)
    )
    assert.deepEqual(after, { risk_score: 'High', kev_count: 1 })
    assert.deepEqual(await findingsOf('deb12'), ['CVE-2024-10524', 'DSA-5474-1'])
  })

  it('EPSS: the scores are replaced whole by the next file', async () => {
    server.files.set(
      '/epss.csv.gz',
      gzipSync(
        '#model_version:v2025.03.14,score_date:2026-11-21T00:00:00+0000\ncve,epss,percentile\nCVE-2021-44228,0.9441,0.99961\nCVE-2026-0001,0.0004,0.05\n'
      )
    )
    const result = await sync()
    assert.equal(result.outcomes.find((o) => o.name === 'epss')?.message, 'epss: 2 scores (model v2025.03.14, scored 2026-11-21)')
    assert.deepEqual(
      [...rowsOf(await t.db.execute(sql`SELECT cve_id, round(epss::numeric, 4)::text AS epss FROM epss_scores ORDER BY cve_id`))],
      [
        { cve_id: 'CVE-2021-44228', epss: '0.9441' },
        { cve_id: 'CVE-2026-0001', epss: '0.0004' }
      ]
    )
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM epss_staging`), 0)
    // A bad file never replaces good scores.
    server.files.set('/epss.csv.gz', gzipSync('cve,epss,percentile\nCVE-2021-44228,1.7,0.9\n'))
    const bad = await sync()
    assert.equal(bad.status.epss, 'failed')
    assert.match(
      bad.outcomes.find((o) => o.name === 'epss')!.message,
      /^the EPSS file has a bad line 2: CVE-2021-44228,1\.7,0\.9 — the previous feed is kept \(epss\)$/
    )
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM epss_scores`), 2)
    server.files.set('/epss.csv.gz', gzipSync(fs.readFileSync(path.join(FEED_FIXTURES, 'epss-sample.csv'))))
  })

  it(
    'the staged copies are given back to the disk after each sync (the embedded engine has no autovacuum)',
    { skip: usingPostgres() && "PostgreSQL's autovacuum reclaims them" },
    async () => {
      // Each sync stages the whole feed and empties the staging tables again: without a VACUUM the
      // dead rows keep their pages and every daily sync grows the data folder by the feed's size.
      const pages = async (table: string): Promise<number> =>
        await count(sql`SELECT (pg_relation_size(${table}::regclass) / 8192)::int AS n`)
      const dla = structuredClone(debian.get('DLA-3008-1')!)
      dla.modified = '2026-11-24T00:00:00Z'
      debian.set('DLA-3008-1', dla)
      await serveDebian(debian.values())
      // The EPSS test above left the sample file served again after its own: a change too.
      const result = await sync()
      assert.equal(result.status['osv:Debian'], 'changed')
      assert.equal(result.status.epss, 'changed')
      for (const table of ['osv_staging', 'osv_staging_seen', 'epss_staging', 'feed_rematch_queue'])
        assert.equal(await pages(table), 0, `${table} keeps no pages`)
    }
  )

  it('a truncated or damaged zip is refused: the previous feed stays, last_error says why', async () => {
    const records = await count(sql`SELECT count(*)::int AS n FROM osv_records`)
    const changed = structuredClone(debian.get('DSA-5474-1')!)
    changed.modified = '2026-11-22T00:00:00Z'
    const zip = await zipOf([...debian.values()].map((record) => (record.id === 'DSA-5474-1' ? changed : record)))
    // Served whole by HTTP (its Content-Length matches): only the zip itself shows it is cut short.
    server.files.set('/Debian/all.zip', zip.subarray(0, Math.floor(zip.length * 0.6)))
    const cut = await sync()
    assert.equal(cut.status['osv:Debian'], 'failed')
    assert.match(cut.outcomes[1]!.message, /^not a complete zip \(.+\) — the previous feed is kept \(osv:Debian\)$/)
    const state = await source('osv:Debian')
    assert.match(state?.last_error ?? '', /^not a complete zip/)
    assert.notEqual(state?.last_error_at, null)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_records`), records)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_staging`), 0)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_records WHERE modified_at = '2026-11-22T00:00:00Z'`), 0)

    // A byte flipped inside a member: inflating it or its CRC-32 fails.
    const damaged = Buffer.from(zip)
    damaged[200] = damaged[200]! ^ 0xff
    server.files.set('/Debian/all.zip', damaged)
    const flipped = await sync()
    assert.equal(flipped.status['osv:Debian'], 'failed')
    assert.match(flipped.outcomes[1]!.message, /^the zip is damaged \(.+\) — the previous feed is kept \(osv:Debian\)$/)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_records WHERE modified_at = '2026-11-22T00:00:00Z'`), 0)

    // The next good download clears the error.
    server.files.set('/Debian/all.zip', zip)
    const fixed = await sync()
    assert.equal(fixed.status['osv:Debian'], 'changed')
    assert.equal((await source('osv:Debian'))?.last_error, null)
  })

  it('server down: one clear line per feed, the previous feeds kept', async () => {
    const records = await count(sql`SELECT count(*)::int AS n FROM osv_records`)
    const down = `http://127.0.0.1:${await closedPort()}`
    const result = await sync({ osvBaseUrl: down, kevUrl: `${down}/kev.json`, epssUrl: `${down}/epss.csv.gz` })
    const host = down.slice('http://'.length)
    assert.deepEqual(
      result.outcomes.map((o) => o.message),
      [
        `cannot reach ${host} (connect ECONNREFUSED) — the previous feed is kept (osv:Alpine)`,
        `cannot reach ${host} (connect ECONNREFUSED) — the previous feed is kept (osv:Debian)`,
        `cannot reach ${host} (connect ECONNREFUSED) — the previous feed is kept (kev)`,
        `cannot reach ${host} (connect ECONNREFUSED) — the previous feed is kept (epss)`
      ]
    )
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM osv_records`), records)
    assert.equal((await source('kev'))?.last_error, `cannot reach ${host} (connect ECONNREFUSED)`)
    assert.equal(await count(sql`SELECT count(*)::int AS n FROM kev_entries`), 3)
  })

  it("a record in two ecosystems' zips is kept while either still has it", async () => {
    const feeds = async (): Promise<string[] | undefined> =>
      (await one<{ feeds: string[] }>(sql`SELECT feeds FROM osv_records WHERE id = 'CVE-2024-10524'`))?.feeds
    assert.deepEqual([...(await feeds())!].sort(), ['osv:Alpine', 'osv:Debian'])
    debian.delete('CVE-2024-10524')
    await serveDebian(debian.values())
    await sync()
    assert.deepEqual(await feeds(), ['osv:Alpine'])
    assert.deepEqual(
      await findingsOf('deb12'),
      ['CVE-2024-10524', 'DSA-5474-1'],
      'the record (and its Debian entries) is still there'
    )
    alpine.delete('CVE-2024-10524')
    await serveAlpine(alpine.values())
    const result = await sync()
    assert.equal(await feeds(), undefined, 'no feed holds it any more: deleted')
    assert.deepEqual(await findingsOf('deb12'), ['DSA-5474-1'])
    const [deb12] = rowsOf<{ risk_score: string; kev_count: number }>(
      await t.db.execute(sql`SELECT risk_score, kev_count FROM devices WHERE uid = ${devices.deb12}`)
    )
    assert.deepEqual(deb12, { risk_score: 'Low', kev_count: 0 }, 'its KEV finding went with it')
    assert.equal(result.matched?.devices, 1)
  })

  it('a record imported from a file stays when a feed that also held it drops it', async () => {
    // The file import's copy has the same id and modified: the sync only tags it.
    const dsa = debian.get('DSA-3029-1')!
    await t.db.execute(sql`UPDATE osv_records SET source = 'DSA-3029-1.json' WHERE id = 'DSA-3029-1'`)
    debian.delete('DSA-3029-1')
    await serveDebian(debian.values())
    await sync()
    assert.deepEqual((await one<{ feeds: string[] }>(sql`SELECT feeds FROM osv_records WHERE id = ${dsa.id}`))?.feeds, [])
  })

  it('a sync stopped after a switch leaves the re-match queued: Settings says findings are behind, the next sync does it though nothing changed', async () => {
    assert.deepEqual(await findingsOf('deb12'), ['DSA-5474-1'])
    debian.delete('DSA-5474-1')
    await serveDebian(debian.values())
    const controller = new AbortController()
    const lines: string[] = []
    // The server's SIGTERM lands just after the Debian switch committed.
    const stopped = await syncFeeds(t.db, settings, {
      signal: controller.signal,
      log: (line) => lines.push(line),
      onFeed: (outcome) => {
        if (outcome.name === 'osv:Debian') controller.abort()
      }
    })
    assert.equal(stopped.outcomes.find((o) => o.name === 'osv:Debian')?.status, 'changed')
    assert.equal(stopped.matched, undefined, 'no re-match ran')
    assert.deepEqual(await findingsOf('deb12'), ['DSA-5474-1'], 'the finding of the dropped record is still there')
    const backlog = await feedState(t.db, { intervalHours: 24, running: false, nextAt: null })
    assert.ok(backlog.rematch.pending > 0 && backlog.rematch.since !== null, JSON.stringify(backlog.rematch))

    const result = await sync()
    assert.deepEqual(result.status, { 'osv:Alpine': 'unchanged', 'osv:Debian': 'unchanged', kev: 'unchanged', epss: 'unchanged' })
    assert.equal(result.matched?.devices, 1, "deb12, the device with the dropped record's package")
    assert.deepEqual(await findingsOf('deb12'), [])
    assert.deepEqual((await feedState(t.db, { intervalHours: 24, running: false, nextAt: null })).rematch, {
      pending: 0,
      since: null
    })
    assert.equal((await sync()).matched, undefined, 'done once: the queue is empty')
  })

  it(
    'with several processes on one PostgreSQL, a sync runs once: a second one skips while the lock is held',
    { skip: !usingPostgres() && 'PostgreSQL only (PGlite is one process)' },
    async () => {
      const unlock = await tryFeedSyncLock(t.url)
      assert.notEqual(unlock, null)
      try {
        const lines: string[] = []
        const result = await syncFeeds(t.db, settings, { log: (line) => lines.push(line) })
        assert.equal(result.locked, true)
        assert.deepEqual(result.outcomes, [])
        assert.deepEqual(lines, ['another process is syncing the feeds; this sync is skipped'])
        assert.equal(await tryFeedSyncLock(t.url), null, 'still held')
      } finally {
        await unlock!()
      }
      const again = await tryFeedSyncLock(t.url)
      assert.notEqual(again, null, 'released')
      await again!()
    }
  )
})
