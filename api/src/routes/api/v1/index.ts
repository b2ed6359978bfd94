import type { FastifyPluginAsync } from 'fastify'
import { apiKeyPlugin } from '../../../plugins/app/api-key.js'
import { agentRoutes } from './agents/index.js'
import { cveRoutes } from './cves/index.js'
import { deviceInventoryRoutes } from './devices/inventory.js'
import { feedRoutes } from './feeds/index.js'
import { healthRoutes } from './health/index.js'
import { honeypotRoutes } from './honeypot/index.js'
import { honeypotMetricsRoutes } from './honeypot-metrics/index.js'
import { insightsRoutes } from './insights/index.js'
import { tenantsRoutes } from './tenants/index.js'
import { tokenRoutes } from './token/index.js'

/** Every `/api/v1` area; later issues add theirs here. Routes default to cookie auth. */
export const apiV1Routes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { prefix: '/health' })
  await app.register(tokenRoutes, { prefix: '/token' })
  await app.register(honeypotRoutes, { prefix: '/honeypot' })
  await app.register(honeypotMetricsRoutes, { prefix: '/honeypot-metrics' })
  await app.register(tenantsRoutes, { prefix: '/tenants/:tenant' })
  await app.register(apiKeyPlugin)
  await app.register(agentRoutes, { prefix: '/agents' })
  await app.register(cveRoutes, { prefix: '/cves' })
  await app.register(insightsRoutes, { prefix: '/insights' })
  await app.register(deviceInventoryRoutes, { prefix: '/devices' })
  await app.register(feedRoutes, { prefix: '/feeds' })
}
