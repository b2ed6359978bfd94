import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.js'
import { createPreloadHints } from '../../lib/preload-hints.js'

export const REMOTE_NAMES = ['detect', 'insights', 'threat'] as const

const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json'])

/** Entry points must be revalidated on every load; content-hashed assets never change. */
function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  // A build's brotli or gzip copy (main.0123abcd.js.br) is cached like the file it stands for.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '')
  if (!ENTRY_FILES.has(name) && HASHED_FILE.test(name)) {
    void reply.header('cache-control', 'public, max-age=31536000, immutable')
  } else {
    void reply.header('cache-control', 'no-cache')
  }
}

const isDir = (dir: string): boolean => fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true

/**
 * Production files, each folder only when it was built: the host at `/` (the not-found handler
 * falls back to its index.html) and every remote under `/remotes/<name>/`.
 */
export const staticPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const hostDist = path.join(config.consoleRoot, 'host', 'dist')
    const folders: Array<{ root: string; prefix: string }> = []
    if (isDir(hostDist)) folders.push({ root: hostDist, prefix: '/' })
    for (const name of REMOTE_NAMES) {
      const root = path.join(config.consoleRoot, `remote-${name}`, 'dist')
      if (isDir(root)) folders.push({ root, prefix: `/remotes/${name}/` })
    }

    let decorated = false
    for (const { root, prefix } of folders) {
      await app.register(fastifyStatic, {
        root,
        prefix,
        decorateReply: !decorated,
        cacheControl: false,
        setHeaders: setCacheHeaders,
        preCompressed: true,
        schemaHide: true
      })
      decorated = true
    }
    if (!decorated) {
      // sendFile is still referenced by the not-found handler's type; keep it defined but unused.
      await app.register(fastifyStatic, { root: config.consoleRoot, serve: false })
    }
    if (isDir(hostDist) && fs.existsSync(path.join(hostDist, 'index.html'))) {
      app.spaRoot = hostDist
      // A page behind the sign-in names the files its first load runs (lib/preload-hints.ts).
      const hints = createPreloadHints(config.consoleRoot, config.remotes)
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.method !== 'GET' || reply.statusCode !== 200) return payload
        if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload
        const link = await hints.linkHeader(request.url.split(/[?#]/)[0])
        if (link !== undefined) void reply.header('link', link)
        return payload
      })
    }
  },
  { name: 'static', dependencies: ['errors'] }
)
