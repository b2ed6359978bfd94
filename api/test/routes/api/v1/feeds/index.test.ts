import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Value } from 'typebox/value'
import { syncFeeds } from '../../../../../src/lib/feeds/sync.js'
import { FeedState } from '@console/contracts'
import { buildTestApp, tempDir, type TestApp } from '../../../../helpers.js'
import { closedPort } from '../../../../lib/feeds/feed-server.js'

describe('GET /api/v1/feeds/', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ detect: true })
  })
  after(async () => {
    await t.close()
  })

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/feeds/' })
    assert.equal(response.statusCode, 401)
  })

  it('lists each source with its last error, the advisories per ecosystem, the demo catalogue and the schedule', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`
    await syncFeeds(t.app.db, {
      osvBaseUrl: down,
      kevUrl: `${down}/kev.json`,
      epssUrl: `${down}/epss.csv.gz`,
      ecosystems: ['Debian'],
      dataDir: tempDir('console-feeds-route-'),
      databaseUrl: t.config.databaseUrl
    })
    const session = await t.login()
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/feeds/', headers: session.headers(false) })
    assert.equal(response.statusCode, 200, response.body)
    const body = response.json()
    assert.ok(Value.Check(FeedState, body), 'the documented shape')
    assert.deepEqual(
      body.sources.map((s: { name: string }) => s.name),
      ['osv:Debian', 'kev', 'epss']
    )
    const debian = body.sources[0]
    assert.equal(debian.kind, 'osv')
    assert.equal(debian.ecosystem, 'Debian')
    assert.equal(debian.url, `${down}/Debian/all.zip`)
    assert.equal(debian.last_error, `cannot reach ${down.slice('http://'.length)} (connect ECONNREFUSED)`)
    assert.equal(debian.last_success_at, null)
    assert.ok(Date.parse(debian.last_error_at as string) > Date.now() - 60_000)
    assert.ok(body.demo_catalogue.records > 0, "the demo seed's catalogue")
    assert.ok(
      body.ecosystems.some(
        (e: { ecosystem: string; demo_advisories: number }) => e.ecosystem === 'Debian:12' && e.demo_advisories > 0
      )
    )
    assert.deepEqual(body.sync, { interval_hours: 0, running: false, next_at: null })

    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/feeds/?page=2', headers: session.headers(false) })
    assert.equal(unknown.statusCode, 400)
  })
})

describe('the feed sync job', () => {
  it('runs FEED_SYNC_DELAY_SECONDS after start, then every FEED_SYNC_INTERVAL_HOURS; closing the app stops it', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`
    const t = await buildTestApp({
      env: {
        FEED_SYNC_INTERVAL_HOURS: '6',
        FEED_SYNC_DELAY_SECONDS: '0',
        FEED_ECOSYSTEMS: 'npm',
        OSV_BASE_URL: down,
        KEV_URL: `${down}/kev.json`,
        EPSS_URL: `${down}/e.csv.gz`,
        DATA_DIR: tempDir('console-feeds-job-')
      }
    })
    try {
      const session = await t.login()
      const state = async () =>
        (await t.app.inject({ method: 'GET', url: '/api/v1/feeds/', headers: session.headers(false) })).json()
      let body = await state()
      for (
        let i = 0;
        i < 100 && body.sources.filter((s: { last_error: string | null }) => s.last_error !== null).length < 3;
        i++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        body = await state()
      }
      assert.deepEqual(
        body.sources.map((s: { name: string; last_error: string | null }) => [s.name, s.last_error !== null]),
        [
          ['osv:npm', true],
          ['kev', true],
          ['epss', true]
        ]
      )
      for (let i = 0; i < 100 && body.sync.next_at === null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        body = await state()
      }
      assert.equal(body.sync.interval_hours, 6)
      assert.equal(body.sync.running, false)
      const next = Date.parse(body.sync.next_at) - Date.now()
      assert.ok(next > 5.9 * 3_600_000 && next <= 6 * 3_600_000, `next run in ${next} ms`)
    } finally {
      await t.close()
    }
  })
})
