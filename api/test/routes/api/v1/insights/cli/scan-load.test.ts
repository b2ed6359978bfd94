import assert from 'node:assert/strict'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { gunzipSync } from 'node:zlib'
import { after, before, describe, it } from 'node:test'
import { eq } from 'drizzle-orm'
import { insightSbomChunks, insightSboms } from '../../../../../../src/db/schema/index.js'
import { CHUNK_CHARS } from '../../../../../../src/lib/insights/sbom-chunks.js'
import { prepareScan, storedScan } from '../../../../../../src/lib/insights/scan.js'
import { BUSY, BUSY_RETRY_AFTER_SECONDS } from '../../../../../../src/routes/api/v1/insights/cli/scan.js'
import { bigSbom, buildInsightsApp, multipart, readTestSbom, REPORTS, SCAN, type InsightsApp } from '../insights-fixtures.js'

/**
 * Detail GETs during a big upload: most answer within PROMPT_MS (the figure), none waits
 * STALL_MS. Parsing this file on the event loop blocked it 2,097 ms, so a regression fails either
 * bound by far, while a loaded CI machine (test files two at a time on 2 cores) does not: the
 * longest stall is now ~220–330 ms here (the scan history's insert), it was 400–630 ms (1,151 ms
 * on a CI run) with PGlite in memory and the WAL zero-filled. The figures are printed as the
 * test's diagnostic. The strict figure for a 100 MB upload is bench/insights-big-upload.mjs's.
 */
const PROMPT_MS = 200
const STALL_MS = 1000

