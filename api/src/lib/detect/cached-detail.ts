import type { FastifyReply, FastifyRequest } from 'fastify'
import { tenantDataVersion } from './data-version.js'

/** Tenant (from the tenant guard, never the URL), its data version now, and what is cached. */
function cacheKey (request: FastifyRequest, key: string): string {
  const tenantUid = request.tenantUid
  if (!tenantUid) throw new Error('the DETECT cache needs the tenant guard')
  return `${tenantUid}/${tenantDataVersion(tenantUid)}/${key}`
}

/**
 * Answers a read-mostly DETECT detail route from the serialised-JSON cache: the key holds the
 * caller's tenant (set by the tenant guard), the tenant's data version read before `build` runs,
 * and `key` (e.g. `device:<uid>`). A miss builds the answer once for every concurrent caller and
 * serialises it with the route's 200 response schema; errors (a 404) are never cached.
 */
export async function cachedDetail<T> (request: FastifyRequest, reply: FastifyReply, key: string, build: () => Promise<T>): Promise<FastifyReply> {
  const body = await request.server.detectCache.resolve(cacheKey(request, key), async () => {
    const json = reply.serialize(await build())
    return typeof json === 'string' ? json : Buffer.from(json as ArrayBuffer).toString('utf8')
  })
  return reply.type('application/json; charset=utf-8').send(body)
}

/** A count over the tenant's DETECT data, cached like `cachedDetail` (e.g. the packages table's total). */
export async function cachedCount (request: FastifyRequest, key: string, build: () => Promise<number>): Promise<number> {
  return Number(await request.server.detectCache.resolve(cacheKey(request, key), async () => String(await build())))
}
