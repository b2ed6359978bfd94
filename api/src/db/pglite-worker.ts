import { parentPort } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import {
  serializeError,
  type PgliteInit,
  type PgliteReply,
  type PgliteRequest,
  type QueryOptionsMessage
} from './pglite-protocol.js'

/**
 * The thread that runs PGlite (started by pglite-thread.ts). PGlite executes each statement
 * synchronously on the thread that calls it; here, a long statement (a feed switch, a re-match's
 * insert) holds this thread only, and the server's event loop goes on answering requests.
 * Requests are served in the order they arrive; PGlite's own locks keep a statement outside a
 * transaction from running inside another caller's transaction, as in one thread. After `close`,
 * the thread may `open` another database (a test process opens many; a new thread costs ~0.3 s).
 */

const port = parentPort
if (port === null) throw new Error('pglite-worker.ts runs as a worker thread')

const keepText = (value: unknown): unknown => value
const queryOptions = ({ rowMode, textTypes = [] }: QueryOptionsMessage) => ({
  ...(rowMode === undefined ? {} : { rowMode }),
  ...(textTypes.length === 0 ? {} : { parsers: Object.fromEntries(textTypes.map((type) => [type, keepText])) })
})

interface OpenTransaction {
  tx: Transaction
  end: (commit: boolean) => void
  finished: Promise<void>
}
const transactions = new Map<number, OpenTransaction>()
let nextTransaction = 1
let database: PGlite | undefined

async function open(init: PgliteInit): Promise<PGlite> {
  const options = {
    // PGlite allocates its buffer cache at open (128 MB by default) and keeps it: 32 MB takes ~100 MB
    // off the process for good, and what no longer fits is read back from the OS's page cache.
    // PostgreSQL fills each new 16 MB WAL segment with zeros before using it; PGlite does that on
    // its thread, ~100–160 ms per 16 MB written (a big upload, the feed sync). Off, the segment is
    // created by its last byte; a full disk still fails the write that needs the space.
    postgresqlconf: ['shared_buffers=32MB', 'wal_init_zero=off'],
    // Trigram indexes make the alert search (a substring ILIKE) an index scan (migration 0020).
    extensions: { pg_trgm },
    ...(init.template === undefined ? {} : { loadDataDir: new Blob([init.template]) })
  }
  return init.folder === null ? await PGlite.create(options) : await PGlite.create(init.folder, options)
}

/** Opens a transaction that stays open until an `end` request names it. */
function begin(pg: PGlite): Promise<number> {
  return new Promise((begun, failed) => {
    const id = nextTransaction++
    let end: (commit: boolean) => void = () => {}
    const ending = new Promise<boolean>((resolve) => {
      end = resolve
    })
    const finished = pg.transaction(async (tx) => {
      transactions.set(id, { tx, end, finished })
      begun(id)
      if (!(await ending)) await tx.rollback()
    })
    // Before `begun`, a failure is the BEGIN's; after, the `end` request reports it.
    finished.catch((error: unknown) => {
      if (!transactions.has(id)) failed(error)
    })
  })
}

function transaction(id: number): OpenTransaction {
  const open = transactions.get(id)
  if (open === undefined) throw new Error(`no open transaction ${id} on the database thread`)
  return open
}

function opened(): PGlite {
  if (database === undefined) throw new Error('no database is open on this thread')
  return database
}

async function run(request: PgliteRequest): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case 'open':
      if (database !== undefined) throw new Error('a database is already open on this thread')
      database = await open(request.init)
      return { value: null }
    case 'query': {
      const target = request.tx === undefined ? opened() : transaction(request.tx).tx
      const { rows, fields, affectedRows } = await target.query(request.text, request.params, queryOptions(request.options))
      return { value: { rows, fields, affectedRows } }
    }
    case 'exec': {
      const target = request.tx === undefined ? opened() : transaction(request.tx).tx
      const results = await target.exec(request.text, queryOptions(request.options))
      return { value: results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows })) }
    }
    case 'begin':
      return { value: await begin(opened()) }
    case 'end': {
      const open = transaction(request.tx)
      open.end(request.commit)
      try {
        await open.finished
      } finally {
        transactions.delete(request.tx)
      }
      return { value: null }
    }
    case 'dump': {
      const bytes = await (await opened().dumpDataDir('none')).arrayBuffer()
      return { value: bytes, transfer: [bytes] }
    }
    case 'close': {
      const pg = opened()
      database = undefined
      await pg.close()
      return { value: null }
    }
  }
}

function reply(message: PgliteReply, transfer: ArrayBuffer[] = []): void {
  try {
    port?.postMessage(message, transfer)
  } catch (error) {
    // A value a structured clone cannot carry: the caller gets an error, not a silence.
    port?.postMessage({ id: message.id, error: serializeError(error) } satisfies PgliteReply)
  }
}

port.on('message', (request: PgliteRequest) => {
  run(request).then(
    ({ value, transfer }) => reply({ id: request.id, value }, transfer),
    (error: unknown) => reply({ id: request.id, error: serializeError(error) })
  )
})
