import { CsvExport, TenantParams } from '@console/contracts'
import type { Static, TObject, TSchema } from 'typebox'
import { CSV_CONTENT_TYPE, csvFilename, csvStream, type CsvTable } from '../lib/csv.js'
import { responses } from '../lib/schemas.js'
import type { CountCache } from '../lib/listing.js'
import { pagedListRoute, type App, type Db, type RouteDoc } from './item-routes.js'

/** The suffix of every CSV export route: `<the table's URL>export.csv`. */
export const EXPORT_SUFFIX = 'export.csv'

/**
 * `GET <url>` (ending in export.csv): a table as a CSV download, streamed. `load` checks the
 * input and the item (400 / 404 as JSON, before any byte is sent) and answers the table; its rows
 * are read in batches while they are sent. `config` is the tenant guard's for URLs naming no tenant.
 */
export function csvExportRoute<P extends TObject, Q extends TSchema>(
  app: App,
  doc: RouteDoc & { url: string; params: P; querystring: Q },
  load: (db: Db, tenantUid: string, params: Static<P>, query: Static<Q>) => CsvTable | Promise<CsvTable>
): void {
  if (!doc.url.endsWith(EXPORT_SUFFIX)) throw new Error(`${doc.url}: a CSV export's URL ends in ${EXPORT_SUFFIX}`)
  app.get(
    doc.url,
    {
      ...(doc.config === undefined ? {} : { config: doc.config }),
      schema: {
        tags: [doc.tag],
        summary: doc.summary,
        description: 'text/csv, sent as an attachment and streamed (rows are read in batches while they are sent).',
        produces: ['text/csv'],
        params: doc.params,
        querystring: doc.querystring,
        response: responses({ 200: CsvExport }, 400, 401, 404)
      }
    },
    async (request, reply) => {
      const table = await load(app.db, request.tenantUid, request.params as Static<P>, request.query as Static<Q>)
      const body = await csvStream(table)
      return reply
        .type(CSV_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${csvFilename(table.name)}"`)
        .header('cache-control', 'no-store')
        .send(body)
    }
  )
}

/** A tenant collection's `GET /` (one page) and `GET /export.csv` (with the list's filters and ordering, every matching row). */
export function listAndExportRoutes<Q extends TSchema, L extends TSchema, E extends TSchema>(
  app: App,
  doc: { tag: string; listSummary: string; exportSummary: string; querystring: Q; response: L; exportQuery: E },
  list: (db: Db, tenantUid: string, query: Static<Q>, countCache: CountCache) => Promise<Static<L>>,
  exportTable: (db: Db, tenantUid: string, query: Static<E>) => CsvTable | Promise<CsvTable>
): void {
  const { tag, querystring, response } = doc
  pagedListRoute(app, { tag, summary: doc.listSummary, querystring, response }, list)
  csvExportRoute(
    app,
    { tag, url: `/${EXPORT_SUFFIX}`, summary: doc.exportSummary, params: TenantParams, querystring: doc.exportQuery },
    (db, tenantUid, _params, query) => exportTable(db, tenantUid, query)
  )
}
