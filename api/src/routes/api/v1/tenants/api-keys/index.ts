import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from '../../../../../lib/detect/api-keys.js'
import { responses } from '../../../../../lib/schemas.js'

const TenantOnly = Type.Object({ tenant: Type.String() })
const KeyParams = Type.Object({ tenant: Type.String(), uid: Type.String({ maxLength: 64 }) })
const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })

const ApiKey = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  revoked: Type.Boolean(),
  created: Type.String({ format: 'date-time' })
})
const NewApiKey = Type.Object({
  ...ApiKey.properties,
  key: Type.String({ description: 'prefix.secret — shown only in this answer' })
})

/** Tenant API keys (spec §7): only a hash of the secret is stored; the key is returned once. */
export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['api-keys'],
        summary: 'API keys of the tenant, newest first',
        params: TenantOnly,
        response: responses({ 200: Type.Object({ results: Type.Array(ApiKey) }) }, 401, 404)
      }
    },
    async (request) => await listApiKeys(db, request.tenantUid)
  )

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key; the full key is in this answer only',
        params: TenantOnly,
        body: Type.Object({ name: Name }, { additionalProperties: false }),
        response: responses({ 201: NewApiKey }, 400, 401, 403, 404, 415)
      }
    },
    async (request, reply) =>
      reply.code(201).send(await createApiKey(db, request.tenantUid, request.body.name, request.user?.uid ?? null))
  )

  app.patch(
    '/:uid/',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Rename or revoke/unrevoke an API key',
        params: KeyParams,
        body: Type.Object({ name: Type.Optional(Name), revoked: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
        response: responses({ 200: ApiKey }, 400, 401, 403, 404, 415)
      }
    },
    async (request) => await updateApiKey(db, request.tenantUid, request.params.uid, request.body)
  )

  app.delete(
    '/:uid/',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Delete an API key',
        params: KeyParams,
        response: responses({ 204: Type.Null() }, 401, 403, 404)
      }
    },
    async (request, reply) => {
      await deleteApiKey(db, request.tenantUid, request.params.uid)
      return reply.code(204).send(null)
    }
  )
}
