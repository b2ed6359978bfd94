import {
  CredentialTrail,
  CredentialTrailParams,
  NameBody,
  NoQuery,
  TenantItemParams,
  TenantParams,
  TrailQuery,
  type CredentialKind
} from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Static, TSchema } from 'typebox'
import { actorOf, type Actor } from '../lib/actor.js'
import type { CsvTable } from '../lib/csv.js'
import { credentialTrail } from '../lib/detect/credential-trail.js'
import { responses } from '../lib/schemas.js'
import { csvExportRoute } from './csv-export-route.js'
import { deleteItemRoute, patchItemRoute, type Db } from './item-routes.js'

/** What one kind of named tenant credential (API keys, provision tokens) is: its schemas, lib and docs. */
export interface TenantCredential<L extends TSchema, C extends TSchema, I extends TSchema, P extends TSchema> {
  tag: string
  /** Its kind in the audit trail. */
  kind: CredentialKind
  summaries: { list: string; create: string; update: string; remove: string }
  schemas: { list: L; created: C; item: I; patch: P }
  list: (db: Db, tenantUid: string) => Promise<Static<L>>
  /** `actor`: who acts (recorded in the trail; a signed-in user is also the creator). */
  create: (db: Db, tenantUid: string, name: string, actor: Actor) => Promise<Static<C>>
  update: (db: Db, tenantUid: string, uid: string, changes: Static<P>, actor: Actor) => Promise<Static<I>>
  remove: (db: Db, tenantUid: string, uid: string, actor: Actor) => Promise<void>
  /** The list as CSV (`/export.csv`). */
  exportTable: (db: Db, tenantUid: string) => CsvTable
}

/**
 * `/`: list (newest first) and create by name; `/:uid/`: patch and delete. Admin-only writes (403).
 * Every create, change and delete is recorded: `/history/` (all of this kind) and `/:uid/history/`.
 */
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
        reply.code(201).send(await credential.create(app.db, request.tenantUid, request.body.name, actorOf(request)))
    )

    const item = { tag, params: TenantItemParams }
    patchItemRoute(
      app,
      { ...item, summary: summaries.update, body: schemas.patch, response: schemas.item },
      async (db, tenantUid, uid, changes, request) => await credential.update(db, tenantUid, uid, changes, actorOf(request))
    )
    deleteItemRoute(
      app,
      { ...item, summary: summaries.remove },
      async (db, tenantUid, uid, request) => await credential.remove(db, tenantUid, uid, actorOf(request))
    )

    csvExportRoute(
      app,
      { tag, url: '/export.csv', summary: `${summaries.list}, as CSV`, params: TenantParams, querystring: NoQuery },
      (db, tenantUid) => credential.exportTable(db, tenantUid)
    )

    app.get(
      '/history/',
      {
        schema: {
          tags: [tag],
          summary: `The trail of every ${tag.replace(/s$/, '')} of the tenant, newest first: created, renamed, enabled, disabled, deleted, by whom`,
          params: TenantParams,
          querystring: TrailQuery,
          response: responses({ 200: CredentialTrail }, 400, 401, 404)
        }
      },
      async (request) => await credentialTrail(app.db, request.tenantUid, credential.kind, undefined, request.query)
    )
    app.get(
      '/:uid/history/',
      {
        schema: {
          tags: [tag],
          summary: `The trail of one ${tag.replace(/s$/, '')}, newest first (it may have been deleted)`,
          params: CredentialTrailParams,
          querystring: TrailQuery,
          response: responses({ 200: CredentialTrail }, 400, 401, 404)
        }
      },
      async (request) => await credentialTrail(app.db, request.tenantUid, credential.kind, request.params.uid, request.query)
    )
  }
}
