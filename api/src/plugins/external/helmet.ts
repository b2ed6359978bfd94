import helmet from '@fastify/helmet'
import fp from 'fastify-plugin'
import type { Config } from '../../config.js'

/** Absolute remote URLs (a CDN) must be allowed by the CSP as well. */
function remoteOrigins (config: Config): string[] {
  return Object.values(config.remotes)
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin)
}

export function cspDirectives (config: Config): Record<string, string[]> {
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

export const helmetPlugin = fp<{ config: Config }>(async (app, { config }) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Same rule as frame-ancestors 'none', for browsers that only read the old header.
    xFrameOptions: { action: 'deny' },
    // HSTS only makes sense when the console is served over HTTPS.
    strictTransportSecurity: config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false
  })
}, { name: 'helmet' })
