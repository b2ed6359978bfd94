import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { desc, eq } from 'drizzle-orm'
import { Type } from 'typebox'
import { apiKeys } from '../../../../../db/schema/index.js'
import { newApiKey } from '../../../../../lib/detect/api-keys.js'
import { found, owned, uidOr404 } from '../../../../../lib/tenant-scope.js'
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
const NewApiKey = Type.Object({ ...ApiKey.properties, key: Type.String({ description: 'prefix.secret — shown only in this answer' }) })

const COLUMNS = { uid: apiKeys.uid, name: apiKeys.name, prefix: apiKeys.prefix, revoked: apiKeys.revoked, created: apiKeys.createdAt }
const present = (row: { uid: string, name: string, prefix: string, revoked: boolean, created: Date }) =>
  ({ ...row, created: row.created.toISOString() })

/** Tenant API keys (spec §7): only a hash of the secret is stored; the key is returned once. */
export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  app.get('/', {
    prefixTrailingSlash: 'slash',
    schema: { tags: ['api-keys'], summary: 'API keys of the tenant, newest first', params: TenantOnly, response: responses({ 200: Type.Object({ results: Type.Array(ApiKey) }) }, 401, 404) }
  }, async (request) => {
    const rows = await db.select(COLUMNS).from(apiKeys).where(owned(apiKeys, request.tenantUid))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.uid))
    return { results: rows.map(present) }
  })

  app.post('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['api-keys'],
      summary: 'Create an API key; the full key is in this answer only',
      params: TenantOnly,
      body: Type.Object({ name: Name }, { additionalProperties: false }),
      response: responses({ 201: NewApiKey }, 400, 401, 403, 404, 415)
    }
  }, async (request, reply) => {
    const key = newApiKey()
    const [row] = await db.insert(apiKeys).values({
      tenantUid: request.tenantUid,
      name: request.body.name.trim(),
      prefix: key.prefix,
      secretHash: key.secretHash,
      createdByUid: request.user?.uid ?? null
    }).returning(COLUMNS)
    return reply.code(201).send({ ...present(row!), key: key.key })
  })

  app.patch('/:uid/', {
    schema: {
      tags: ['api-keys'],
      summary: 'Rename or revoke/unrevoke an API key',
      params: KeyParams,
      body: Type.Object({ name: Type.Optional(Name), revoked: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
      response: responses({ 200: ApiKey }, 400, 401, 403, 404, 415)
    }
  }, async (request) => {
    const uid = uidOr404(request.params.uid)
    const { name, revoked } = request.body
    const changes = { ...(name === undefined ? {} : { name: name.trim() }), ...(revoked === undefined ? {} : { revoked }) }
    const where = owned(apiKeys, request.tenantUid, eq(apiKeys.uid, uid))
    const [row] = Object.keys(changes).length === 0
      ? await db.select(COLUMNS).from(apiKeys).where(where)
      : await db.update(apiKeys).set(changes).where(where).returning(COLUMNS)
    return present(found(row))
  })

  app.delete('/:uid/', {
    schema: { tags: ['api-keys'], summary: 'Delete an API key', params: KeyParams, response: responses({ 204: Type.Null() }, 401, 403, 404) }
  }, async (request, reply) => {
    const deleted = await db.delete(apiKeys).where(owned(apiKeys, request.tenantUid, eq(apiKeys.uid, uidOr404(request.params.uid))))
      .returning({ uid: apiKeys.uid })
    found(deleted[0])
    return reply.code(204).send(null)
  })
}
