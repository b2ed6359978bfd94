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

/**
 * The DETECT answer cache, and its safety net: after any unsafe request made by a tenant's user
 * or API key (whatever its outcome: a failed write may have written part), that tenant's data
 * version is bumped before the answer leaves, so the caller's next read is fresh. Explicit
 * `bumpTenantData()` calls in the write paths remain the rule (see data-version.ts).
 */
export const detectCachePlugin = fp(
  async (app) => {
    app.decorate(
      'detectCache',
      new MemoCache<CachedJson>({
        ttlMs: app.config.cacheTtlSeconds * 1000,
        maxEntries: MAX_ENTRIES,
        maxWeight: MAX_WEIGHT,
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
