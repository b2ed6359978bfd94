import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../src/db/client.js'
import { rowsOf } from '../src/lib/sql-rows.js'
import { LOCK_FILE_NAME } from '../src/db/lock.js'
import { pgliteTemplate, tempDir } from './helpers.js'
import { silentListener } from './net-helpers.js'
import { loopbackUrl, readyLine, startServer, type Server } from './server-process.js'
import { mountTmpfs } from './tmpfs.js'

describe('server process (DATA_DIR, first start, shutdown)', () => {
  let dataDir: string
  let badEnv: Server
  before(async () => {
    dataDir = tempDir('console-server-')
    // Started early so it runs beside the other tests; it touches no database.
    badEnv = startServer(tempDir('console-server-bad-'), { PORT: 'eighty' })
    const database = await openDatabase({ kind: 'pglite', dataDir, template: await pgliteTemplate() })
    await database.close()
  })

  it('first start seeds and prints the sign-in line once; SIGTERM stops it cleanly', async () => {
    const server = startServer(dataDir, { CONSOLE_DEMO_PASSWORD: 'from-the-env' })
    const line = await readyLine(server)
    assert.match(
      line,
      /^Console ready at http:\/\/localhost:\d+ — sign in as demo@example\.com with password \(password from CONSOLE_DEMO_PASSWORD\)$/
    )
    assert.doesNotMatch(server.stdout(), /from-the-env/)
    const base = loopbackUrl(line)

    const response = await fetch(`${base}/api/v1/token/is_authenticated/`)
    assert.equal(response.status, 401)
    assert.deepEqual(await response.json(), { success: false, detail: 'Authentication credentials were not provided.' })

    const login = await fetch(`${base}/api/v1/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'from-the-env' })
    })
    assert.equal(login.status, 200)

    // A second process on the same folder refuses.
    const second = startServer(dataDir)
    assert.equal(await second.exited, 1)
    assert.match(second.stderr(), /Another console process \(pid \d+\) is using DATA_DIR .*; stop it or choose another DATA_DIR/)

    server.child.kill('SIGTERM')
    assert.equal(await server.exited, 0)
    assert.equal(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME)), false, 'the lock is released')
  })

  it('later starts print only the URL line', async () => {
    const server = startServer(dataDir)
    const line = await readyLine(server)
    assert.match(line, /^Console ready at http:\/\/localhost:\d+$/)
    server.child.kill('SIGINT')
    assert.equal(await server.exited, 0)
  })

  it('CONSOLE_DEMO=false: a production start with no demo tenant, catalogue or honeynet history', async () => {
    const empty = tempDir('console-server-nodemo-')
    const database = await openDatabase({ kind: 'pglite', dataDir: empty, template: await pgliteTemplate() })
    await database.close()
    const server = startServer(empty, { CONSOLE_DEMO: 'false' })
    const line = await readyLine(server)
    assert.match(line, /^Console ready at http:\/\/localhost:\d+ — no tenant yet: create one with npm run cli -- create-tenant/)
    const base = loopbackUrl(line)
    const login = await fetch(`${base}/api/v1/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'whatever1' })
    })
    assert.equal(login.status, 401, 'no demo account')
    server.child.kill('SIGTERM')
    assert.equal(await server.exited, 0)
    const after = await openDatabase({ kind: 'pglite', dataDir: empty })
    const counts = rowsOf<{ tenants: number; records: number; sessions: number }>(
      await after.db.execute(sql`
      SELECT (SELECT count(*)::int FROM tenants) AS tenants, (SELECT count(*)::int FROM osv_records) AS records,
        (SELECT count(*)::int FROM honeypot_sessions) AS sessions`)
    )[0]
    await after.close()
    assert.deepEqual({ ...counts }, { tenants: 0, records: 0, sessions: 0 })
  })

  it('a full disk at first start stops start-up with one clear line, not "[object Object]"', async (context) => {
    // 2 MB: the lock file fits, the embedded database's first files do not.
    const disk = mountTmpfs(2)
    if ('skip' in disk) return context.skip(disk.skip)
    try {
      const server = startServer(disk.dir)
      assert.equal(await server.exited, 1)
      const lines = server.stderr().trim().split('\n')
      assert.equal(lines.length, 1, server.stderr())
      assert.equal(
        lines[0],
        `Cannot start the console: the embedded database in ${path.join(disk.dir, 'pglite')} cannot be created or opened: no space left on device (ENOSPC)`
      )
    } finally {
      disk.unmount()
    }
  })

  it('a database server that accepts connections and never answers stops start-up after DATABASE_CONNECT_TIMEOUT_SECONDS', async () => {
    const silent = await silentListener()
    try {
      const started = Date.now()
      const server = startServer(tempDir('console-server-silent-'), {
        DATABASE_URL: `postgres://console@127.0.0.1:${silent.port}/console`,
        DATABASE_CONNECT_TIMEOUT_SECONDS: '1'
      })
      assert.equal(await server.exited, 1)
      // The default connect timeout would be 30 s; 1 s plus the process start, with a wide margin.
      assert.ok(Date.now() - started < 20_000, `exited after ${Date.now() - started} ms`)
      assert.match(
        server.stderr(),
        /^Cannot start the console: Cannot connect to the PostgreSQL server in DATABASE_URL \(.*CONNECT_TIMEOUT.*\)\n$/
      )
    } finally {
      await silent.close()
    }
  })

  it('a bad environment value stops start-up with one line and exit code 1', async () => {
    assert.equal(await badEnv.exited, 1)
    assert.equal(badEnv.stderr().trim(), 'Cannot start the console: PORT must be a whole number from 0 to 65535 (got "eighty")')
  })
})
