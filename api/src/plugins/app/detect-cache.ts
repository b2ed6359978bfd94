import fp from 'fastify-plugin'
import type { CachedJson } from '../../lib/detect/cached-detail.js'
import { bumpTenantData } from '../../lib/data-version.js'
import { MemoCache } from '../../lib/memo-cache.js'
import { UNSAFE_METHODS } from './auth.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialised DETECT detail answers keyed by tenant, data version and object (`cachedDetail`). */
    detectCache: MemoCache<CachedJson>
  }
}

const MAX_ENTRIES = 20_000
/** Bytes of JSON (and its compressed forms) kept in all: a bound on memory, not a target. */
const MAX_WEIGHT = 64 * 1024 * 1024
/** How long an unchanged answer stays servable past its TTL where this process is the only writer. */
const SINGLE_PROCESS_STALE_MS = 24 * 3600 * 1000

/**
 * The DETECT answer cache. Its keys hold the tenant's data version, so a write here makes them
 * unreachable at once; the TTL is for what this process cannot see: other processes' writes (on
 * PostgreSQL) and a write path that forgot its bump. On PGlite this process is the database's only
 * writer (one process per data folder, db/lock.ts), so past the TTL an answer is still served at
 * once while it is rebuilt in the background (staleMs): the landing page's dashboard no longer
 * waits ~0.1–0.3 s for a rebuild of unchanged data after 5 idle seconds, and a missed bump still
 * shows after one more read.
 *
 * And its safety net: after any unsafe request made by a tenant's user
 * or API key (whatever its outcome: a failed write may have written part), that tenant's data
 * version is bumped before the answer leaves, so the caller's next read is fresh. Explicit
 * `bumpTenantData()` calls in the write paths remain the rule (see data-version.ts).
 */
export const detectCachePlugin = fp<{ singleProcess: boolean }>(
  async (app, { singleProcess }) => {
    app.decorate(
      'detectCache',
      new MemoCache<CachedJson>({
        ttlMs: app.config.cacheTtlSeconds * 1000,
        maxEntries: MAX_ENTRIES,
        maxWeight: MAX_WEIGHT,
        staleMs: singleProcess ? SINGLE_PROCESS_STALE_MS : 0,
        // The next read of that key waits for the database and answers the error; this says it once more in the log.
        onBackgroundError: (err, key) => app.log.warn({ err, key }, 'rebuilding a cached DETECT answer failed'),
        weigh: ({ json, compressed }) =>
          json.length + (compressed === undefined ? 0 : compressed.br.length + compressed.gzip.length)
      })
    )

    app.addHook('onSend', async (request) => {
      if (!UNSAFE_METHODS.has(request.method)) return
      const tenantUid = request.tenantUid || request.apiKey?.tenantUid || request.user?.tenantUid
      if (tenantUid) bumpTenantData(tenantUid)
    })
  },
  { name: 'detect-cache', dependencies: ['db', 'auth'] }
)
