import type { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'
import { within } from '../deadline.js'
import { startWorker } from '../worker-thread.js'
import { DATABASE_THREAD_STOPPED, describeError } from './errors.js'
import { isBackground, noteRequest } from './priority.js'
import {
  deserializeError,
  type PgliteInit,
  type PgliteReply,
  type PgliteRequest,
  type QueryOptionsMessage
} from './pglite-protocol.js'

/**
 * PGlite on a thread of its own (pglite-worker.ts), with the part of PGlite's interface drizzle
 * and this API use: `query`, `exec`, `transaction`, `dumpDataDir`, `close`.
 *
 * PGlite runs each statement synchronously on the thread that calls it. On the server's thread, a
 * 3-s statement of the feed sync stalled every request, cached answers included; here the event
 * loop goes on, and each answer arrives as a message (a macrotask, so awaiting one statement
 * after another lets timers and sockets in). Statements still run one at a time, in order, except
 * that background work (priority.ts) waits for the requests' statements in flight.
 *
 * PostgreSQL answers a failure it cannot undo (a PANIC: the write-ahead log could not be written
 * on a full disk) by restarting with crash recovery. PGlite reports the PANIC and goes on in a
 * broken state: its next commit spins in XLogFlush for good, at 100% of a core. Here the thread
 * that reported it is stopped and a new one opens the same data folder (recovering from the log);
 * until it has, calls fail at once as "unavailable" (a 503), never wait for a thread that spins.
 */

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never
type Call = Distribute<PgliteRequest>

/**
 * The database thread stopped (a crash of the engine, a restart under way, or it was closed):
 * calls fail with this. Its code makes a request answer 503 "The database is unavailable" (db/errors.ts).
 */
export class DatabaseThreadError extends Error {
  override name = 'DatabaseThreadError'
  readonly code = DATABASE_THREAD_STOPPED
}

/** The parsers drizzle passes keep a type's text as it is; anything else cannot cross threads. */
function optionsMessage(options: QueryOptions | undefined): QueryOptionsMessage {
  if (options === undefined) return {}
  const { rowMode, parsers, ...rest } = options
  const unsupported = Object.keys(rest).filter((key) => (rest as Record<string, unknown>)[key] !== undefined)
  if (unsupported.length > 0) throw new TypeError(`query options not passed to the database thread: ${unsupported.join(', ')}`)
  const textTypes = Object.entries(parsers ?? {}).map(([type, parse]) => {
    const probe = '2000-01-01 00:00:00'
    if (parse(probe, Number(type)) !== probe) throw new TypeError(`a parser for type ${type} cannot run on the database thread`)
    return Number(type)
  })
  return { ...(rowMode === undefined ? {} : { rowMode }), ...(textTypes.length === 0 ? {} : { textTypes }) }
}

/**
 * Severities after which PostgreSQL ends the session (FATAL) or the whole server (PANIC): PGlite
 * carries on in a state it cannot recover from, so its thread is replaced.
 */
const ENDS_ENGINE = new Set(['PANIC', 'FATAL'])

/** How long a restarted thread may take to open its folder (crash recovery replays the log). */
const REOPEN_DEADLINE_MS = 120_000
/** How long `close` waits for PGlite's shutdown before stopping its thread (the next open recovers). */
const CLOSE_DEADLINE_MS = 30_000
/** Waits between attempts to restart after one failed (a disk still full), the last repeated: an operator who frees space waits 10 s at most. */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000]

/** A DatabaseThreadError for a call that did not answer within `ms` (for `within`). */
const lateAnswer = (what: string, ms: number) => () => new DatabaseThreadError(`${what} did not answer within ${ms / 1000} s`)

/** A transaction begun on one thread: after a restart its id means nothing (or another's transaction). */
interface TransactionRef {
  id: number
  thread: number
}

export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(text: string, options?: QueryOptions): Promise<Array<Results>>
}

/**
 * Requests' statements a background statement lets go first, at most: under a steady stream of
 * uncached reads the job still moves on, one statement (or transaction) in every ~17.
 */
const MAX_STATEMENTS_AHEAD = 16

