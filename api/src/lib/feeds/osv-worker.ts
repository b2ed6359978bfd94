import fs from 'node:fs'
import { PassThrough, type Readable } from 'node:stream'
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

async function sendBatch(message: Extract<WorkerMessage, { type: 'batch' }>): Promise<void> {
  while (credits === 0)
    await new Promise<void>((resolve) => {
      wake = resolve
    })
  credits--
  post(message)
}

/** A 4 MB window over the file, read synchronously (this is a worker thread: blocking is fine). */
class Window {
  private buffer = Buffer.alloc(0)
  private at = 0
  constructor(
    private readonly fd: number,
    private readonly size: number
  ) {}

  slice(start: number, end: number): Buffer {
    if (start < this.at || end > this.at + this.buffer.length) {
      const length = Math.max(0, Math.min(Math.max(4 * 1024 * 1024, end - start), this.size - start))
      const buffer = Buffer.allocUnsafe(length)
      const read = length > 0 ? fs.readSync(this.fd, buffer, 0, length, start) : 0
      this.buffer = buffer.subarray(0, read)
      this.at = start
      if (end > start + read) throw new Error(`unexpected end of file at byte ${start + read}`)
    }
    return this.buffer.subarray(start - this.at, end - this.at)
  }
}

/**
 * yauzl reads the central directory through one window, the members are read through another:
 * yauzl's own file reader makes one asynchronous read per entry (about 200 µs each, 40 s for a
 * 200,000-member zip), where this takes a few seconds.
 */
class WindowReader extends yauzl.RandomAccessReader {
  readonly directory: Window
  readonly data: Window
  constructor(
    private readonly fd: number,
    readonly size: number
  ) {
    super()
    this.directory = new Window(fd, size)
    this.data = new Window(fd, size)
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const stream = new PassThrough()
    stream.end(this.directory.slice(start, end))
    return stream
  }

  override close(callback: (error: Error | null) => void): void {
    fs.close(this.fd, (error) => callback(error ?? null))
  }
}

/** A member's bytes: its local header checked, inflated in one call, sizes and CRC-32 compared. */
function readMember(reader: WindowReader, entry: yauzl.Entry): Buffer {
  const offset = entry.relativeOffsetOfLocalHeader
  const header = reader.data.slice(offset, offset + 30)
  if (header.readUInt32LE(0) !== 0x04034b50) throw new Error(`${entry.fileName} has no local file header`)
  const start = offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
  const raw = reader.data.slice(start, start + entry.compressedSize)
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw new Error(`${entry.fileName} uses compression method ${entry.compressionMethod}`)
  const data = entry.compressionMethod === 8 ? zlib.inflateRawSync(raw) : raw
  if (data.length !== entry.uncompressedSize)
    throw new Error(`${entry.fileName} inflates to ${data.length} bytes, not ${entry.uncompressedSize}`)
  // yauzl checks sizes but not CRC-32: a flipped byte inside a member is caught here.
  if (zlib.crc32(data) !== entry.crc32) throw new Error(`${entry.fileName} fails its CRC-32 check`)
  return data
}

async function openZip(file: string): Promise<{ zip: yauzl.ZipFile; reader: WindowReader }> {
  const fd = fs.openSync(file, 'r')
  const reader = new WindowReader(fd, fs.fstatSync(fd).size)
  try {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
      yauzl.fromRandomAccessReader(
        reader,
        reader.size,
        { lazyEntries: true, autoClose: false, strictFileNames: false },
        (error, opened) => (error !== null ? reject(error) : resolve(opened))
      )
    })
    return { zip, reader }
  } catch (error) {
    fs.closeSync(fd)
    throw error
  }
}

async function run(): Promise<void> {
  let zip: yauzl.ZipFile
  let reader: WindowReader
  try {
    ;({ zip, reader } = await openZip(input.file))
  } catch (error) {
    throw new Error(`not a complete zip (${(error as Error).message})`, { cause: error })
  }
  let documents = 0
  let batch: StagedItem[] = []
  let skipped: Array<{ source: string; reason: string }> = []
  const flush = async (): Promise<void> => {
    if (batch.length === 0 && skipped.length === 0) return
    await sendBatch({ type: 'batch', items: batch, skipped, documents })
    batch = []
    skipped = []
  }
  try {
    // Entry by entry, never the whole list (200,000 entries would hold ~200 MB): a zip writer lays the
    // central directory out in file order, so the window mostly moves forward.
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
        parsed = parseOsvDocument(readMember(reader, entry).toString('utf8'))
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
    throw new Error(`the zip is damaged (${(error as Error).message})`, { cause: error })
  } finally {
    zip.close()
  }
  await flush()
  post({ type: 'done', documents })
}

run().catch((error: unknown) => post({ type: 'error', message: (error as Error).message ?? String(error) }))
