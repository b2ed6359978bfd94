import { NameBody, TenantItemParams, TenantParams } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { Static, TSchema } from 'typebox'
import { responses } from '../lib/schemas.js'
import { deleteItemRoute, patchItemRoute, type Db } from './item-routes.js'

/** What one kind of named tenant credential (API keys, provision tokens) is: its schemas, lib and docs. */
export interface TenantCredential<L extends TSchema, C extends TSchema, I extends TSchema, P extends TSchema> {
  tag: string
  summaries: { list: string; create: string; update: string; remove: string }
  schemas: { list: L; created: C; item: I; patch: P }
  list: (db: Db, tenantUid: string) => Promise<Static<L>>
  create: (db: Db, tenantUid: string, name: string, user: FastifyRequest['user']) => Promise<Static<C>>
  update: (db: Db, tenantUid: string, uid: string, changes: Static<P>) => Promise<Static<I>>
  remove: (db: Db, tenantUid: string, uid: string) => Promise<void>
}

/** `/`: list (newest first) and create by name; `/:uid/`: patch and delete. Admin-only writes (403). */
export function tenantCredentialRoutes<L extends TSchema, C extends TSchema, I extends TSchema, P extends TSchema>(
  credential: TenantCredential<L, C, I, P>
): FastifyPluginAsyncTypebox {
  const { tag, summaries, schemas } = credential
  return async (app) => {
    app.get(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags: [tag],
          summary: summaries.list,
          params: TenantParams,
          response: responses({ 200: schemas.list }, 401, 404)
        }
      },
      async (request) => await credential.list(app.db, request.tenantUid)
    )

    app.post(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags: [tag],
          summary: summaries.create,
          params: TenantParams,
          body: NameBody,
          response: responses({ 201: schemas.created }, 400, 401, 403, 404, 415)
        }
      },
      async (request, reply) =>
        reply.code(201).send(await credential.create(app.db, request.tenantUid, request.body.name, request.user))
    )

    const item = { tag, params: TenantItemParams }
    patchItemRoute(app, { ...item, summary: summaries.update, body: schemas.patch, response: schemas.item }, credential.update)
    deleteItemRoute(app, { ...item, summary: summaries.remove }, credential.remove)
  }
}
