import { Tenant, TenantParams } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { findTenant } from '../../../../lib/accounts.js'
import { responses } from '../../../../lib/schemas.js'
import { found } from '../../../../lib/tenant-scope.js'

export const tenantRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['tenants'],
        summary: "The caller's tenant",
        params: TenantParams,
        response: responses({ 200: Tenant }, 401, 404)
      }
    },
    async (request) => {
      const { uid, name } = found(await findTenant(app.db, request.tenantUid))
      return { uid, name }
    }
  )
}
