import fp from 'fastify-plugin'
import { HttpError, NOT_AUTHENTICATED, NOT_FOUND } from '../../lib/http-error.js'

/**
 * Registered once inside the `/api/v1/tenants/:tenant` scope, so it runs for every route there.
 * Another tenant's uid answers exactly like a uid that does not exist.
 */
export const tenantGuard = fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    const user = request.user
    if (user === null) throw new HttpError(401, NOT_AUTHENTICATED)
    const { tenant } = request.params as { tenant?: string }
    if (tenant !== user.tenantUid) throw new HttpError(404, NOT_FOUND)
    request.tenantUid = user.tenantUid
  })
}, { name: 'tenant-guard', dependencies: ['auth'] })
