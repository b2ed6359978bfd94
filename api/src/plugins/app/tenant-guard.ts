import fp from 'fastify-plugin'
import { HttpError, NOT_AUTHENTICATED, NOT_FOUND } from '../../lib/http-error.js'
import { TENANT_API_KEY_KIND } from './api-key.js'

/**
 * Registered once inside the `/api/v1/tenants/:tenant` scope, so it runs for every route there.
 * The caller's tenant is the signed-in user's, or that of a tenant API key (kind 'api-key').
 * Another tenant's uid answers exactly like a uid that does not exist.
 */
export const tenantGuard = fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    // A signed-in user, or on the routes that take one (auth: 'api-key') a tenant API key.
    const owner = request.user?.tenantUid ?? (request.apiKey?.kind === TENANT_API_KEY_KIND ? request.apiKey.tenantUid : null)
    if (owner === null) throw new HttpError(401, NOT_AUTHENTICATED)
    const { tenant } = request.params as { tenant?: string }
    if (tenant !== owner) throw new HttpError(404, NOT_FOUND)
    request.tenantUid = owner
  })
}, { name: 'tenant-guard', dependencies: ['auth'] })
