import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { desc, eq } from 'drizzle-orm'
import { Type } from 'typebox'
import { provisionTokens } from '../../../../../db/schema/index.js'
import { newProvisionToken } from '../../../../../lib/detect/api-keys.js'
import { found, owned, uidOr404 } from '../../../../../lib/tenant-scope.js'
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

const COLUMNS = {
  uid: provisionTokens.uid,
  name: provisionTokens.name,
  enabled: provisionTokens.enabled,
  created_by: provisionTokens.createdByEmail,
  created_at: provisionTokens.createdAt,
  token: provisionTokens.token
}
const present = (row: { uid: string, name: string, enabled: boolean, created_by: string, created_at: Date, token: string }) =>
  ({ ...row, created_at: row.created_at.toISOString() })

/** Provision tokens (spec §7): enrolment secrets an agent presents to register a device. */
export const provisionTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  app.get('/', {
    prefixTrailingSlash: 'slash',
    schema: { tags: ['provision-tokens'], summary: 'Provision tokens of the tenant, newest first', params: TenantOnly, response: responses({ 200: Type.Object({ results: Type.Array(ProvisionToken) }) }, 401, 404) }
  }, async (request) => {
    const rows = await db.select(COLUMNS).from(provisionTokens).where(owned(provisionTokens, request.tenantUid))
      .orderBy(desc(provisionTokens.createdAt), desc(provisionTokens.uid))
    return { results: rows.map(present) }
  })

  app.post('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['provision-tokens'],
      summary: 'Create a provision token (random, 192 bits)',
      params: TenantOnly,
      body: Type.Object({ name: Name }, { additionalProperties: false }),
      response: responses({ 201: ProvisionToken }, 400, 401, 403, 404, 415)
    }
  }, async (request, reply) => {
    const [row] = await db.insert(provisionTokens).values({
      tenantUid: request.tenantUid,
      name: request.body.name.trim(),
      token: newProvisionToken(),
      createdByUid: request.user?.uid ?? null,
      createdByEmail: request.user?.email ?? ''
    }).returning(COLUMNS)
    return reply.code(201).send(present(row!))
  })

  app.patch('/:uid/', {
    schema: {
      tags: ['provision-tokens'],
      summary: 'Rename or enable/disable a provision token',
      params: TokenParams,
      body: Type.Object({ name: Type.Optional(Name), enabled: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
      response: responses({ 200: ProvisionToken }, 400, 401, 403, 404, 415)
    }
  }, async (request) => {
    const uid = uidOr404(request.params.uid)
    const { name, enabled } = request.body
    const changes = { ...(name === undefined ? {} : { name: name.trim() }), ...(enabled === undefined ? {} : { enabled }) }
    const where = owned(provisionTokens, request.tenantUid, eq(provisionTokens.uid, uid))
    const [row] = Object.keys(changes).length === 0
      ? await db.select(COLUMNS).from(provisionTokens).where(where)
      : await db.update(provisionTokens).set(changes).where(where).returning(COLUMNS)
    return present(found(row))
  })

  app.delete('/:uid/', {
    schema: { tags: ['provision-tokens'], summary: 'Delete a provision token', params: TokenParams, response: responses({ 204: Type.Null() }, 401, 403, 404) }
  }, async (request, reply) => {
    const deleted = await db.delete(provisionTokens)
      .where(owned(provisionTokens, request.tenantUid, eq(provisionTokens.uid, uidOr404(request.params.uid))))
      .returning({ uid: provisionTokens.uid })
    found(deleted[0])
    return reply.code(204).send(null)
  })
}
