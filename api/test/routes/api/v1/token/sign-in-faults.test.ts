import assert from 'node:assert/strict'
import fs from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../../../../src/app.js'
import { loadConfig } from '../../../../../src/config.js'
import { openDatabase } from '../../../../../src/db/client.js'
import { seed } from '../../../../../src/lib/seed.js'
import { buildTestApp, DEMO_PASSWORD, pgliteTemplate, usingPostgres, type TestApp } from '../../../../helpers.js'
import { fillDisk, mountTmpfs } from '../../../../tmpfs.js'

// Mirrors the sign-in route (src/routes/api/v1/token/index.ts) and the throttle's fallback
// (src/lib/login-limiter.ts, login-limiter-memory.ts) when the database cannot write (issue 11,
// finding 11): wrong credentials stay a 401, the throttle keeps counting, nothing is a 500.

const ENV = { LOGIN_RATE_LIMIT_PAIR: '2', LOGIN_RATE_DELAY_SECONDS: '60' }

describe('sign-in while the database refuses to record attempts', () => {
  let t: TestApp
  const signIn = (password: string, ip = '198.51.100.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: 'demo@example.com', password },
      remoteAddress: ip
    })

  before(async () => {
    t = await buildTestApp({ env: ENV })
    // The throttle's table refuses every write the way a full disk does (SQLSTATE 53100), on the
    // real engine: the route and the limiter see the database's own error.
    await t.app.db.execute(
      sql.raw(`CREATE FUNCTION refuse_writes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`)
    )
    await t.app.db.execute(
      sql.raw(`CREATE TRIGGER login_failures_disk_full BEFORE INSERT OR UPDATE OR DELETE ON login_failures
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_writes()`)
    )
  })
  after(async () => {
    await t.close()
  })

  it('a wrong password is the usual 401, never a 500', async () => {
    const response = await signIn('wrong-password', '198.51.100.1')
    assert.equal(response.statusCode, 401)
    assert.deepEqual(response.json(), { detail: 'Invalid email or password' })
  })

  it('the throttle keeps counting in memory: the third wrong try of the pair waits (429), another IP does not', async () => {
    assert.equal((await signIn('wrong-password')).statusCode, 401)
    assert.equal((await signIn('wrong-password')).statusCode, 401)
    const throttled = await signIn(DEMO_PASSWORD)
    assert.equal(throttled.statusCode, 429, 'even the right password waits: no oracle while the disk is full')
    assert.ok(Number(throttled.headers['retry-after']) > 0)
    assert.equal((await signIn(DEMO_PASSWORD, '198.51.100.8')).statusCode, 200, 'sessions still store: the user signs in')
  })
})

describe('sign-in on a full disk (embedded database)', () => {
  let disk: ReturnType<typeof mountTmpfs>
  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  let filler: string
  const signIn = (password: string) =>
    app!.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: 'demo@example.com', password }
    })

  before(async () => {
    if (usingPostgres()) {
      disk = { skip: 'embedded database only: the PGlite run covers it' }
      return
    }
    // The migrated, seeded embedded database takes ~45 MB.
    disk = mountTmpfs(64)
    if ('skip' in disk) return
    const database = await openDatabase({ kind: 'pglite', dataDir: disk.dir, template: await pgliteTemplate() })
    await database.migrate()
    await seed(database.db, { demoPassword: DEMO_PASSWORD, honeynet: false })
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', FEED_SYNC_INTERVAL_HOURS: '0', DATA_DIR: disk.dir }),
      database,
      logger: false
    })
  })
  after(async () => {
    await app?.close()
    if (!('skip' in disk)) disk.unmount()
  })

  // A write of the write-ahead log that fails is a PANIC (about one run in three the first failed
  // write is the log's, not a table's): the engine is restarted (db/pglite-thread.ts) and answers
  // "unavailable" until it has, which needs free space.
  const UNAVAILABLE = { detail: 'The database is unavailable. Try again later.' }
  const CANNOT_STORE = { detail: 'The database cannot store data right now. Try again later.' }

  it(
    'wrong password → 401 (or unavailable), right password → 503 with a detail; after space is freed, 200',
    { timeout: 90_000 },
    async (context) => {
      if ('skip' in disk) return context.skip(disk.skip)
      assert.equal((await signIn('wrong-password')).statusCode, 401, 'before the disk fills')
      filler = fillDisk(disk.dir)
      try {
        for (let attempt = 0; attempt < 2; attempt++) {
          const wrong = await signIn('wrong-password')
          if (wrong.statusCode === 503) assert.deepEqual(wrong.json(), UNAVAILABLE)
          else {
            assert.equal(wrong.statusCode, 401, `wrong password on a full disk: ${wrong.body}`)
            assert.deepEqual(wrong.json(), { detail: 'Invalid email or password' })
          }
        }
        const right = await signIn(DEMO_PASSWORD)
        assert.equal(right.statusCode, 503, `right password on a full disk: ${right.body}`)
        assert.ok([UNAVAILABLE.detail, CANNOT_STORE.detail].includes(right.json().detail), right.body)
      } finally {
        // Freed whatever happened, so a failure above does not leave the disk full.
        fs.rmSync(filler, { force: true })
      }
      // A restart that failed on the full disk is tried again within 10 s.
      let after = await signIn(DEMO_PASSWORD)
      for (const freed = Date.now(); after.statusCode === 503 && Date.now() - freed < 20_000;) {
        assert.deepEqual(after.json(), UNAVAILABLE, 'while the database restarts')
        await new Promise((resolve) => setTimeout(resolve, 250))
        after = await signIn(DEMO_PASSWORD)
      }
      assert.equal(after.statusCode, 200, `works again once there is space: ${after.body}`)
    }
  )
  it(
    'GET /api/v1/health/ is 503 "unavailable" while the engine restarts after a PANIC, 200 once it has',
    { timeout: 90_000 },
    async (context) => {
      if ('skip' in disk) return context.skip(disk.skip)
      const health = () => app!.inject({ method: 'GET', url: '/api/v1/health/' })
      assert.equal((await health()).statusCode, 200, 'before the disk fills')
      filler = fillDisk(disk.dir)
      try {
        // A checkpoint must write its files: on a full disk, a PANIC every time.
        await assert.rejects(app!.db.execute(sql`CHECKPOINT`))
        const down = await health()
        assert.equal(down.statusCode, 503, down.body)
        assert.deepEqual(down.json(), UNAVAILABLE)
      } finally {
        fs.rmSync(filler, { force: true })
      }
      let up = await health()
      for (const freed = Date.now(); up.statusCode !== 200 && Date.now() - freed < 20_000; up = await health())
        await new Promise((resolve) => setTimeout(resolve, 250))
      assert.equal(up.statusCode, 200, `up again once there is space: ${up.body}`)
      assert.equal((await signIn(DEMO_PASSWORD)).statusCode, 200)
    }
  )
})
