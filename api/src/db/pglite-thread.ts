import type { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'
import { startWorker } from '../worker-thread.js'
import { DATABASE_THREAD_STOPPED } from './errors.js'
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
 */

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never
type Call = Distribute<PgliteRequest>

/**
 * The database thread stopped (a crash of the engine, or it was closed): every later call fails
 * with this. Its code makes a request answer 503 "The database is unavailable" (db/errors.ts).
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
  readonly #worker: Worker
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
  #failure: DatabaseThreadError | undefined

  private constructor(worker: Worker) {
    this.#worker = worker
    this.#listeners = {
      message: (reply) => this.#settle(reply),
      error: (error) => this.#fail(`the database thread failed: ${error.message}`, error),
      exit: (code) => this.#fail(`the database thread stopped (exit code ${code})`)
    }
    // The thread keeps the process alive only while a call waits for it (as PGlite in this thread would).
    worker.unref()
    worker.on('message', this.#listeners.message)
    worker.on('error', this.#listeners.error)
    worker.on('exit', this.#listeners.exit)
  }

  /** Opens PGlite on a thread of its own; rejects with PGlite's own error when it cannot open. */
  static async open(init: PgliteInit): Promise<PgliteThread> {
    const worker = unpark() ?? startWorker(import.meta.url, 'pglite-worker')
    const thread = new PgliteThread(worker)
    try {
      // The template (tens of MB) moves to the thread rather than being copied.
      await thread.#call({ op: 'open', init }, init.template === undefined ? [] : [init.template.buffer as ArrayBuffer])
    } catch (error) {
      thread.#failure = new DatabaseThreadError('the embedded database did not open')
      thread.#detach()
      await worker.terminate()
      throw error
    }
    return thread
  }

  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const message = optionsMessage(options)
    // Inside a transaction the statement goes at once: the transaction holds the connection anyway.
    if (tx === undefined) await this.#afterRequests()
    return (await this.#call({ op: 'query', text, params, options: message, ...(tx === undefined ? {} : { tx }) })) as Results<T>
  }

  async exec(text: string, options?: QueryOptions, tx?: number): Promise<Array<Results>> {
    const message = optionsMessage(options)
    if (tx === undefined) await this.#afterRequests()
    return (await this.#call({ op: 'exec', text, options: message, ...(tx === undefined ? {} : { tx }) })) as Array<Results>
  }

  /** As PGlite's: committed when `callback` resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    await this.#afterRequests()
    const id = (await this.#call({ op: 'begin' })) as number
    const tx: ThreadTransaction = {
      query: (text, params, options) => this.query(text, params, options, id),
      exec: (text, options) => this.exec(text, options, id)
    }
    let result: T
    try {
      result = await callback(tx)
    } catch (error) {
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => {})
      throw error
    }
    await this.#call({ op: 'end', tx: id, commit: true })
    return result
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.#call({ op: 'dump' })) as ArrayBuffer])
  }

  async close(): Promise<void> {
    if (this.#failure !== undefined) return
    let closed = false
    try {
      await this.#call({ op: 'close' })
      closed = true
    } finally {
      this.#failure = new DatabaseThreadError('the embedded database is closed')
      this.#detach()
      if (!closed || !park(this.#worker)) await this.#worker.terminate()
    }
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
    if (this.#failure !== undefined) return Promise.reject(this.#failure)
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
    if ('error' in reply) pending.reject(deserializeError(reply.error))
    else pending.resolve(reply.value)
  }

  #fail(reason: string, cause?: unknown): void {
    this.#failure ??= new DatabaseThreadError(reason, cause === undefined ? {} : { cause })
    for (const { reject } of this.#pending.values()) reject(this.#failure)
    this.#pending.clear()
    this.#foreground = 0
    for (const go of [...this.#held.keys()]) go()
    this.#worker.unref()
  }
}