/** Call ids, unique in the process: a parked thread's next user never receives an earlier user's answer. */
let nextId = 1

/**
 * A thread whose database was closed, kept for the next `open` (at most one): a new thread costs
 * ~0.3 s to start and load PGlite, and a test process opens one database after another.
 */
let parked: { worker: Worker; onExit: () => void } | undefined

function park(worker: Worker): boolean {
  if (parked !== undefined) return false
  const onExit = () => {
    if (parked?.worker === worker) parked = undefined
  }
  worker.once('exit', onExit)
  parked = { worker, onExit }
  return true
}

function unpark(): Worker | undefined {
  if (parked === undefined) return undefined
  const { worker, onExit } = parked
  parked = undefined
  worker.off('exit', onExit)
  return worker
}

export class PgliteThread {
  #worker: Worker
  /** Which thread #worker is (1, 2... after restarts): a transaction belongs to the thread it began on. */
  #thread = 1
  /** The data folder, reopened by a restart; null: in memory, which cannot restart. */
  readonly #folder: string | null
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; foreground: boolean }
  >()
  /** Calls in flight that are not background work (requests'). */
  #foreground = 0
  /** Background statements waiting for the foreground ones to be answered. */
  readonly #held = new Map<() => void, number>()
  /** Requests' statements answered so far (what a held statement counts against MAX_STATEMENTS_AHEAD). */
  #answered = 0
  #releasing = false
  readonly #listeners: { message: (reply: PgliteReply) => void; error: (error: Error) => void; exit: (code: number) => void }
  /** Closed, or in memory and crashed: every call fails with it, for good. */
  #failure: DatabaseThreadError | undefined
  /** The thread crashed and is being restarted, or a restart failed and another is due: calls fail with it. */
  #down: DatabaseThreadError | undefined
  /** Opened once: only then is there a folder worth reopening (a failed first open is the caller's error). */
  #opened = false
  #restarting = false
  #closing = false
  #restartTimer: NodeJS.Timeout | undefined
  #failedRestarts = 0

  private constructor(worker: Worker, folder: string | null) {
    this.#worker = worker
    this.#folder = folder
    this.#listeners = {
      message: (reply) => this.#settle(reply),
      error: (error) => this.#lost(`the database thread failed: ${error.message}`, error),
      exit: (code) => this.#lost(`the database thread stopped (exit code ${code})`)
    }
    this.#attach(worker)
  }

  /** Opens PGlite on a thread of its own; rejects with PGlite's own error when it cannot open. */
  static async open(init: PgliteInit): Promise<PgliteThread> {
    const worker = unpark() ?? startWorker(import.meta.url, 'pglite-worker')
    const thread = new PgliteThread(worker, init.folder)
    try {
      // The template (tens of MB) moves to the thread rather than being copied.
      await thread.#call({ op: 'open', init }, init.template === undefined ? [] : [init.template.buffer as ArrayBuffer])
    } catch (error) {
      thread.#failure = new DatabaseThreadError('the embedded database did not open')
      thread.#detach()
      await worker.terminate()
      throw error
    }
    thread.#opened = true
    return thread
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#statement({ op: 'query', text, params }, options) as Promise<Results<T>>
  }

  exec(text: string, options?: QueryOptions): Promise<Array<Results>> {
    return this.#statement({ op: 'exec', text }, options) as Promise<Array<Results>>
  }

  /** As PGlite's: committed when `callback` resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    await this.#afterRequests()
    const thread = this.#thread
    const ref: TransactionRef = { id: (await this.#call({ op: 'begin' })) as number, thread }
    const tx: ThreadTransaction = {
      query: (text, params = [], options) => this.#statement({ op: 'query', text, params }, options, ref) as never,
      exec: (text, options) => this.#statement({ op: 'exec', text }, options, ref) as never
    }
    let result: T
    try {
      result = await callback(tx)
    } catch (error) {
      await this.#inTransaction(ref, { op: 'end', tx: ref.id, commit: false }).catch(() => {})
      throw error
    }
    await this.#inTransaction(ref, { op: 'end', tx: ref.id, commit: true })
    return result
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.#call({ op: 'dump' })) as ArrayBuffer])
  }

  async close(): Promise<void> {
    if (this.#failure !== undefined) return
    this.#closing = true
    clearTimeout(this.#restartTimer)
    if (this.#down !== undefined) {
      // Crashed: nothing to shut down cleanly (a restart under way is stopped with its thread).
      this.#failure = new DatabaseThreadError('the embedded database is closed')
      this.#stop(this.#failure)
      return
    }
    let closed = false
    try {
      await within(
        this.#call({ op: 'close' }),
        CLOSE_DEADLINE_MS,
        lateAnswer("the embedded database's shutdown", CLOSE_DEADLINE_MS)
      )
      closed = true
    } finally {
      this.#failure = new DatabaseThreadError('the embedded database is closed')
      this.#detach()
      if (!closed || !park(this.#worker)) await this.#worker.terminate()
    }
  }

  /** A query or exec, in `tx` when given. */
  async #statement(
    call: { op: 'query'; text: string; params: unknown[] } | { op: 'exec'; text: string },
    options: QueryOptions | undefined,
    tx?: TransactionRef
  ): Promise<unknown> {
    const message = { ...call, options: optionsMessage(options) }
    // Inside a transaction the statement goes at once: the transaction holds the connection anyway.
    if (tx !== undefined) return await this.#inTransaction(tx, { ...message, tx: tx.id })
    await this.#afterRequests()
    return await this.#call(message)
  }

  /** A call naming a transaction, refused when the transaction's thread has been replaced since. */
  #inTransaction(tx: TransactionRef, call: Call): Promise<unknown> {
    if (tx.thread !== this.#thread && this.#failure === undefined && this.#down === undefined)
      return Promise.reject(new DatabaseThreadError('the transaction was lost: the embedded database restarted'))
    return this.#call(call)
  }

  #attach(worker: Worker): void {
    // The thread keeps the process alive only while a call waits for it (as PGlite in this thread would).
    worker.unref()
    worker.on('message', this.#listeners.message)
    worker.on('error', this.#listeners.error)
    worker.on('exit', this.#listeners.exit)
  }

  #detach(): void {
    this.#worker.off('message', this.#listeners.message)
    this.#worker.off('error', this.#listeners.error)
    this.#worker.off('exit', this.#listeners.exit)
    this.#worker.unref()
  }

  /**
   * Background work (priority.ts) waits here until no request's statement is in flight, one turn of
   * the event loop after the last was answered (the request sends its next statement in that
   * turn), or once MAX_STATEMENTS_AHEAD requests' statements were answered meanwhile. Requests'
   * calls go at once.
   */
  async #afterRequests(): Promise<void> {
    if (!isBackground()) return
    await new Promise<void>((resolve) => {
      const go = () => {
        this.#held.delete(go)
        resolve()
      }
      this.#held.set(go, this.#answered)
      this.#releaseWhenIdle()
    })
  }

  #releaseWhenIdle(): void {
    if (this.#releasing || this.#held.size === 0 || this.#foreground > 0) return
    this.#releasing = true
    setImmediate(() => {
      this.#releasing = false
      if (this.#foreground === 0) for (const go of [...this.#held.keys()]) go()
    })
  }

  /** A request's statement was answered: the next turn may be the job's, or its turn has come. */
  #requestAnswered(): void {
    this.#answered++
    for (const [go, since] of [...this.#held]) if (this.#answered - since >= MAX_STATEMENTS_AHEAD) go()
    this.#releaseWhenIdle()
  }

  #call(call: Call, transfer: ArrayBuffer[] = []): Promise<unknown> {
    const refused = this.#failure ?? this.#down
    if (refused !== undefined) return Promise.reject(refused)
    return this.#send(call, transfer)
  }

  /** Posts `call` to the current thread, whatever its state (a restart's `open` goes this way). */
  #send(call: Call, transfer: ArrayBuffer[] = []): Promise<unknown> {
    const foreground = !isBackground()
    if (foreground) noteRequest()
    const id = nextId++
    return new Promise((resolve, reject) => {
      try {
        this.#worker.postMessage({ ...call, id }, transfer)
      } catch (error) {
        // A parameter a structured clone cannot carry (a function, a symbol).
        reject(error instanceof Error ? error : new Error(String(error)))
        return
      }
      if (this.#pending.size === 0) this.#worker.ref()
      this.#pending.set(id, { resolve, reject, foreground })
      if (foreground) this.#foreground++
    })
  }

  #settle(reply: PgliteReply): void {
    const pending = this.#pending.get(reply.id)
    if (pending === undefined) return
    this.#pending.delete(reply.id)
    if (this.#pending.size === 0) this.#worker.unref()
    if (pending.foreground) {
      this.#foreground--
      this.#requestAnswered()
    }
    if (!('error' in reply)) {
      pending.resolve(reply.value)
      return
    }
    pending.reject(deserializeError(reply.error))
    const severity = reply.error.fields.severity
    if (typeof severity === 'string' && ENDS_ENGINE.has(severity))
      this.#crash(`the embedded database stopped after a ${severity} (${reply.error.message})`)
  }

  /** The thread died or failed on its own: as a crash, or a failed attempt while restarting. */
  #lost(reason: string, cause?: unknown): void {
    if (this.#restarting) this.#stop(new DatabaseThreadError(reason, cause === undefined ? {} : { cause }))
    else this.#crash(reason, cause)
  }

  /**
   * Stops the current thread: its calls in flight fail with `error`, held background work goes on
   * (to fail at its call), and the thread is terminated, since it may spin for good.
   */
  #stop(error: DatabaseThreadError): void {
    this.#detach()
    for (const { reject } of this.#pending.values()) reject(error)
    this.#pending.clear()
    this.#foreground = 0
    for (const go of [...this.#held.keys()]) go()
    void this.#worker.terminate()
  }

  /** The engine cannot go on: replaced by a thread on the same folder, as PostgreSQL restarts after a PANIC. */
  #crash(reason: string, cause?: unknown): void {
    const options = cause === undefined ? {} : { cause }
    if (this.#closing || !this.#opened || this.#folder === null) {
      const why = this.#folder === null && !this.#closing ? `${reason}; a database in memory cannot be restarted` : reason
      this.#failure ??= new DatabaseThreadError(why, options)
      this.#stop(this.#failure)
      return
    }
    this.#down = new DatabaseThreadError(`${reason}; it is restarting`, options)
    this.#stop(this.#down)
    process.emitWarning(`${reason}: restarting it on ${this.#folder}`, { code: 'CONSOLE_DATABASE_RESTART' })
    void this.#restart(this.#folder)
  }

  async #restart(folder: string): Promise<void> {
    this.#restartTimer = undefined
    if (this.#closing || this.#failure !== undefined) return
    this.#restarting = true
    this.#thread++
    try {
      // A thread that cannot even start (out of memory) fails this attempt like a failed open.
      this.#worker = startWorker(import.meta.url, 'pglite-worker')
      this.#attach(this.#worker)
      // A restart that spins too (crash recovery on a disk still full) is stopped, and tried again later.
      await within(
        this.#send({ op: 'open', init: { folder } }),
        REOPEN_DEADLINE_MS,
        lateAnswer('the restarted embedded database', REOPEN_DEADLINE_MS)
      )
      this.#restarting = false
      if (this.#closing) return
      this.#down = undefined
      this.#failedRestarts = 0
      process.emitWarning(`the embedded database restarted on ${folder}`, { code: 'CONSOLE_DATABASE_RESTART' })
    } catch (error) {
      this.#restarting = false
      const failure = new DatabaseThreadError(`the embedded database could not restart: ${describeError(error)}`, {
        cause: error
      })
      this.#stop(failure)
      if (this.#closing) return
      const delay = RETRY_DELAYS_MS[Math.min(this.#failedRestarts++, RETRY_DELAYS_MS.length - 1)]!
      this.#down = failure
      process.emitWarning(`${failure.message}; trying again in ${delay / 1000} s`, { code: 'CONSOLE_DATABASE_RESTART' })
      this.#restartTimer = setTimeout(() => void this.#restart(folder), delay).unref()
    }
  }
}
