import { readFileSync } from 'node:fs'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { parentPort } from 'node:worker_threads'
import type { AffectedRow } from '../vulns/feed-match.js'
import { normaliseAudit } from './audit.js'
import { normaliseSbom } from './cyclonedx.js'
import { parseJsonText } from './document.js'
import { fileProblem, type ScanField, type StoredScan } from './scan.js'
import type { ScanJob, ScanWorkerInbound, ScanWorkerMessage, ScanWorkerRequest } from './scan-worker-protocol.js'
import { packSbomColumns } from './sbom-pack.js'
import { readSbomStreamed } from './sbom-stream.js'
import { analyseSbomWith, type RecordRow } from './sbom-vulns.js'

/**
 * Worker thread of a scan upload: reads the files the route wrote to disk, parses and checks them
 * with the same code as before (parseJson: duplicate keys; the normalisers: NUL, unpaired
 * surrogates, nesting; a good SBOM entry by entry, sbom-stream.ts), analyses the SBOM against the
 * feed (database reads are asked of the main thread), and posts back only what is stored: the
 * audit and the SBOM's columns (gzip, stats).
 * Everything heavy happens on this thread's heap. One job at a time; the pool (scan-thread.ts)
 * ends the thread after a big one, so its heap goes back to the system.
 */

const port = parentPort!

// A full collection between the phases hands the text, then the parsed tree, back before the next
// phase allocates; left to itself V8 lets a 100 MB upload's heap grow to ~7× the file. The flag
// only makes `gc` available to contexts created after it (this one, below).
setFlagsFromString('--expose-gc')
const fullGc = runInNewContext('gc') as () => void
let collectedAt = 0
const collect = (): void => {
  fullGc()
  collectedAt = getHeapStatistics().used_heap_size
}
// The feed analysis leaves ~0.7 KB of lookups per component that V8 promotes to the old space and,
// under this worker's heap ceiling, collects only after ~200 MB have piled up for 900,000
// components. A full collection whenever this much has piled up since the last keeps the peak
// near the document's own size, for ~1.5 s more per 100 MB file.
const ANALYSIS_GARBAGE_BYTES = 64 * 1024 * 1024
const collectIfGrown = (): void => {
  if (getHeapStatistics().used_heap_size - collectedAt > ANALYSIS_GARBAGE_BYTES) collect()
}
const post = (message: ScanWorkerMessage): void => port.postMessage(message)

let nextId = 0
const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>()
port.on('message', (message: ScanWorkerInbound) => {
  if ('type' in message) {
    run(message).catch((error: unknown) => {
      post({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
    })
    return
  }
  const reply = message
  const waiting = pending.get(reply.id)
  pending.delete(reply.id)
  if ('error' in reply) waiting?.reject(new Error(reply.error))
  else waiting?.resolve(reply.rows)
})

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never

async function ask<T>(request: WithoutId<ScanWorkerRequest>): Promise<T[]> {
  const id = nextId++
  const rows = new Promise<unknown[]>((resolve, reject) => pending.set(id, { resolve, reject }))
  post({ ...request, id } as ScanWorkerRequest)
  return (await rows) as T[]
}

/** Reads, parses and normalises one file; a bad file ends the upload with its 400. */
function read<T>(input: ScanJob, field: ScanField, normalise: (value: unknown) => T): T | 'rejected' {
  try {
    // Read straight into a string (no bytes kept beside it); the text goes once parseJsonText returns.
    const value = parseJsonText(readFileSync(input.files[field]!, 'utf8'))
    collect()
    return normalise(value)
  } catch (error) {
    const problem = fileProblem(field, error)
    if (problem === undefined) throw error
    post({ type: 'rejected', detail: problem })
    return 'rejected'
  }
}

async function run(input: ScanJob): Promise<void> {
  const scan: StoredScan = { sbom: null, audit: null }
  if (input.files.audit !== undefined) {
    const audit = read(input, 'audit', normaliseAudit)
    if (audit === 'rejected') return
    scan.audit = audit
  }
  if (input.files.sbom !== undefined) {
    // A good BOM is read a piece at a time; anything else the whole-text way, which says what is wrong.
    const streamed = readSbomStreamed(input.files.sbom)
    if (streamed === null) collect()
    const document = streamed ?? read(input, 'sbom', (value) => normaliseSbom(value, { release: true }))
    if (document === 'rejected') return
    collect()
    const feed = await analyseSbomWith(
      {
        affected: async (pairs, options) => {
          collectIfGrown()
          return await ask<AffectedRow>({ type: 'affected', pairs, options })
        },
        records: async (osvIds) => await ask<RecordRow>({ type: 'records', osvIds }),
        chunk: input.chunk
      },
      document
    )
    collect()
    scan.sbom = await packSbomColumns(document, feed, false)
  }
  post({ type: 'done', scan })
}
