import { parentPort, workerData } from 'node:worker_threads'
import zlib from 'node:zlib'
import yauzl from 'yauzl'
import { MAX_DOCUMENT_BYTES } from '../vulns/feed-reader.js'
import { OsvFormatError, parseOsvDocument } from '../vulns/osv-record.js'
import type { WorkerInput, WorkerMessage, StagedItem } from './osv-worker-protocol.js'

/**
 * Worker thread of a feed sync: reads a downloaded all.zip (central directory, then every member
 * inflated and checked against its CRC-32), parses and normalises the OSV records, and posts them
 * in batches, each record already serialised for the staging table. The main thread only writes:
 * parsing 100,000s of records there would stall every request. A batch is posted only when the
 * main thread asked for more, so at most a few batches are ever in memory.
 */

const input = workerData as WorkerInput
const port = parentPort!
let credits = 0
let wake: (() => void) | undefined
port.on('message', (message: { type: 'more' }) => {
  if (message.type === 'more') {
    credits++
    wake?.()
  }
})

const post = (message: WorkerMessage): void => port.postMessage(message)

async function sendBatch (message: Extract<WorkerMessage, { type: 'batch' }>): Promise<void> {
  while (credits === 0) await new Promise<void>((resolve) => { wake = resolve })
  credits--
  post(message)
}

async function readMember (zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
  const data = Buffer.concat(chunks)
  // yauzl checks sizes but not CRC-32: a flipped byte inside a member is caught here.
  if (zlib.crc32(data) !== entry.crc32) throw new Error(`${entry.fileName} fails its CRC-32 check`)
  return data
}

async function run (): Promise<void> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(input.file, { lazyEntries: true, autoClose: false, strictFileNames: false })
  } catch (error) {
    throw new Error(`not a complete zip (${(error as Error).message})`)
  }
  let documents = 0
  let batch: StagedItem[] = []
  let skipped: Array<{ source: string, reason: string }> = []
  const flush = async (): Promise<void> => {
    if (batch.length === 0 && skipped.length === 0) return
    await sendBatch({ type: 'batch', items: batch, skipped, documents })
    batch = []
    skipped = []
  }
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/') || !entry.fileName.toLowerCase().endsWith('.json')) continue
      documents++
      const source = `${input.feed}!${entry.fileName}`
      if (entry.uncompressedSize > MAX_DOCUMENT_BYTES) {
        skipped.push({ source, reason: `too large (${Math.ceil(entry.uncompressedSize / 1024 / 1024)} MB)` })
        continue
      }
      let parsed: ReturnType<typeof parseOsvDocument>
      try {
        parsed = parseOsvDocument((await readMember(zip, entry)).toString('utf8'))
      } catch (error) {
        if (!(error instanceof OsvFormatError)) throw error
        skipped.push({ source, reason: error.message })
        continue
      }
      for (const item of parsed) {
        if (item instanceof OsvFormatError) skipped.push({ source, reason: item.message })
        else batch.push({ id: item.id, modifiedMs: item.modifiedAt?.getTime() ?? null, source, json: JSON.stringify(item) })
      }
      if (batch.length >= input.batchSize) await flush()
    }
  } catch (error) {
    throw new Error(`the zip is damaged (${(error as Error).message})`)
  } finally {
    zip.close()
  }
  await flush()
  post({ type: 'done', documents })
}

run().catch((error: unknown) => post({ type: 'error', message: (error as Error).message ?? String(error) }))
