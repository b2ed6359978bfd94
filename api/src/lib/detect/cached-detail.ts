import type { FastifyReply, FastifyRequest } from 'fastify'
import { negotiatedEncoding, precompress, type Precompressed } from '../http/compression.js'
import { tenantDataVersion } from '../data-version.js'

/** A cached answer: its JSON, and the same compressed once when it is big enough to be. */
export interface CachedJson {
  json: string
  compressed?: Precompressed | undefined
}

/** Tenant (from the tenant guard, never the URL), its data version now, and what is cached. */
function cacheKey(request: FastifyRequest, key: string): string {
  const tenantUid = request.tenantUid
  if (!tenantUid) throw new Error('the DETECT cache needs the tenant guard')
  return `${tenantUid}/${tenantDataVersion(tenantUid)}/${key}`
}

/**
 * Answers a read-mostly DETECT detail route from the serialised-JSON cache: the key holds the
 * caller's tenant (set by the tenant guard), the tenant's data version read before `build` runs,
 * and `key` (e.g. `device:<uid>`). A miss builds the answer once for every concurrent caller,
 * serialises it with the route's 200 response schema and compresses it as the compress plugin
 * would (br, gzip), so a hit costs no serialisation and no compression. Errors (a 404) are never
 * cached.
 */
export async function cachedDetail<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  build: () => Promise<T>
): Promise<FastifyReply> {
  const cached = (await request.server.detectCache.resolve(cacheKey(request, key), async () => {
    const serialised = reply.serialize(await build())
    const json = typeof serialised === 'string' ? serialised : Buffer.from(serialised as ArrayBuffer).toString('utf8')
    return { json, compressed: precompress(json) }
  }))!
  void reply.type('application/json; charset=utf-8')
  const encoding = cached.compressed === undefined ? undefined : negotiatedEncoding(request)
  if (encoding === undefined) return reply.send(cached.json)
  // With Content-Encoding set, the compress plugin leaves the body alone.
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(cached.compressed![encoding])
}

/** A count over the tenant's DETECT data, cached like `cachedDetail` (e.g. the packages table's total). */
export async function cachedCount(request: FastifyRequest, key: string, build: () => Promise<number>): Promise<number> {
  const cached = await request.server.detectCache.resolve(cacheKey(request, key), async () => ({ json: String(await build()) }))
  return Number(cached!.json)
}
