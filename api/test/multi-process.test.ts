import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createTenant, createUser } from '../src/lib/accounts.js'
import { lockKey, tryAdvisoryLock } from '../src/lib/advisory-lock.js'
import { openTestDatabase, tempDir, usingPostgres, type TestDatabase } from './helpers.js'
import { loopbackUrl, readyLine, startServer, type Server } from './server-process.js'

// Several API processes on one PostgreSQL (WORKERS, or servers behind a load balancer): what one
// process does, the others honour — within CACHE_TTL_SECONDS for what they cached.
if (!usingPostgres()) console.log('# multi-process tests skipped: they need PostgreSQL (set DATABASE_URL)')

const PASSWORD = 'multi-process-password'
const EMAIL = 'analyst@example.com'
const TTL_SECONDS = 1

/** A signed-in browser: its cookies, sent to whichever process it talks to. */
class Browser {
  readonly cookies = new Map<string, string>()

  async call(base: string, method: string, path: string, body?: unknown): Promise<Response> {
    const csrf = [...this.cookies].find(([name]) => name.endsWith('csrftoken'))?.[1]
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(csrf === undefined ? {} : { 'x-csrftoken': csrf }),
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      const name = pair!.slice(0, at)
      const value = pair!.slice(at + 1)
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  signIn(base: string, password = PASSWORD): Promise<Response> {
    return this.call(base, 'POST', '/api/v1/token/', { email: EMAIL, password })
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A fresh database with one tenant and its analyst (no demo seed: the servers start in seconds). */
async function databaseWithAnalyst(): Promise<TestDatabase> {
  const t = await openTestDatabase()
  const tenant = await createTenant(t.database.db, 'Multi-process')
  await createUser(t.database.db, { tenantUid: tenant.uid, email: EMAIL, password: PASSWORD })
  return t
}

describe('two API processes on one PostgreSQL', { skip: !usingPostgres() }, () => {
  let t: TestDatabase
  const servers: Server[] = []
  let a: string
  let b: string
  before(async () => {
    t = await databaseWithAnalyst()
    const env = {
      DATABASE_URL: t.url!,
      CONSOLE_DEMO: 'false',
      CACHE_TTL_SECONDS: String(TTL_SECONDS),
      LOGIN_RATE_LIMIT_IP: '4',
      LOGIN_RATE_LIMIT_PAIR: '100'
    }
    servers.push(startServer(tempDir('console-mp-a-'), env), startServer(tempDir('console-mp-b-'), env))
    ;[a, b] = (await Promise.all(servers.map(readyLine))).map(loopbackUrl) as [string, string]
    assert.notEqual(a, b)
  })
  after(async () => {
    for (const server of servers) server.child.kill('SIGTERM')
    await Promise.all(servers.map((server) => server.exited))
    await t.cleanup()
  })

  it('a session signed in on one process works on the other, and a sign-out on one is refused on the other within the TTL', async () => {
    const browser = new Browser()
    assert.equal((await browser.signIn(a)).status, 200)
    assert.equal((await browser.call(b, 'GET', '/api/v1/token/profile/')).status, 200, 'B accepts A’s session')
    const stolen = new Map(browser.cookies)
    assert.equal((await browser.call(a, 'POST', '/api/v1/token/logout/')).status, 200)
    await sleep(TTL_SECONDS * 1000 + 500)
    const replay = new Browser()
    for (const [name, value] of stolen) replay.cookies.set(name, value)
    assert.equal((await replay.call(b, 'GET', '/api/v1/token/profile/')).status, 401, 'B refuses the signed-out session')
  })

  it('a refresh token reused on the other process revokes the whole session', async () => {
    const browser = new Browser()
    assert.equal((await browser.signIn(a)).status, 200)
    const old = new Map(browser.cookies)
    assert.equal((await browser.call(a, 'POST', '/api/v1/token/refresh/')).status, 200, 'rotated on A')
    const attacker = new Browser()
    for (const [name, value] of old) attacker.cookies.set(name, value)
    assert.equal((await attacker.call(b, 'POST', '/api/v1/token/refresh/')).status, 401, 'the old refresh token, on B')
    // The rotated session is revoked too: its refresh token no longer works, on either process.
    assert.equal((await browser.call(b, 'POST', '/api/v1/token/refresh/')).status, 401)
  })

  it('failed sign-ins from one address count across both processes', async () => {
    const browser = new Browser()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await browser.signIn(i % 2 === 0 ? a : b, `wrong-${i}`)).status)
    // LOGIN_RATE_LIMIT_IP=4: four failures in all (two on each), then both refuse.
    assert.deepEqual(statuses, [401, 401, 401, 401, 429, 429])
  })

  it('a background job runs in one process at a time (advisory lock)', async () => {
    const key = lockKey('testjob')
    const first = await tryAdvisoryLock(t.url, key)
    assert.notEqual(first, null)
    assert.equal(await tryAdvisoryLock(t.url, key), null, 'held by the first holder')
    await first!()
    const again = await tryAdvisoryLock(t.url, key)
    assert.notEqual(again, null, 'free once released')
    await again!()
  })
})

describe('WORKERS=2: one port, two API processes', { skip: !usingPostgres() }, () => {
  let t: TestDatabase
  before(async () => {
    t = await databaseWithAnalyst()
  })
  after(async () => {
    await t.cleanup()
  })

  it('serves on one port from both processes, announced once, and stops cleanly on SIGTERM', async () => {
    const server = startServer(tempDir('console-mp-w-'), {
      DATABASE_URL: t.url!,
      CONSOLE_DEMO: 'false',
      WORKERS: '2',
      LOG_LEVEL: 'info'
    })
    const line = await readyLine(server)
    assert.match(line, /^Console ready at http:\/\/localhost:\d+ \(2 API processes\)$/)
    const base = loopbackUrl(line)
    try {
      // One after the other: concurrent sign-ins of one account from one address are claims the
      // failed-sign-in limiter counts until each succeeds.
      for (let i = 0; i < 6; i++) {
        const response = await new Browser().signIn(base)
        assert.equal(response.status, 200)
      }
    } finally {
      server.child.kill('SIGTERM')
    }
    assert.equal(await server.exited, 0)
    assert.equal(server.stdout().match(/Console ready/g)?.length, 1, 'announced once')
    const listening = server
      .stdout()
      .split('\n')
      .filter((text) => text.includes('"Server listening at'))
      .map((text) => (JSON.parse(text) as { pid: number }).pid)
    assert.equal(new Set(listening).size, 2, 'two processes listen')
  })
})

describe('WORKERS on the embedded database', () => {
  it('refuses WORKERS above 1 on the embedded database', async () => {
    const server = startServer(tempDir('console-mp-pglite-'), { WORKERS: '2' })
    assert.equal(await server.exited, 1)
    assert.match(server.stderr(), /WORKERS above 1 needs DATABASE_URL/)
  })
})
