import { ReportParams, ScanDiff, ScanDiffQuery, ScanList } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listScans, scanDiff } from '../../../../../lib/insights/scan-history.js'
import { responses } from '../../../../../lib/schemas.js'
import { itemRoute } from '../../../../item-routes.js'

const config = { tenant: 'caller' } as const

/** A report's scan history (docs/insights-api.md "Scan history"): the kept SBOM scans and the diff of two. */
export const scanHistoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const summary = "The report's kept SBOM scans, newest first (INSIGHTS_SCAN_RETENTION per report)"
  itemRoute(app, { tag: 'insights', config, params: ReportParams, url: '/:uid/scans/', summary, response: ScanList }, listScans)

  app.get(
    '/:uid/scans/diff/',
    {
      config,
      schema: {
        tags: ['insights'],
        summary:
          'What changed between two kept scans: components added, removed, upgraded; vulnerabilities new, fixed, still open',
        description:
          'A component is upgraded when the same package (purl without version, else group/name) has another version. ' +
          'A vulnerability is open unless an analysis closes it (not_affected, false_positive, resolved): the console’s, else the file’s.',
        params: ReportParams,
        querystring: ScanDiffQuery,
        response: responses({ 200: ScanDiff }, 400, 401, 404)
      }
    },
    async (request) => await scanDiff(app.db, request.tenantUid, request.params.uid, request.query.from, request.query.to)
  )
}
