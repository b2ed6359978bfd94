import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { alertRoutes } from './alerts/index.js'
import { apiKeyRoutes } from './api-keys/index.js'
import { dashboardRoutes } from './dashboard/index.js'
import { deviceRoutes } from './devices/index.js'
import { provisionTokenRoutes } from './provision-tokens/index.js'
import { summaryRoutes } from './summaries/index.js'
import { tenantRoute } from './tenant.js'

/**
 * Everything under `/api/v1/tenants/:tenant`, one folder per URL segment. The `:tenant` in these
 * URLs is checked against the caller's by the tenant guard (plugins/app/tenant-guard.ts), which
 * sets `request.tenantUid`; routes read only that.
 */
export const tenantsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(tenantRoute)
  await app.register(deviceRoutes, { prefix: '/devices' })
  await app.register(alertRoutes, { prefix: '/alerts' })
  await app.register(provisionTokenRoutes, { prefix: '/provision-tokens' })
  await app.register(apiKeyRoutes, { prefix: '/api-keys' })
  await app.register(summaryRoutes, { prefix: '/summaries' })
  await app.register(dashboardRoutes, { prefix: '/dashboard' })
}
