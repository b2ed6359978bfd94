import { LicensePolicy, LicensePolicySet } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../../../lib/actor.js'
import { licensePolicyOf, setLicensePolicy } from '../../../../lib/insights/license-policy.js'
import { responses } from '../../../../lib/schemas.js'

const config = { tenant: 'caller' } as const
const tags = ['insights']

/** The tenant's denied licenses (docs/insights-api.md "License policy"). */
export const licensePolicyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: "The SPDX license ids the caller's tenant denies (components naming one are flagged)",
        response: responses({ 200: LicensePolicy }, 401)
      }
    },
    async (request) => await licensePolicyOf(db, request.tenantUid)
  )

  app.put(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Replace the denied SPDX license ids (at most 200, each at most 100 characters)',
        body: LicensePolicySet,
        response: responses({ 200: LicensePolicy }, 400, 401, 403)
      }
    },
    async (request) => await setLicensePolicy(db, request.tenantUid, request.body, actorOf(request))
  )
}
