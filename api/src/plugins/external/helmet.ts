import type { IncomingMessage, ServerResponse } from 'node:http'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../../config.js'

/** Absolute remote URLs (a CDN) must be allowed by the CSP as well. */
function remoteOrigins(config: Config): string[] {
  return Object.values(config.remotes)
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin)
}

export function cspDirectives(config: Config): Record<string, string[]> {
  const extra = [...new Set([...config.cspExtraOrigins, ...remoteOrigins(config)])]
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...extra],
    // MUI/emotion inject <style> tags at run time.
    styleSrc: ["'self'", "'unsafe-inline'", ...extra],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...extra],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"]
  }
}

export function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Same rule as frame-ancestors 'none', for browsers that only read the old header.
    xFrameOptions: { action: 'deny' },
    // HSTS only makes sense when the console is served over HTTPS.
    strictTransportSecurity: config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false
  }
}

/**
 * The headers helmet sets for these options. Without per-request parts (no CSP nonces) they are
 * the same for every response, so helmet's own middleware runs once, against a response that
 * records them. (@fastify/helmet rebuilt the whole helmet middleware on every request.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    }
  }
  let finished = false
  helmet(options)({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined && error !== null) throw error
    finished = true
  })
  if (!finished) throw new Error('helmet did not set its headers synchronously')
  return headers
}

/** Every response (API, static files, errors, 404s) carries the security headers. */
export const helmetPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const headers = securityHeaders(helmetOptions(config))
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers)
      done()
    })
  },
  { name: 'helmet' }
)
