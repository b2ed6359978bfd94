import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { buildApp } from '../../../src/app.js'
import { loadConfig } from '../../../src/config.js'
import { databaseTarget, openDatabase } from '../../../src/db/client.js'
import { createSensorKey } from '../../../src/lib/honeypot/sensor-keys.js'
import { seed } from '../../../src/lib/seed.js'
import { buildTestApp, DEMO_PASSWORD, openTestDatabase, usingPostgres, type TestApp } from '../../helpers.js'
import { silenceableProxy } from '../../net-helpers.js'

// Mirrors src/plugins/app/timeouts.ts, the handlerTimeout in app.ts, the 503 mapping in errors.ts
// and the PostgreSQL session limits in db/client.ts (issue 11, finding 9).

// PGlite has no lock waits: there the request timeout answers; on PostgreSQL lock_timeout does.
const ENV = {
  REQUEST_TIMEOUT_SECONDS: '3',
  UPLOAD_TIMEOUT_SECONDS: '60',
  DATABASE_LOCK_TIMEOUT_SECONDS: '1',
  DATABASE_POOL_MAX: '2',
  // Every authenticated request asks the database: the unrelated route below really needs the pool.
  CACHE_TTL_SECONDS: '0'
}
/** Far above the 1-2 s limits, far below "waits until the lock goes": a hang fails instead of blocking the suite. */
const HANG_GUARD_MS = 15_000

const signIn = (t: TestApp, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email: 'demo@example.com', password } })

async function withinGuard<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const guard = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${HANG_GUARD_MS} ms`)), HANG_GUARD_MS)
  })
  try {
    return await Promise.race([promise, guard])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Keeps the database busy the way a long import or a held lock does: on PGlite (one connection)
 * a transaction that does not end; on PostgreSQL another session holding a lock on the sign-in
 * throttle's table, which every sign-in writes first.
 */
async function holdDatabase(t: TestApp, url: string | undefined): Promise<() => Promise<void>> {
  let release!: () => void
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  if (url === undefined) {
    let started!: () => void
    const running = new Promise<void>((resolve) => {
      started = resolve
    })
    const held = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`)
      started()
      await gate
    })
    await running
    return async () => {
      release()
      await held
    }
  }
  const other = postgres(url, { max: 1, onnotice: () => {} })
  let locked!: () => void
  const lockTaken = new Promise<void>((resolve) => {
    locked = resolve
  })
  const held = other.begin(async (tx) => {
    await tx`LOCK TABLE login_failures IN ACCESS EXCLUSIVE MODE`
    locked()
    await gate
  })
  await lockTaken
  return async () => {
    release()
    await held
    await other.end({ timeout: 5 })
  }
}

