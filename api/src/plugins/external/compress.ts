import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import fp from 'fastify-plugin'

export const compressPlugin = fp(async (app) => {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Default brotli quality (11) is far too slow for on-the-fly compression.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }
  })
}, { name: 'compress' })
