import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantGuard } from '../../../../plugins/app/tenant-guard.js'
import { alertRoutes } from './alerts/index.js'
import { apiKeyRoutes } from './api-keys/index.js'
import { dashboardRoutes } from './dashboard/index.js'
import { deviceRoutes } from './devices/index.js'
import { provisionTokenRoutes } from './provision-tokens/index.js'
import { summaryRoutes } from './summaries/index.js'
import { tenantRoute } from './tenant.js'

/**
 * Everything under `/api/v1/tenants/:tenant`. The guard registered here is the ONE place where the
 * caller's tenant is checked; routes read `request.tenantUid`. Later areas (devices, alerts,
 * provision tokens, api keys, summaries) register beside `tenantRoute`.
 */
export const tenantsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(tenantGuard)
  await app.register(tenantRoute)
  await app.register(deviceRoutes, { prefix: '/devices' })
  await app.register(alertRoutes, { prefix: '/alerts' })
  await app.register(provisionTokenRoutes, { prefix: '/provision-tokens' })
  await app.register(apiKeyRoutes, { prefix: '/api-keys' })
  await app.register(summaryRoutes, { prefix: '/summaries' })
  await app.register(dashboardRoutes, { prefix: '/dashboard' })
}
