import { statSync } from 'node:fs'
import type { Worker } from 'node:worker_threads'
import type { Db } from '../../db/client.js'
import { HttpError } from '../http-error.js'
import { affectedRows } from '../vulns/feed-match.js'
import type { ScanField, StoredScan } from './scan.js'
import type { ScanJob, ScanWorkerMessage, ScanWorkerReply, ScanWorkerRequest } from './scan-worker-protocol.js'
import { recordsOf } from './sbom-vulns.js'
import { startWorker } from '../../worker-thread.js'

/**
 * Runs an upload's parse, checks, feed analysis and compression on a worker thread
 * (scan-worker.ts), so a 100 MB SBOM never holds up the event loop; this thread only answers the
 * worker's database reads, a chunk at a time, and receives the columns to store.
 */

export interface ScanWorkerOptions {
  /** (ecosystem, name) pairs or record ids per database read (default 2000: each query stays short). */
  chunk?: number
  /** The worker's heap ceiling: past it the upload is refused with 413, and the server goes on. */
  maxHeapMb?: number
  /** Idle workers kept for the next upload (starting one costs a module load); the rest end. */
  keepIdle?: number
  /** After files larger than this in all, the worker ends rather than keep its grown heap. */
  recycleBytes?: number
}

/** Room for the largest file's text and parsed form (about 3× its size), with margin; tighter makes V8 collect sooner. */
export const SCAN_WORKER_HEAP_MB = 1024

export const TOO_COMPLEX =
  'The upload needs more memory to check than one upload may use: split the SBOM or leave out what the console does not read.'

/** A thread for uploads (scan-worker.ts). */
const startScanWorker = (maxHeapMb: number): Worker =>
  startWorker(import.meta.url, 'scan-worker', { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } })

async function answer(db: Db, request: ScanWorkerRequest): Promise<ScanWorkerReply> {
  try {
    const rows =
      request.type === 'affected' ? await affectedRows(db, request.pairs, request.options) : await recordsOf(db, request.osvIds)
    return { id: request.id, rows }
  } catch (error) {
    return { id: request.id, error: (error as Error).message }
  }
}

/** Worker threads for scan uploads; how many run at once is the route's business (UploadSlots). */
export class ScanWorkers {
  private readonly idle: Worker[] = []
  private readonly all = new Set<Worker>()
  private closed = false

  constructor(
    private readonly db: Db,
    private readonly options: ScanWorkerOptions = {}
  ) {}

  /**
   * The checked, analysed and compressed scan of files on disk. A bad file rejects with its 400
   * (HttpError), a document too big for the worker's heap with a 413; anything else is the server's.
   */
  async run(files: Partial<Record<ScanField, string>>): Promise<StoredScan> {
    const worker = this.idle.pop() ?? this.start()
    worker.ref()
    const job: ScanJob = { type: 'job', files, chunk: this.options.chunk ?? 2000 }
    let reusable = false
    let detach = (): void => {}
    try {
      const scan = await new Promise<StoredScan>((resolve, reject) => {
        const onMessage = (message: ScanWorkerMessage): void => {
          if (message.type === 'done') {
            reusable = true
            resolve(message.scan)
          } else if (message.type === 'rejected') {
            reusable = true
            reject(new HttpError(400, message.detail))
          } else if (message.type === 'failed') {
            reject(new Error(`scan worker: ${message.message}`))
          } else {
            void answer(this.db, message).then((reply) => {
              worker.postMessage(reply)
            })
          }
        }
        const onError = (error: Error): void => {
          reject((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? new HttpError(413, TOO_COMPLEX) : error)
        }
        const onExit = (code: number): void => {
          reject(new Error(`The scan worker stopped (exit code ${code}) before it answered.`))
        }
        worker.on('message', onMessage).on('error', onError).on('exit', onExit)
        // Listeners of this job only: an idle worker must not answer for the next one.
        detach = () => {
          worker.off('message', onMessage).off('error', onError).off('exit', onExit)
        }
        worker.postMessage(job)
      })
      return scan
    } finally {
      detach()
      const big =
        Object.values(files).reduce((sum, file) => sum + statSync(file).size, 0) > (this.options.recycleBytes ?? 8 * 1024 * 1024)
      if (reusable && !big && !this.closed && this.idle.length < (this.options.keepIdle ?? 1)) {
        // An idle worker never keeps the process alive.
        worker.unref()
        this.idle.push(worker)
      } else {
        this.all.delete(worker)
        await worker.terminate()
      }
    }
  }

  private start(): Worker {
    const worker = startScanWorker(this.options.maxHeapMb ?? SCAN_WORKER_HEAP_MB)
    this.all.add(worker)
    worker.on('exit', () => {
      this.all.delete(worker)
      const at = this.idle.indexOf(worker)
      if (at !== -1) this.idle.splice(at, 1)
    })
    // A crash while idle (none expected) must not become an unhandled 'error' event.
    worker.on('error', () => {})
    return worker
  }

  async close(): Promise<void> {
    this.closed = true
    this.idle.length = 0
    await Promise.all([...this.all].map(async (worker) => await worker.terminate()))
  }
}
