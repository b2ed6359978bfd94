import type { FastifyReply, FastifyRequest } from 'fastify'
import { tenantDataVersion } from './data-version.js'

/**
 * Answers a read-mostly DETECT detail route from the serialised-JSON cache: the key holds the
 * caller's tenant (set by the tenant guard), the tenant's data version read before `build` runs,
 * and `key` (e.g. `device:<uid>`). A miss builds the answer once for every concurrent caller and
 * serialises it with the route's 200 response schema; errors (a 404) are never cached.
 */
export async function cachedDetail<T> (request: FastifyRequest, reply: FastifyReply, key: string, build: () => Promise<T>): Promise<FastifyReply> {
  const tenantUid = request.tenantUid
  if (!tenantUid) throw new Error('cachedDetail needs the tenant guard')
  const cacheKey = `${tenantUid}/${tenantDataVersion(tenantUid)}/${key}`
  const body = await request.server.detectCache.resolve(cacheKey, async () => {
    const json = reply.serialize(await build())
    return typeof json === 'string' ? json : Buffer.from(json as ArrayBuffer).toString('utf8')
  })
  return reply.type('application/json; charset=utf-8').send(body)
}
