import type { FastifyPluginAsync } from 'fastify'
import { tenantsRoutes } from './tenants/index.js'
import { tokenRoutes } from './token/index.js'

/** Every `/api/v1` area; later issues add theirs here. Routes default to cookie auth. */
export const apiV1Routes: FastifyPluginAsync = async (app) => {
  await app.register(tokenRoutes, { prefix: '/token' })
  await app.register(tenantsRoutes, { prefix: '/tenants/:tenant' })
}
