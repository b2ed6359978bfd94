import { promisify } from 'node:util'
import { gunzip as gunzipCallback } from 'node:zlib'
import {
  AuditResult,
  Report,
  ReportCreate,
  ReportList,
  ReportListQuery,
  ReportParams,
  ReportPatch,
  RuleExportQuery,
  Sbom,
  SbomComponentExportQuery,
  SbomFeed,
  SbomLicenseSets,
  SbomVulnerabilityExportQuery
} from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { paging } from '../../../../../lib/listing.js'
import { HttpError } from '../../../../../lib/http-error.js'
import {
  createReport,
  deleteReport,
  getAudit,
  getReport,
  getSbomGzip,
  listReports,
  sbomLicenseSets,
  updateReport
} from '../../../../../lib/insights/reports.js'
import { responses } from '../../../../../lib/schemas.js'
import { sbomFeedStatus } from '../../../../../lib/insights/sbom-feed.js'
import { negotiatedEncoding } from '../../../../../lib/http/compression.js'
import { ruleExport, sbomComponentExport, sbomVulnerabilityExport } from '../../../../../lib/insights/table-exports.js'
import { csvExportRoute } from '../../../../csv-export-route.js'
import { deleteItemRoute, itemRoute, patchItemRoute } from '../../../../item-routes.js'
import { scanHistoryRoutes } from './scans.js'
import { triageRoutes } from './triage.js'

const gunzip = promisify(gunzipCallback)

/** The URL names no tenant: these routes serve the signed-in user's (the tenant guard's 'caller'). */
const config = { tenant: 'caller' } as const

/** Insight reports of the caller's tenant (spec §7); every query goes through lib/insights/reports.ts. */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app
  await app.register(triageRoutes)
  await app.register(scanHistoryRoutes)

  app.get(
    '/',
    {
      config,
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['insights'],
        summary: 'Insight reports of the tenant, newest first, with their scan status and latest open/critical counts',
        querystring: ReportListQuery,
        response: responses({ 200: ReportList }, 400, 401)
      }
    },
    async (request) => {
      const { limit, offset } = paging(request.query, 1000, 1000)
      return await listReports(db, request.tenantUid, limit, offset)
    }
  )

  app.post(
    '/',
    {
      config,
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['insights'],
        summary: 'Create an insight report (with its own random upload token)',
        body: ReportCreate,
        response: responses({ 201: Report }, 400, 401, 403, 415)
      }
    },
    async (request, reply) => {
      const report = await createReport(db, request.tenantUid, {
        name: request.body.name,
        assessmentType: request.body.assessment_type ?? 'system'
      })
      return reply.code(201).send(report)
    }
  )

  const item = { tag: 'insights', params: ReportParams, config }
  itemRoute(app, { ...item, summary: 'One insight report with its context', response: Report }, getReport)
  const patchSummary = 'Change the context (any of the ten fields) and/or the name'
  patchItemRoute(app, { ...item, summary: patchSummary, body: ReportPatch, response: Report }, updateReport)
  deleteItemRoute(app, { ...item, summary: 'Delete a report and its scan' }, deleteReport)

  app.get(
    '/:uid/rules/',
    {
      config,
      schema: {
        tags: ['insights'],
        summary: 'The latest audit result (rules, results, profile_scores)',
        params: ReportParams,
        response: responses({ 200: AuditResult }, 401, 404)
      }
    },
    async (request) => {
      const audit = await getAudit(db, request.tenantUid, request.params.uid)
      if (audit === null) throw new HttpError(404, 'No audit data available.')
      return audit
    }
  )

  // Registered without a trailing slash; the app ignores trailing slashes, so `/sbom/` works too.
  app.get(
    '/:uid/sbom',
    {
      config,
      schema: {
        tags: ['insights'],
        summary: 'The latest SBOM, normalised (gzip-compressed when accepted)',
        description: 'Sent as stored: the normalised JSON was serialised and compressed once at upload.',
        params: ReportParams,
        response: responses({ 200: Sbom }, 401, 404)
      }
    },
    async (request, reply) => {
      const sbom = await getSbomGzip(db, request.tenantUid, request.params.uid)
      if (sbom === null) throw new HttpError(404, 'No SBOM data available.')
      void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding')
      if (negotiatedEncoding(request, ['gzip']) === 'gzip') return reply.header('content-encoding', 'gzip').send(sbom.gzip)
      return reply.send(await gunzip(sbom.gzip))
    }
  )

  app.get(
    '/:uid/sbom/feed/',
    {
      config,
      schema: {
        tags: ['insights'],
        summary: "What the console's feed covers of the SBOM, and KEV/EPSS for its vulnerabilities",
        description:
          'Components checked, not checked (no purl, unsupported ecosystem), advisories loaded per ecosystem (0 = incomplete), ' +
          'and KEV / EPSS by vulnerability id (CVE ids, and GHSA or other ids through the CVEs their records name).',
        params: ReportParams,
        response: responses({ 200: SbomFeed }, 401, 404)
      }
    },
    async (request) => {
      const status = await sbomFeedStatus(db, request.tenantUid, request.params.uid)
      if (status === null) throw new HttpError(404, 'No SBOM data available.')
      return status
    }
  )

  const licensesSummary =
    "The SBOM's components grouped by the licenses they state, counted at upload (the Overview counts denied ones)"
  itemRoute(app, { ...item, url: '/:uid/sbom/licenses/', summary: licensesSummary, response: SbomLicenseSets }, sbomLicenseSets)

  // The report's tables as CSV, with the filters and sorts the page offers.
  const exportDoc = { tag: 'insights', params: ReportParams, config }
  csvExportRoute(
    app,
    {
      ...exportDoc,
      url: '/:uid/rules/export.csv',
      summary: 'The Compliance Rules as CSV (filters: profile, severity, status, search)',
      querystring: RuleExportQuery
    },
    async (db, tenantUid, params, query) => await ruleExport(db, tenantUid, params.uid, query)
  )
  csvExportRoute(
    app,
    {
      ...exportDoc,
      url: '/:uid/sbom/components/export.csv',
      summary: "The SBOM's components as CSV (filter: type; ordering: name, type, version)",
      querystring: SbomComponentExportQuery
    },
    async (db, tenantUid, params, query) => await sbomComponentExport(db, tenantUid, params.uid, query)
  )
  csvExportRoute(
    app,
    {
      ...exportDoc,
      url: '/:uid/sbom/vulnerabilities/export.csv',
      summary: "The SBOM's vulnerabilities as CSV (filter: component type; ordering: id, severity, kev, epss; default -severity)",
      querystring: SbomVulnerabilityExportQuery
    },
    async (db, tenantUid, params, query) => await sbomVulnerabilityExport(db, tenantUid, params.uid, query)
  )
}
