import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantGuard } from '../../../../plugins/app/tenant-guard.js'
import { tenantRoute } from './tenant.js'

/**
 * Everything under `/api/v1/tenants/:tenant`. The guard registered here is the ONE place where the
 * caller's tenant is checked; routes read `request.tenantUid`. Later areas (devices, alerts,
 * provision tokens, api keys, summaries) register beside `tenantRoute`.
 */
export const tenantsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(tenantGuard)
  await app.register(tenantRoute)
}
