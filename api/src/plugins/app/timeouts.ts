import type { RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.js'

/** Uploads whose body is streamed by the handler itself (no bodyLimit of their own). */
const STREAMED_UPLOADS = new Set(['/api/v1/honeypot/events', '/api/v1/insights/cli/scan'])

const withoutTrailingSlash = (url: string): string => (url.length > 1 ? url.replace(/\/+$/, '') : url)

/** Routes that take large bodies: a slow link must not turn a good upload into a 503. */
export const isUploadRoute = (route: Pick<RouteOptions, 'url' | 'bodyLimit'>): boolean =>
  STREAMED_UPLOADS.has(withoutTrailingSlash(route.url)) || (route.bodyLimit !== undefined && route.bodyLimit > 1024 * 1024)

/** CSV exports (`…/export.csv`): a big table streams for longer than an answer takes. */
export const isExportRoute = (route: Pick<RouteOptions, 'url'>): boolean =>
  withoutTrailingSlash(route.url).endsWith('/export.csv')

/**
 * The app answers every request within REQUEST_TIMEOUT_SECONDS (Fastify's `handlerTimeout`, set in
 * app.ts: 503 with a JSON detail, see errors.ts), so a held lock or a database that never answers
 * costs the client a bounded wait, not a hang. Upload routes and CSV exports (whose answer streams
 * while it is read from the database) get UPLOAD_TIMEOUT_SECONDS instead.
 * Registered before the routes: onRoute only sees routes added after it.
 */
export const timeoutsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.addHook('onRoute', (route) => {
      if (route.handlerTimeout === undefined && (isUploadRoute(route) || isExportRoute(route))) {
        route.handlerTimeout = config.uploadTimeoutSeconds * 1000
      }
    })
  },
  { name: 'timeouts' }
)