describe('scan upload of big SBOMs: the server stays responsive and bounded', () => {
  let t: InsightsApp
  let base: string
  before(async () => {
    // One upload at a time and one waiting: the third at once is refused. PGlite in a data folder,
    // as the server runs it.
    t = await buildInsightsApp({ env: { INSIGHTS_UPLOAD_CONCURRENCY: '1', INSIGHTS_UPLOAD_QUEUE: '1' }, onDisk: true })
    base = await t.app.listen({ host: '127.0.0.1', port: 0 })
  })
  after(async () => {
    await t.close()
  })

  const storedRow = async (uid: string) => {
    const [row] = await t.app.db.select().from(insightSboms).where(eq(insightSboms.reportUid, uid))
    return row!
  }

  it('answers report detail GETs promptly while a 30 MB SBOM is parsed, analysed and stored', async (test) => {
    const { uid, token } = await t.create('Big upload')
    const file = bigSbom(250_000)
    const { payload, contentType } = await multipart([{ field: 'sbom', content: file }])
    const detail = `${base}${REPORTS}${uid}/`
    const cookies = t.demo.headers(false)

    // Client and server share this process: the loop's delay is the server's too, between GETs included.
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const started = performance.now()
    let finished = false
    const upload = fetch(`${base}${SCAN}`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'x-api-key': token },
      body: payload
    })
      .then(async (response) => ({ status: response.status, body: (await response.json()) as { sbom: unknown } }))
      .finally(() => {
        finished = true
      })
    // A GET every 25 ms, not waiting for the last one: one is nearly always in flight.
    const times: number[] = []
    const gets: Array<Promise<void>> = []
    while (!finished) {
      gets.push(
        (async () => {
          const start = performance.now()
          const response = await fetch(detail, { headers: cookies })
          assert.equal(response.status, 200)
          await response.json()
          times.push(performance.now() - start)
        })()
      )
      await sleep(25)
    }
    const { status, body } = await upload
    await Promise.all(gets)
    delay.disable()
    const total = performance.now() - started
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(body.sbom, { spec_version: '1.6', components: 250_000, vulnerabilities: 0 })
    const slowest = Math.max(...times)
    const p95 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)]!
    const blocked = delay.max / 1e6
    const figures = `${times.length} GETs, p95 ${p95.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms; event loop delay max ${blocked.toFixed(0)} ms; upload ${total.toFixed(0)} ms`
    test.diagnostic(figures)
    assert.ok(times.length >= 20, figures)
    assert.ok(p95 <= PROMPT_MS, figures)
    assert.ok(slowest <= STALL_MS, figures)
    assert.ok(blocked <= STALL_MS, figures)
    const row = await storedRow(uid)
    assert.equal(row.componentCount, 250_000)
    assert.equal(row.packages, null, 'too many names to index: analysed again after every import')
  })

  it('stores what the in-process path stores: the same JSON, stats, packages and counts, big ones in pieces', async () => {
    // 60,000 components: 1.6 MB of base64, stored in two pieces.
    for (const file of [readTestSbom('shop-npm.cdx-1.7.json'), bigSbom(5_001), bigSbom(60_000)]) {
      const { uid, token } = await t.create('Same result')
      // Twice: the second replaces the first, and the first's pieces go.
      for (let i = 0; i < 2; i++) assert.equal((await t.upload(token, [{ field: 'sbom', content: file }])).statusCode, 200)
      const { documentGzipBase64: gotGzip, documentUpload, tenantUid, reportUid, uploadedAt, ...got } = await storedRow(uid)
      // The scan history's copy is kept in its own table (insight_scans), not in this row.
      const {
        documentGzipBase64: wantGzip,
        history: _history,
        ...want
      } = storedScan(await prepareScan({ sbom: file }, t.app.db)).sbom!
      assert.deepEqual(got, want)
      const pieces = await t.app.db
        .select({ upload: insightSbomChunks.uploadUid })
        .from(insightSbomChunks)
        .where(eq(insightSbomChunks.reportUid, uid))
      if (wantGzip.length > CHUNK_CHARS) {
        assert.equal(gotGzip, '')
        assert.deepEqual(new Set(pieces.map((piece) => piece.upload)), new Set([documentUpload]))
        assert.equal(pieces.length, Math.ceil(wantGzip.length / CHUNK_CHARS))
      } else {
        assert.equal(documentUpload, null)
        assert.equal(pieces.length, 0)
      }
      // What a client reads back is the in-process JSON, byte for byte.
      assert.equal((await t.sbom(uid)).text, gunzipSync(Buffer.from(wantGzip, 'base64')).toString('utf8'))
    }
  })

  it('refuses uploads beyond the limit and its queue with 503, Retry-After and a detail; the others are stored', async () => {
    const { uid, token } = await t.create('Burst')
    const { payload, contentType } = await multipart([{ field: 'sbom', content: bigSbom(40_000) }])
    const send = async () =>
      await t.app.inject({ method: 'POST', url: SCAN, headers: { 'content-type': contentType, 'x-api-key': token }, payload })
    const answers = await Promise.all([send(), send(), send()])
    assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [200, 200, 503])
    const refused = answers.find((answer) => answer.statusCode === 503)!
    assert.equal(refused.headers['retry-after'], String(BUSY_RETRY_AFTER_SECONDS))
    assert.deepEqual(refused.json(), { detail: BUSY })
    // The slots come back: the next upload is taken.
    assert.equal((await send()).statusCode, 200)
    assert.equal((await storedRow(uid)).componentCount, 40_000)
  })

  it('a big document with a duplicate key, a NUL or broken JSON is still a 400 with its detail, checked on the worker', async () => {
    const { uid, token } = await t.create('Bad big')
    const good = bigSbom(100_000).toString('utf8')
    const last = good.lastIndexOf('"name":')
    const cases: Array<[string, string]> = [
      [good.slice(0, last) + '"name":"x",' + good.slice(last), 'sbom: components[99999].name is a duplicate key'],
      [
        good.slice(0, last) + '"name":"a\\u0000b",' + good.slice(last + 7 + JSON.stringify('pkg-4999-99999').length + 1),
        'sbom: components[99999].name contains a NUL character or an unpaired surrogate (\\u0000, \\ud800…)'
      ],
      [good.slice(0, -3), 'sbom: is not valid JSON']
    ]
    for (const [content, detail] of cases) {
      const response = await t.upload(token, [{ field: 'sbom', content }])
      assert.equal(response.statusCode, 400, response.body)
      assert.ok((response.json() as { detail: string }).detail.startsWith(detail), response.body)
    }
    const report = (await t.get(`${REPORTS}${uid}/`)).json()
    assert.equal(report.has_sbom, false, 'nothing stored')
    // The worker that refused them takes the next upload.
    assert.equal((await t.upload(token, [{ field: 'sbom', content: good }])).statusCode, 200)
  })
})
