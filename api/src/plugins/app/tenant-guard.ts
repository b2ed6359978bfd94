import type { FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError, NOT_AUTHENTICATED, NOT_FOUND } from '../../lib/http-error.js'

/**
 * Whose data a route serves, declared as `config: { tenant: ... }`:
 * - 'url': the tenant the URL names (`/api/v1/tenants/:tenant/...`), which must be the caller's;
 *   another tenant's uid answers 404 exactly like a uid that does not exist. Every route with a
 *   `:tenant` parameter is guarded this way, declared or not.
 * - 'caller': the caller's own tenant, for routes whose URL names none (INSIGHTS reports, the scan
 *   upload, an agent's inventory report).
 * - unset: the route serves no tenant's data (CVEs, feeds, honeynet, the agent catalogue).
 */
export type TenantMode = 'url' | 'caller'

declare module 'fastify' {
  interface FastifyContextConfig {
    tenant?: TenantMode
  }
  interface FastifyRequest {
    /** The tenant of a tenant-scoped route, set by this guard: the only tenant routes and lib may use. */
    tenantUid: string
  }
}

const TENANT_PARAM = /(^|\/):tenant(\/|$)/

/**
 * The caller's tenant: the signed-in user's, or that of the credential the route accepted (a
 * tenant API key, a report token: see the route's apiKeyKinds; an enrolled device). '' when none
 * carries a tenant (a honeynet sensor key).
 */
const callerTenant = (request: FastifyRequest): string =>
  request.user?.tenantUid ?? request.apiKey?.tenantUid ?? request.device?.tenantUid ?? ''

const guards: Record<TenantMode, onRequestHookHandler> = {
  url: async (request) => {
    const caller = callerTenant(request)
    if (caller === '') throw new HttpError(401, NOT_AUTHENTICATED)
    if ((request.params as { tenant?: string }).tenant !== caller) throw new HttpError(404, NOT_FOUND)
    request.tenantUid = caller
  },
  caller: async (request) => {
    const caller = callerTenant(request)
    if (caller === '') throw new HttpError(401, NOT_AUTHENTICATED)
    request.tenantUid = caller
  }
}

const hooksOf = (hooks: RouteOptions['onRequest']): onRequestHookHandler[] =>
  hooks === undefined ? [] : ([] as onRequestHookHandler[]).concat(hooks as onRequestHookHandler | onRequestHookHandler[])

/**
 * The one place where a route's tenant is decided, registered once before the routes. It runs as
 * the route's last onRequest hook, so after every authentication: the auth plugin's and a route's
 * own (the device credential of the inventory report); and before any body is read.
 */
export const tenantGuard = fp(
  async (app) => {
    app.decorateRequest('tenantUid', '')
    app.addHook('onRoute', (route) => {
      const declared = route.config?.tenant
      const named = TENANT_PARAM.test(route.url)
      if (named && declared === 'caller')
        throw new Error(`${String(route.method)} ${route.url}: a URL naming a tenant is guarded as tenant 'url'`)
      if (!named && declared === 'url')
        throw new Error(`${String(route.method)} ${route.url}: tenant 'url' needs a :tenant parameter`)
      const mode = named ? 'url' : declared
      if (mode !== undefined) route.onRequest = [...hooksOf(route.onRequest), guards[mode]]
    })
  },
  { name: 'tenant-guard', dependencies: ['auth'] }
)
