// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { runCli } from '../../src/cli/commands.js'
import { openDatabase } from '../../src/db/client.js'
import { seed } from '../../src/lib/seed.js'
import { rowsOf } from '../../src/lib/sql-rows.js'
import { pgliteTemplate, tempDir } from '../helpers.js'
import {
  closedPort,
  FEED_FIXTURES,
  sharedOsvMissing,
  sharedRecords,
  startFeedServer,
  zipOf,
  type FeedServer
} from '../lib/feeds/feed-server.js'

const KEV = path.join(FEED_FIXTURES, 'kev-sample.json')
const EPSS = path.join(FEED_FIXTURES, 'epss-sample.csv')

describe('feed CLI: sync-feeds, import-kev, import-epss', () => {
  let dataDir: string
  let server: FeedServer
  const cli = async (args: string[], extra: Record<string, string> = {}) => {
    const out: string[] = []
    const err: string[] = []
    const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extra }
    const code = await runCli(args, env, { out: (line) => out.push(line), err: (line) => err.push(line) })
    return { code, stdout: out.join('\n'), stderr: err.join('\n') }
  }
  const feedEnv = (base: string) => ({
    OSV_BASE_URL: base,
    KEV_URL: `${base}/kev.json`,
    EPSS_URL: `${base}/epss.csv.gz`,
    FEED_ECOSYSTEMS: 'Debian:12'
  })

  before(async () => {
    dataDir = tempDir('console-cli-feeds-')
    const database = await openDatabase({ kind: 'pglite', dataDir, template: await pgliteTemplate() })
    try {
      await seed(database.db, {
        demoPassword: 'demo-password',
        otherPassword: 'other-password',
        honeynet: false,
        insights: false
      })
    } finally {
      await database.close()
    }
    server = await startFeedServer()
  })
  after(async () => {
    await server?.close()
  })

  it(
    'sync-feeds: one line per feed, then the re-match; a second run finds nothing new',
    { skip: sharedOsvMissing() },
    async () => {
      server.files.set('/Debian/all.zip', await zipOf(sharedRecords('debian').values()))
      server.files.set('/kev.json', fs.readFileSync(KEV))
      server.files.set('/epss.csv.gz', gzipSync(fs.readFileSync(EPSS)))
      const first = await cli(['sync-feeds'], feedEnv(server.url))
      assert.equal(first.code, 0, first.stderr)
      const lines = first.stdout.split('\n')
      // The demo seed's devices are simulated: only FEED_ECOSYSTEMS ("Debian:12" → the Debian zip) is synced.
      assert.match(
        lines[0]!,
        /^osv:Debian: 10 records \(10 new or changed, 0 removed, 0 skipped\) from [\d.]+ MB in [\d.]+ s \([\d,]+ records\/s; switch [\d.]+ s\)$/
      )
      assert.match(
        lines[1]!,
        /^kev: 3 entries \(catalogue 2026\.11\.20\), \d+ CVEs? entered or left it, [\d,]+ devices? re-rated$/
      )
      assert.equal(lines[2], 'epss: 5 scores (model v2025.03.14, scored 2026-11-20)')
      assert.match(lines[3]!, /^Re-matched \d+ devices?: [\d,]+ packages?, [\d,]+ findings? \(\d+ high risk\) in [\d.]+ s$/)
      assert.match(lines[4]!, /^Re-analysed \d+ SBOMs?: /)
      assert.equal(first.stderr, '')

      const second = await cli(['sync-feeds'], feedEnv(server.url))
      assert.equal(second.code, 0, second.stderr)
      assert.deepEqual(second.stdout.split('\n'), [
        'osv:Debian: not modified since the last sync',
        'kev: not modified since the last sync',
        'epss: not modified since the last sync'
      ])
    }
  )

  it('sync-feeds offline: a clear line per feed on stderr, exit code 1', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`
    const run = await cli(['sync-feeds'], feedEnv(down))
    assert.equal(run.code, 1)
    const host = down.slice('http://'.length)
    assert.deepEqual(run.stderr.split('\n'), [
      `sync-feeds: cannot reach ${host} (connect ECONNREFUSED) — the previous feed is kept (osv:Debian)`,
      `sync-feeds: cannot reach ${host} (connect ECONNREFUSED) — the previous feed is kept (kev)`,
      `sync-feeds: cannot reach ${host} (connect ECONNREFUSED) — the previous feed is kept (epss)`,
      'sync-feeds: 3 of 3 feeds failed; their previous copies are kept'
    ])
  })

  it('sync-feeds refuses a bad feed URL in the environment with one line', async () => {
    const run = await cli(['sync-feeds'], { OSV_BASE_URL: 'ftp://example.org' })
    assert.equal(run.code, 1)
    assert.equal(run.stderr, 'OSV_BASE_URL must be an http(s) URL (got "ftp://example.org")')
  })

  it('import-kev and import-epss read files (.csv or .csv.gz); bad input is one line, exit 1', async () => {
    const kev = await cli(['import-kev', KEV])
    assert.equal(kev.code, 0, kev.stderr)
    assert.match(
      kev.stdout,
      /^kev: 3 entries \(catalogue 2026\.11\.20\), [\d,]+ CVEs? entered or left it, [\d,]+ devices? re-rated$/
    )
    const csv = await cli(['import-epss', EPSS])
    assert.equal(csv.stdout, 'epss: 5 scores (model v2025.03.14, scored 2026-11-20)')
    const gz = path.join(tempDir('console-cli-epss-'), 'epss_scores-current.csv.gz')
    fs.writeFileSync(
      gz,
      gzipSync(
        '#model_version:v2025.03.14,score_date:2026-11-21T00:00:00+0000\ncve,epss,percentile\nCVE-2021-44228,0.9441,0.99961\n'
      )
    )
    assert.equal((await cli(['import-epss', gz])).stdout, 'epss: 1 score (model v2025.03.14, scored 2026-11-21)')

    const notJson = path.join(tempDir('console-cli-kev-'), 'kev.json')
    fs.writeFileSync(notJson, '{"vulnerabilities": [')
    const bad = await cli(['import-kev', notJson])
    assert.equal(bad.code, 1)
    assert.match(bad.stderr, /^the KEV catalogue is not JSON \([^\n]+\)$/)
    const cut = path.join(path.dirname(gz), 'cut.csv.gz')
    fs.writeFileSync(cut, gzipSync(fs.readFileSync(EPSS)).subarray(0, 40))
    const truncated = await cli(['import-epss', cut])
    assert.equal(truncated.code, 1)
    assert.match(truncated.stderr, /^the EPSS file is damaged \(unexpected end of file\)$/)
    assert.equal((await cli(['import-epss', '/no/such/file.csv'])).stderr, 'No such file: /no/such/file.csv')
    assert.equal((await cli(['import-kev'])).code, 2)
  })

  it('import-epss gives the emptied staging table back to the disk (PGlite runs no autovacuum)', async () => {
    // Five scores, then one: without a VACUUM the emptied staging table keeps its pages for good.
    assert.equal((await cli(['import-epss', EPSS])).code, 0)
    const one = path.join(tempDir('console-cli-epss-'), 'one.csv')
    fs.writeFileSync(
      one,
      '#model_version:v2025.03.14,score_date:2026-11-22T00:00:00+0000\ncve,epss,percentile\nCVE-2021-44228,0.9,0.99\n'
    )
    assert.equal((await cli(['import-epss', one])).code, 0)
    const database = await openDatabase({ kind: 'pglite', dataDir })
    try {
      const n = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await database.db.execute(query))[0]!.n
      assert.equal(
        await n(sql`SELECT (pg_relation_size('epss_staging'::regclass) / 8192)::int AS n`),
        0,
        'epss_staging keeps no pages'
      )
      assert.equal(await n(sql`SELECT count(*)::int AS n FROM epss_scores`), 1, 'the second file replaced the first')
    } finally {
      await database.close()
    }
  })
})
