import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  createProvisionToken,
  deleteProvisionToken,
  listProvisionTokens,
  updateProvisionToken
} from '../../../../../lib/detect/provision-tokens.js'
import { responses } from '../../../../../lib/schemas.js'

const TenantOnly = Type.Object({ tenant: Type.String() })
const TokenParams = Type.Object({ tenant: Type.String(), uid: Type.String({ maxLength: 64 }) })
const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })

const ProvisionToken = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  enabled: Type.Boolean(),
  created_by: Type.String({ description: "the creator's email" }),
  created_at: Type.String({ format: 'date-time' }),
  token: Type.String()
})

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
        params: TenantOnly,
        response: responses({ 200: Type.Object({ results: Type.Array(ProvisionToken) }) }, 401, 404)
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
        params: TenantOnly,
        body: Type.Object({ name: Name }, { additionalProperties: false }),
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
        params: TokenParams,
        body: Type.Object({ name: Type.Optional(Name), enabled: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
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
        params: TokenParams,
        response: responses({ 204: Type.Null() }, 401, 403, 404)
      }
    },
    async (request, reply) => {
      await deleteProvisionToken(db, request.tenantUid, request.params.uid)
      return reply.code(204).send(null)
    }
  )
}
