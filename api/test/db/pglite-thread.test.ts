// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../src/db/client.js'
import { databaseTrouble, errorCode, innermostError } from '../../src/db/errors.js'
import { inBackground } from '../../src/db/priority.js'
import { rowsOf } from '../../src/lib/sql-rows.js'
import { pgliteTemplate } from '../helpers.js'

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The longest gap between two 5-ms timers while `work` runs: how long the event loop was held. */
async function longestStall(work: () => Promise<unknown>): Promise<{ stallMs: number; workMs: number }> {
  let last = performance.now()
  let stallMs = 0
  const timer = setInterval(() => {
    const now = performance.now()
    stallMs = Math.max(stallMs, now - last)
    last = now
  }, 5)
  const started = performance.now()
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  return { stallMs, workMs: performance.now() - started }
}

describe('PGlite on its own thread', () => {
  let database: Database
  before(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null, template: await pgliteTemplate() })
    await database.db.execute(
      sql`create table thread_probe (id int primary key, note text, at timestamptz, data bytea, doc jsonb)`
    )
  })
  after(async () => {
    await database.close()
  })

  it('a long statement does not hold up the event loop: timers keep firing while it runs', async () => {
    const { stallMs, workMs } = await longestStall(() =>
      database.db.execute(sql`select count(*) from generate_series(1, 3000000) a join generate_series(1, 3) b on true`)
    )
    assert.ok(workMs > 300, `the statement ran ${workMs.toFixed(0)} ms: too short to show anything`)
    assert.ok(stallMs < workMs / 3, `the event loop stalled ${stallMs.toFixed(0)} ms of a ${workMs.toFixed(0)} ms statement`)
  })

  it('answers values as drizzle reads them: timestamps as text, bytes, JSON, numbers', async () => {
    const at = '2026-11-29T10:11:12.345Z'
    await database.db.execute(
      sql`insert into thread_probe values (1, ${'café ☕'}, ${at}, ${new Uint8Array([0, 1, 254, 255])}, ${JSON.stringify({ a: [1, 'x'] })})`
    )
    const [row] = rowsOf<{ id: number; note: string; at: string; data: Uint8Array; doc: unknown }>(
      await database.db.execute(sql`select * from thread_probe where id = 1`)
    )
    assert.equal(row?.id, 1)
    assert.equal(row?.note, 'café ☕')
    assert.equal(typeof row?.at, 'string', 'drizzle keeps timestamps as text')
    assert.equal(new Date(row!.at).toISOString(), at)
    assert.deepEqual([...row!.data], [0, 1, 254, 255])
    assert.deepEqual(row?.doc, { a: [1, 'x'] })
  })

  it("a database error crosses with PostgreSQL's code and detail", async () => {
    await database.db.execute(sql`insert into thread_probe (id) values (2)`)
    const error = await database.db.execute(sql`insert into thread_probe (id) values (2)`).then(
      () => assert.fail('a duplicate key was accepted'),
      (caught: unknown) => caught
    )
    assert.equal(errorCode(innermostError(error)), '23505')
    assert.match(String((innermostError(error) as { detail?: unknown }).detail), /Key \(id\)=\(2\) already exists/)
  })

  it('a transaction commits when its callback resolves and rolls back when it throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id) values (10)`)
    })
    await assert.rejects(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id) values (11)`)
        throw new Error('changed my mind')
      }),
      /changed my mind/
    )
    const ids = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from thread_probe where id in (10, 11) order by id`)
    )
    assert.deepEqual(
      ids.map((row) => row.id),
      [10]
    )
  })

  it("a statement outside a transaction waits for it: it never runs inside another caller's transaction", async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id) values (20)`)
      await held
      throw new Error('rolled back')
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const outside = database.db.execute(sql`select count(*)::int as n from thread_probe where id = 20`)
    release()
    await assert.rejects(transaction, /rolled back/)
    assert.deepEqual(rowsOf(await outside), [{ n: 0 }], "the outside read saw the rolled-back transaction's row")
  })

  it("background work waits for requests: a request's statements run one after another, none of the job's in between", async () => {
    await database.db.execute(sql`create table priority_probe (seq serial primary key, who text)`)
    let jobDone = false
    let running: () => void = () => {}
    const started = new Promise<void>((resolve) => (running = resolve))
    // A job that writes one row per statement, as fast as it can, for as long as the request runs.
    const job = inBackground(async () => {
      for (let i = 0; i < 2000 && !jobDone; i++) {
        await database.db.execute(sql`insert into priority_probe (who) values ('job')`)
        if (i === 3) running()
      }
    })
    await started
    // The request: five statements, each sent when the one before it was answered.
    for (let i = 0; i < 5; i++) await database.db.execute(sql`insert into priority_probe (who) values ('request')`)
    jobDone = true
    await job
    const rows = rowsOf<{ seq: number; who: string }>(
      await database.db.execute(sql`select seq, who from priority_probe order by seq`)
    )
    const mine = rows.filter((row) => row.who === 'request').map((row) => row.seq)
    assert.ok(
      rows.some((row) => row.who === 'job' && row.seq < mine[0]!),
      'the job had started before the request'
    )
    assert.deepEqual(
      mine,
      [0, 1, 2, 3, 4].map((i) => mine[0]! + i),
      "the job's statements ran between the request's"
    )
  })

  it('background work still moves on under a steady stream of requests', async () => {
    let jobDone = false
    const job = inBackground(async () => {
      for (let i = 0; i < 3; i++) await database.db.execute(sql`select ${i}::int`)
      await database.db.transaction(async (tx) => await tx.execute(sql`select 1`))
      jobDone = true
    })
    // Requests one after another, each sent as soon as the last was answered, until the job ends (or 10 s).
    const until = performance.now() + 10_000
    let requests = 0
    while (!jobDone && performance.now() < until) {
      await database.db.execute(sql`select 1`)
      requests++
    }
    const doneAmidRequests = jobDone
    await job
    assert.ok(doneAmidRequests, `the job was still waiting after ${requests} requests in 10 s`)
  })

  it('a closed database refuses calls with a clear error, which a request answers as 503 unavailable', async () => {
    const other = await openDatabase({ kind: 'pglite', dataDir: null, template: await pgliteTemplate() })
    await other.close()
    await assert.rejects(other.db.execute(sql`select 1`), (error: unknown) => {
      assert.match(String((innermostError(error) as Error).message), /the embedded database is closed/)
      assert.equal(databaseTrouble(error), 'unreachable')
      return true
    })
  })

  it('a process that opened a database and never closed it still ends, and one waiting on a query does not end early', () => {
    const script = `
      import { sql } from 'drizzle-orm'
      import { openDatabase } from './src/db/client.ts'
      const database = await openDatabase({ kind: 'pglite', dataDir: null })
      const result = await database.db.execute(sql\`select 41 + 1 as answer\`)
      console.log(JSON.stringify(result.rows))
    `
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: apiDir,
      encoding: 'utf8',
      timeout: 60_000
    })
    assert.equal(child.error, undefined, `the process did not end: ${String(child.error)}`)
    assert.equal(child.status, 0, child.stderr)
    assert.equal(child.stdout.trim(), '[{"answer":42}]')
  })

  it("opens on its thread in a process started with V8's options, which a worker refuses (README: --heap-growing-percent)", () => {
    const script = `
      import { sql } from 'drizzle-orm'
      import { openDatabase } from './src/db/client.ts'
      const database = await openDatabase({ kind: 'pglite', dataDir: null })
      const result = await database.db.execute(sql\`select 41 + 1 as answer\`)
      console.log(JSON.stringify(result.rows))
      await database.close()
    `
    const v8Options = ['--heap-growing-percent=50', '--max-old-space-size=1024', '--stack-trace-limit=20']
    const child = spawnSync(process.execPath, [...v8Options, '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: apiDir,
      encoding: 'utf8',
      timeout: 60_000
    })
    assert.equal(child.status, 0, child.stderr)
    assert.equal(child.stdout.trim(), '[{"answer":42}]')
  })
})
