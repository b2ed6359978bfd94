import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { FeedError, networkReason } from './errors.js'

/**
 * Conditional HTTP download of a feed file to disk: the validators of the last download go back
 * as If-None-Match / If-Modified-Since (304: nothing to do), the body is streamed to `file` with
 * its SHA-256, and a body shorter than its Content-Length is refused.
 */

export interface Validators {
  etag: string | null
  lastModified: string | null
}

export type DownloadResult =
  { notModified: true } | { notModified: false; bytes: number; sha256: string; etag: string | null; lastModified: string | null }

export interface DownloadOptions {
  validators?: Validators
  /** Bytes so far and the announced total (null when the server sent no Content-Length). */
  onProgress?: (bytes: number, total: number | null) => void
  signal?: AbortSignal
  /** Abort when no byte arrived for this long (default 60 s). */
  idleMs?: number
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

export async function download(url: string, file: string, options: DownloadOptions = {}): Promise<DownloadResult> {
  const idle = new AbortController()
  const idleMs = options.idleMs ?? 60_000
  let timer = setTimeout(() => idle.abort(), idleMs)
  const touch = (): void => {
    clearTimeout(timer)
    timer = setTimeout(() => idle.abort(), idleMs)
  }
  const signal = options.signal === undefined ? idle.signal : AbortSignal.any([idle.signal, options.signal])
  const headers: Record<string, string> = { 'user-agent': 'security-console feed sync' }
  if (options.validators?.etag != null) headers['if-none-match'] = options.validators.etag
  if (options.validators?.lastModified != null) headers['if-modified-since'] = options.validators.lastModified
  try {
    let response: Response
    try {
      response = await fetch(url, { headers, signal, redirect: 'follow' })
    } catch (error) {
      if (options.signal?.aborted === true) throw new FeedError('stopped')
      if (idle.signal.aborted) throw new FeedError(`${hostOf(url)} did not answer within ${Math.round(idleMs / 1000)} s`)
      throw new FeedError(`cannot reach ${hostOf(url)} (${networkReason(error)})`)
    }
    if (response.status === 304) {
      await response.body?.cancel()
      return { notModified: true }
    }
    if (response.status !== 200 || response.body === null) {
      await response.body?.cancel()
      throw new FeedError(`${url} answered HTTP ${response.status}`)
    }
    // A body the server compressed on the fly is decoded by fetch: its length is not Content-Length.
    const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity'
    const announced = encoded ? null : Number(response.headers.get('content-length') ?? NaN)
    const total = announced !== null && Number.isFinite(announced) ? announced : null
    const hash = createHash('sha256')
    let bytes = 0
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        touch()
        bytes += chunk.length
        hash.update(chunk)
        options.onProgress?.(bytes, total)
        callback(null, chunk)
      }
    })
    try {
      await pipeline(
        Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
        count,
        fs.createWriteStream(file)
      )
    } catch (error) {
      if (options.signal?.aborted === true) throw new FeedError('stopped')
      if (idle.signal.aborted)
        throw new FeedError(
          `download from ${hostOf(url)} stalled (no data for ${Math.round(idleMs / 1000)} s) after ${bytes.toLocaleString('en-US')} bytes`
        )
      throw new FeedError(
        `download from ${hostOf(url)} broke off after ${bytes.toLocaleString('en-US')} bytes (${networkReason(error)})`
      )
    }
    if (total !== null && bytes !== total) {
      throw new FeedError(
        `download from ${hostOf(url)} is incomplete: ${bytes.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} bytes`
      )
    }
    return {
      notModified: false,
      bytes,
      sha256: hash.digest('hex'),
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified')
    }
  } finally {
    clearTimeout(timer)
  }
}
