import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import negotiate from '@fastify/accept-negotiator'
import type { FastifyRequest } from 'fastify'

// How responses are compressed: the compress plugin (plugins/external/compress.ts) on every send,
// and `precompress` once for a cached answer, so both give the same bytes for the same request.

/** Bodies below this many bytes are sent as they are. */
export const COMPRESS_THRESHOLD = 1024
export const ENCODINGS: Array<'br' | 'gzip'> = ['br', 'gzip']
// Default brotli quality (11) is far too slow for on-the-fly compression.
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }
/**
 * Megabyte downloads made on request (the honeynet's indicator exports): the fastest levels, which
 * still shrink their repetitive text ten times (brotli 4 took 13-20 ms of a 3.7 MB STIX bundle, 1 takes 5).
 */
export const DOWNLOAD_COMPRESSION = {
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 }
}

export interface Precompressed {
  br: Buffer
  gzip: Buffer
}

/**
 * A body served many times (a cached answer), compressed once the way the plugin would
 * compress it on every send; undefined below the plugin's threshold.
 */
export function precompress(body: string): Precompressed | undefined {
  if (Buffer.byteLength(body) < COMPRESS_THRESHOLD) return undefined
  return { br: brotliCompressSync(body, BROTLI_OPTIONS), gzip: gzipSync(body) }
}

/**
 * The encoding the plugin would pick for this request (its negotiation: `*` and x-gzip read as
 * gzip), among `available` when the body exists in fewer encodings (a stored gzip).
 */
export function negotiatedEncoding(
  request: FastifyRequest,
  available: Array<'br' | 'gzip'> = ENCODINGS
): 'br' | 'gzip' | undefined {
  const header = request.headers['accept-encoding']
  if (header === undefined) return undefined
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), available) ?? undefined
}
