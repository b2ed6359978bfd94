// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../src/db/client.js'
import { databaseTrouble, innermostError } from '../../src/db/errors.js'
import { rowsOf } from '../../src/lib/sql-rows.js'
import { fillDisk, mountTmpfs, type Tmpfs } from '../tmpfs.js'

// PostgreSQL meets a failure it cannot undo (a PANIC) by restarting with crash recovery. PGlite
// reported the PANIC and went on: its next commit spun in XLogFlush for good (the full-disk
// sign-in test hung about one run in three). src/db/pglite-thread.ts replaces the thread.

const count = async (database: Database): Promise<number> =>
  Number(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from kept`))[0]?.n)

const caught = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => assert.fail('the statement succeeded'),
    (error: unknown) => error
  )

describe('the embedded database after a PANIC (a full disk)', () => {
  let disk: Tmpfs
  let database: Database | undefined
  let filler: string | undefined

  before(async () => {
    disk = mountTmpfs(48)
    if ('skip' in disk) return
    database = await openDatabase({ kind: 'pglite', dataDir: disk.dir })
    await database.db.execute(sql`create table kept (id int primary key, note text)`)
    await database.db.execute(sql`insert into kept select g, 'before the crash' from generate_series(1, 500) g`)
  })
  after(async () => {
    if (filler !== undefined) fs.rmSync(filler, { force: true })
    await database?.close()
    if (!('skip' in disk)) disk.unmount()
  })

  it(
    'the PANIC reaches its caller; later calls fail at once as unavailable; once space is freed it answers again with its data',
    { timeout: 60_000 },
    async (context) => {
      if ('skip' in disk) return context.skip(disk.skip)
      const db = database!
      filler = fillDisk(disk.dir)
      // A checkpoint must write its files: on a full disk PostgreSQL PANICs, every time. It runs in a
      // transaction that stays open across the restart, as a request's would.
      let panic: unknown
      let resume: () => void = () => {}
      const transaction = db.db.transaction(async (tx) => {
        panic = innermostError(await caught(tx.execute(sql`checkpoint`)))
        await new Promise<void>((resolve) => {
          resume = resolve
        })
        await tx.execute(sql`insert into kept values (9999, 'in a transaction across the restart')`)
      })
      while (panic === undefined) await new Promise((resolve) => setImmediate(resolve))
      assert.equal((panic as { severity?: string }).severity, 'PANIC', String(panic))
      assert.equal(databaseTrouble(panic), 'storage', 'the request that hit it answers "cannot store data"')

      // Before the fix, this statement never answered (the thread spun at 100% of a core).
      const down = await caught(db.db.execute(sql`select count(*) from kept`))
      assert.equal(databaseTrouble(down), 'unreachable', `then "unavailable": ${String(down)}`)

      fs.rmSync(filler)
      filler = undefined
      // Restart attempts fail on the full disk and are retried (after 1, 2, 5, 10 s): within 20 s of
      // freeing space one has opened the folder, recovering from the write-ahead log.
      let rows: number | undefined
      const freed = Date.now()
      while (rows === undefined && Date.now() - freed < 20_000) {
        rows = await count(db).catch(async (error: unknown) => {
          assert.equal(databaseTrouble(error), 'unreachable', `while it restarts: ${String(error)}`)
          await new Promise((resolve) => setTimeout(resolve, 250))
          return undefined
        })
      }
      assert.equal(rows, 500, 'the rows committed before the crash are there')
      // The transaction begun before the crash is gone with its thread: refused, not run in another's.
      resume()
      const lost = await caught(transaction)
      assert.equal(databaseTrouble(lost), 'unreachable')
      assert.match(String(innermostError(lost)), /the transaction was lost: the embedded database restarted/)
      assert.equal(await count(db), 500, 'nothing of it was stored')
      await db.db.execute(sql`insert into kept values (501, 'after the restart')`)
      assert.equal(await count(db), 501, 'and it stores again')
    }
  )
})