describe('request and database timeouts', () => {
  let t: TestApp
  let url: string | undefined
  before(async () => {
    t = await buildTestApp({ env: ENV, requestLimits: true })
    url = t.databaseUrl
  })
  after(async () => {
    await t.close()
  })

  it('a request that waits on a busy database answers 503 with a JSON detail, within the limits', async () => {
    const release = await holdDatabase(t, url)
    try {
      const started = Date.now()
      const response = await withinGuard(signIn(t), 'sign-in while the database is held')
      const seconds = (Date.now() - started) / 1000
      assert.equal(response.statusCode, 503)
      assert.match(response.headers['content-type'] as string, /^application\/json/)
      const { detail } = response.json() as { detail: string }
      assert.match(detail, /database/)
      assert.doesNotMatch(detail, /login_failures|LOCK|select|insert|\.ts/i, 'no internals in the detail')
      // REQUEST_TIMEOUT_SECONDS=3 (PGlite) / lock_timeout 1 s (PostgreSQL), with a wide margin for a busy machine.
      assert.ok(seconds < 10, `answered after ${seconds} s`)
    } finally {
      await release()
    }
    // Once the database is free again the same request works.
    assert.equal((await signIn(t)).statusCode, 200)
  })

  it('a body that trickles in is cut at REQUEST_TIMEOUT_SECONDS; an upload route gets UPLOAD_TIMEOUT_SECONDS', async () => {
    /** The body in pieces over ~4 s: longer than REQUEST_TIMEOUT_SECONDS, far shorter than UPLOAD_TIMEOUT_SECONDS. */
    const trickle = (pieces: string[]) =>
      Readable.from(
        (async function* () {
          for (const piece of pieces) {
            yield Buffer.from(piece)
            await new Promise((resolve) => setTimeout(resolve, 4000 / pieces.length))
          }
        })()
      )
    const login = JSON.stringify({ email: 'demo@example.com', password: DEMO_PASSWORD })
    const slowLogin = await withinGuard(
      t.app.inject({
        method: 'POST',
        url: '/api/v1/token/',
        headers: { 'content-type': 'application/json' },
        payload: trickle([login.slice(0, 10), login.slice(10, 20), login.slice(20)])
      }),
      'slow sign-in body'
    )
    assert.equal(slowLogin.statusCode, 503)
    assert.match(slowLogin.json().detail, /could not answer in time/)

    const { key } = await createSensorKey(t.app.db, 'slow sensor')
    const line = (n: number) =>
      JSON.stringify({
        eventid: 'cowrie.command.input',
        session: 'slow0001',
        timestamp: new Date(Date.now() - 60_000 + n).toISOString(),
        src_ip: '198.51.100.9',
        input: `echo slow-${n}`
      }) + '\n'
    const slowIngest = await withinGuard(
      t.app.inject({
        method: 'POST',
        url: '/api/v1/honeypot/events/',
        headers: { 'content-type': 'application/x-ndjson', 'x-api-key': key },
        payload: trickle([0, 1, 2, 3].map(line))
      }),
      'slow honeynet ingest'
    )
    assert.equal(slowIngest.statusCode, 200, slowIngest.body)
    assert.equal(slowIngest.json().accepted, 4)
  })

  it(
    'PostgreSQL: a held table lock does not exhaust the pool for unrelated routes',
    {
      skip: usingPostgres() ? false : 'needs DATABASE_URL: PGlite has one connection and no lock waits to time out'
    },
    async () => {
      const session = await t.login()
      const tenant = t.seeded.demo.tenantUid
      const release = await holdDatabase(t, url)
      try {
        // As many requests stuck on the locked table as the pool has connections (DATABASE_POOL_MAX=2)...
        const stuck = Array.from({ length: 2 }, () => signIn(t, 'wrong-password'))
        // ...then a route that never touches it.
        const unrelated = await withinGuard(
          t.app.inject({ method: 'GET', url: `/api/v1/tenants/${tenant}/`, headers: session.headers(false) }),
          'unrelated route'
        )
        assert.equal(unrelated.statusCode, 200)
        assert.equal(unrelated.json().uid, tenant)
        for (const response of await withinGuard(Promise.all(stuck), 'sign-ins on the locked table')) {
          assert.equal(response.statusCode, 503)
          assert.deepEqual(response.json(), { detail: 'The database is busy. Try again in a moment.' })
        }
      } finally {
        await release()
      }
    }
  )
})

describe('a database that accepts connections and never answers', () => {
  it(
    'PostgreSQL: requests answer 503 with a JSON detail after REQUEST_TIMEOUT_SECONDS',
    {
      skip: usingPostgres()
        ? false
        : 'needs DATABASE_URL: the hung server is a loopback proxy in front of the PostgreSQL server (server.test.ts covers the connect timeout without one)'
    },
    async () => {
      const { database: direct, url, cleanup } = await openTestDatabase()
      await seed(direct.db, { demoPassword: DEMO_PASSWORD, honeynet: false })
      const target = new URL(url!)
      const proxy = await silenceableProxy({ host: target.hostname, port: Number(target.port || 5432) })
      const viaProxy = new URL(url!)
      viaProxy.hostname = '127.0.0.1'
      viaProxy.port = String(proxy.port)
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        FEED_SYNC_INTERVAL_HOURS: '0',
        DATABASE_URL: viaProxy.toString(),
        DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
        ...ENV
      })
      const app = await buildApp({
        config,
        database: await openDatabase(databaseTarget(config, { requestLimits: true })),
        logger: false
      })
      try {
        const login = () =>
          app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email: 'demo@example.com', password: DEMO_PASSWORD } })
        assert.equal((await login()).statusCode, 200, 'answers while the database does')
        proxy.silence()
        for (let attempt = 0; attempt < 2; attempt++) {
          const started = Date.now()
          const response = await withinGuard(login(), 'sign-in against a silent database')
          const seconds = (Date.now() - started) / 1000
          assert.equal(response.statusCode, 503)
          assert.match(response.json().detail, /database/)
          assert.ok(seconds < 10, `answered after ${seconds} s`)
        }
      } finally {
        await proxy.close()
        await app.close()
        await cleanup()
      }
    }
  )
})
