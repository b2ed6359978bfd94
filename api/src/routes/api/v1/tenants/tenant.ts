import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { eq } from 'drizzle-orm'
import { Type } from 'typebox'
import { tenants } from '../../../../db/schema/index.js'
import { HttpError, NOT_FOUND } from '../../../../lib/http-error.js'
import { responses } from '../../../../lib/schemas.js'

export const TenantParams = Type.Object({ tenant: Type.String() })

const Tenant = Type.Object({ uid: Type.String(), name: Type.String() })

export const tenantRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['tenants'],
      summary: "The caller's tenant",
      params: TenantParams,
      response: responses({ 200: Tenant }, 401, 404)
    }
  }, async (request) => {
    const [tenant] = await app.db.select({ uid: tenants.uid, name: tenants.name })
      .from(tenants).where(eq(tenants.uid, request.tenantUid))
    if (tenant === undefined) throw new HttpError(404, NOT_FOUND)
    return tenant
  })
}
