import {
  ApiKey,
  ApiKeyList,
  ApiKeyPatch,
  CreatedApiKey,
  NameBody,
  NoContent,
  TenantItemParams,
  TenantParams
} from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from '../../../../../lib/detect/api-keys.js'
import { responses } from '../../../../../lib/schemas.js'

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
        params: TenantParams,
        response: responses({ 200: ApiKeyList }, 401, 404)
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
        params: TenantParams,
        body: NameBody,
        response: responses({ 201: CreatedApiKey }, 400, 401, 403, 404, 415)
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
        params: TenantItemParams,
        body: ApiKeyPatch,
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
        params: TenantItemParams,
        response: responses({ 204: NoContent }, 401, 403, 404)
      }
    },
    async (request, reply) => {
      await deleteApiKey(db, request.tenantUid, request.params.uid)
      return reply.code(204).send(null)
    }
  )
}
