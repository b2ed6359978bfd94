import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import negotiate from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

// How responses are compressed: the compress plugin (plugins/external/compress.ts) on every send,
// and `precompress` once for a cached answer, so both give the same bytes for the same request.

/** Bodies below this many bytes are sent as they are. */
export const COMPRESS_THRESHOLD = 1024
export const ENCODINGS: Array<'br' | 'gzip'> = ['br', 'gzip']
// Default brotli quality (11) is far too slow for on-the-fly compression.
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }
/**
 * Sends a megabyte download made on request (the honeynet's indicator exports) compressed in one
 * synchronous call at the fastest level, which still shrinks its repetitive text ten times: the
 * plugin's streamed brotli 4 cost more than building a 3.7 MB STIX bundle. With Content-Encoding
 * set, the compress plugin leaves the body alone. `file`: its media type and its name as saved.
 */
export function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { type: string; name: string },
  body: string
): FastifyReply {
  reply.type(file.type).header('content-disposition', `attachment; filename="${file.name}"`)
  const encoding = Buffer.byteLength(body) < COMPRESS_THRESHOLD ? undefined : negotiatedEncoding(request)
  if (encoding === undefined) return reply.send(body)
  const packed =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })
      : gzipSync(body, { level: 1 })
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(packed)
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
