import {
  NameBody,
  NoContent,
  ProvisionToken,
  ProvisionTokenList,
  ProvisionTokenPatch,
  TenantItemParams,
  TenantParams
} from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  createProvisionToken,
  deleteProvisionToken,
  listProvisionTokens,
  updateProvisionToken
} from '../../../../../lib/detect/provision-tokens.js'
import { responses } from '../../../../../lib/schemas.js'

/** Provision tokens (spec §7): enrolment secrets an agent presents to register a device. */
export const provisionTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['provision-tokens'],
        summary: 'Provision tokens of the tenant, newest first',
        params: TenantParams,
        response: responses({ 200: ProvisionTokenList }, 401, 404)
      }
    },
    async (request) => await listProvisionTokens(db, request.tenantUid)
  )

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['provision-tokens'],
        summary: 'Create a provision token (random, 192 bits)',
        params: TenantParams,
        body: NameBody,
        response: responses({ 201: ProvisionToken }, 400, 401, 403, 404, 415)
      }
    },
    async (request, reply) =>
      reply.code(201).send(await createProvisionToken(db, request.tenantUid, request.body.name, request.user))
  )

  app.patch(
    '/:uid/',
    {
      schema: {
        tags: ['provision-tokens'],
        summary: 'Rename or enable/disable a provision token',
        params: TenantItemParams,
        body: ProvisionTokenPatch,
        response: responses({ 200: ProvisionToken }, 400, 401, 403, 404, 415)
      }
    },
    async (request) => await updateProvisionToken(db, request.tenantUid, request.params.uid, request.body)
  )

  app.delete(
    '/:uid/',
    {
      schema: {
        tags: ['provision-tokens'],
        summary: 'Delete a provision token',
        params: TenantItemParams,
        response: responses({ 204: NoContent }, 401, 403, 404)
      }
    },
    async (request, reply) => {
      await deleteProvisionToken(db, request.tenantUid, request.params.uid)
      return reply.code(204).send(null)
    }
  )
}
