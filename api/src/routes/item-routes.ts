import { NoContent, TenantParams } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyContextConfig, FastifyRequest } from 'fastify'
import type { Static, TObject, TSchema, TString } from 'typebox'
import { cachedCount, cachedDetail } from '../lib/detect/cached-detail.js'
import type { CountCache } from '../lib/listing.js'
import { responses } from '../lib/schemas.js'
import { uidOr404 } from '../lib/tenant-scope.js'

// The route shapes the tenant's collections share (list, cached detail, patch, delete), written
// once: each collection's plugin names its contract schemas, its lib functions and its docs.

export type App = Parameters<FastifyPluginAsyncTypebox>[0]
export type Db = App['db']

/** `:uid` params: `/tenants/:tenant/<collection>/:uid/` or, for the caller's own, `/<collection>/:uid/`. */
export type ItemParams = TObject<{ tenant: TString; uid: TString }> | TObject<{ uid: TString }>

/**
 * The OpenAPI tag and summary of one route; `config` is the route's (the tenant guard's
 * `{ tenant: 'caller' }`, the auth plugin's `auth` and `apiKeyKinds`).
 */
export interface RouteDoc {
  tag: string
  summary: string
  config?: Pick<FastifyContextConfig, 'tenant' | 'auth' | 'apiKeyKinds'>
}

/** A `/:uid/…` route's options: the doc's config, tag and summary, its params, then `schema` (body, response). */
function itemOptions<S extends object>(doc: RouteDoc & { params: ItemParams }, schema: S) {
  return {
    ...(doc.config === undefined ? {} : { config: doc.config }),
    schema: { tags: [doc.tag], summary: doc.summary, params: doc.params, ...schema }
  }
}

/**
 * `GET /`: a list of the tenant's items, limited and ordered by `querystring` (400 on bad input).
 * `list` may keep its total in the DETECT cache through the CountCache it is given (a total only
 * changes with the tenant's data, so paging then costs one query).
 */
export function pagedListRoute<Q extends TSchema, L extends TSchema>(
  app: App,
  doc: RouteDoc & { querystring: Q; response: L },
  list: (db: Db, tenantUid: string, query: Static<Q>, countCache: CountCache) => Promise<Static<L>>
): void {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: [doc.tag],
        summary: doc.summary,
        params: TenantParams,
        querystring: doc.querystring,
        response: responses({ 200: doc.response }, 400, 401, 404)
      }
    },
    async (request) =>
      await list(
        app.db,
        request.tenantUid,
        request.query as Static<Q>,
        async (key, count) => await cachedCount(request, key, count)
      )
  )
}

/** `GET <url>` (default `/:uid/`): one item, or something of one item; 404 when it is not the tenant's. */
export function itemRoute<R extends TSchema>(
  app: App,
  doc: RouteDoc & { params: ItemParams; response: R; url?: string },
  load: (db: Db, tenantUid: string, uid: string) => Promise<Static<R>>
): void {
  app.get(
    doc.url ?? '/:uid/',
    itemOptions(doc, { response: responses({ 200: doc.response }, 401, 404) }),
    async (request) => await load(app.db, request.tenantUid, request.params.uid)
  )
}

/** `GET /:uid/` served from the DETECT cache under `<cacheKey>:<uid>`; a miss is one `load`. */
export function cachedDetailRoute<R extends TSchema>(
  app: App,
  doc: RouteDoc & { params: ItemParams; response: R; cacheKey: string },
  load: (db: Db, tenantUid: string, uid: string) => Promise<Static<R>>
): void {
  app.get('/:uid/', itemOptions(doc, { response: responses({ 200: doc.response }, 401, 404) }), async (request, reply) => {
    const uid = uidOr404(request.params.uid)
    return cachedDetail(request, reply, `${doc.cacheKey}:${uid}`, async () => await load(app.db, request.tenantUid, uid))
  })
}

/** `PATCH /:uid/`: changes one item and answers it (`request`: who acts, for the audit trail). */
export function patchItemRoute<B extends TSchema, R extends TSchema>(
  app: App,
  doc: RouteDoc & { params: ItemParams; body: B; response: R },
  update: (db: Db, tenantUid: string, uid: string, changes: Static<B>, request: FastifyRequest) => Promise<Static<R>>
): void {
  app.patch(
    '/:uid/',
    itemOptions(doc, { body: doc.body, response: responses({ 200: doc.response }, 400, 401, 403, 404, 415) }),
    async (request) => await update(app.db, request.tenantUid, request.params.uid, request.body as Static<B>, request)
  )
}

/** `DELETE /:uid/`: 204 with no body (`request`: who acts, for the audit trail). */
export function deleteItemRoute(
  app: App,
  doc: RouteDoc & { params: ItemParams },
  remove: (db: Db, tenantUid: string, uid: string, request: FastifyRequest) => Promise<void>
): void {
  app.delete('/:uid/', itemOptions(doc, { response: responses({ 204: NoContent }, 401, 403, 404) }), async (request, reply) => {
    await remove(app.db, request.tenantUid, request.params.uid, request)
    return reply.code(204).send(null)
  })
}
