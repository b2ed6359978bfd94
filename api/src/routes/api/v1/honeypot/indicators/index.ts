import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { indicatorsCsvRoutes } from './csv.js'
import { indicatorsStixRoutes } from './stix.js'

/** The indicators of a range, for a SOC's blocklists. */
export const honeypotIndicatorsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(indicatorsCsvRoutes, { prefix: '/csv' })
  await app.register(indicatorsStixRoutes, { prefix: '/stix' })
}
