import compress from '@fastify/compress'
import fp from 'fastify-plugin'
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD, ENCODINGS } from '../../lib/http/compression.js'

export const compressPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD,
      encodings: ENCODINGS,
      brotliOptions: BROTLI_OPTIONS
    })
  },
  { name: 'compress' }
)
