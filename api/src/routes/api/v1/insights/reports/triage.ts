import {
  AnalysisSet,
  AnalysisTrail,
  AnalysisTrailQuery,
  ConsoleAnalysis,
  ConsoleAnalysisList,
  CycloneDxExport,
  ReportParams,
  VexAnswer,
  VexBody
} from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../../../../lib/actor.js'
import { sbomCycloneDxExport } from '../../../../../lib/insights/cdx-export.js'
import { analysisTrail, listAnalyses, setAnalysis } from '../../../../../lib/insights/triage.js'
import { applyVex } from '../../../../../lib/insights/vex.js'
import { responses } from '../../../../../lib/schemas.js'

const config = { tenant: 'caller' } as const
const tags = ['insights']
/** A VEX names analyses, not components: 10 MB holds tens of thousands. */
const VEX_BODY_LIMIT = 10 * 1024 * 1024

/** Triage of a report's SBOM vulnerabilities (docs/insights-api.md "Triage"), its VEX upload and CycloneDX export. */
export const triageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app

  app.get(
    '/:uid/sbom/analyses/',
    {
      config,
      schema: {
        tags,
        summary: "The console's analyses of the report's SBOM vulnerabilities (per component and vulnerability)",
        params: ReportParams,
        response: responses({ 200: ConsoleAnalysisList }, 401, 404)
      }
    },
    async (request) => await listAnalyses(db, request.tenantUid, request.params.uid)
  )

  app.put(
    '/:uid/sbom/analyses/',
    {
      config,
      schema: {
        tags,
        summary: "Set the console's analysis of one component's vulnerability (CycloneDX state, justification, response, detail)",
        description:
          'Kept under the component (purl, else name and version) and the vulnerability id, so a re-upload keeps it; ' +
          "it wins over the uploaded file's own analysis. Every change is recorded in the trail.",
        params: ReportParams,
        body: AnalysisSet,
        response: responses({ 200: ConsoleAnalysis }, 400, 401, 403, 404)
      }
    },
    async (request) => await setAnalysis(db, request.tenantUid, request.params.uid, request.body, actorOf(request))
  )

  app.get(
    '/:uid/sbom/analyses/trail/',
    {
      config,
      schema: {
        tags,
        summary: 'Every change of the analyses, who made it and when, newest first (of one vulnerability and/or component)',
        params: ReportParams,
        querystring: AnalysisTrailQuery,
        response: responses({ 200: AnalysisTrail }, 400, 401, 404)
      }
    },
    async (request) => await analysisTrail(db, request.tenantUid, request.params.uid, request.query)
  )

  app.post(
    '/:uid/sbom/vex/',
    {
      config,
      bodyLimit: VEX_BODY_LIMIT,
      schema: {
        tags,
        summary: "Apply a CycloneDX VEX document's analyses in bulk",
        description:
          'Each vulnerabilities[i] with analysis.state sets the analysis of every component its affects name (a bom-ref ' +
          "of the report's SBOM, a BOM-Link to one, or a purl). Bad entries are refused by index with the reason; the good ones are stored.",
        params: ReportParams,
        body: VexBody,
        response: responses({ 200: VexAnswer }, 400, 401, 403, 404, 413, 415)
      }
    },
    async (request) => await applyVex(db, request.tenantUid, request.params.uid, request.body, actorOf(request))
  )

  app.get(
    '/:uid/sbom/export.cdx.json',
    {
      config,
      schema: {
        tags,
        summary: "The SBOM with the console's findings and analyses as CycloneDX 1.6 JSON (VEX in vulnerabilities[].analysis)",
        produces: ['application/vnd.cyclonedx+json'],
        params: ReportParams,
        response: responses({ 200: CycloneDxExport }, 401, 404)
      }
    },
    async (request, reply) => {
      const text = await sbomCycloneDxExport(db, request.tenantUid, request.params.uid)
      return reply
        .type('application/vnd.cyclonedx+json; version=1.6; charset=utf-8')
        .header('content-disposition', 'attachment; filename="sbom.cdx.json"')
        .header('cache-control', 'no-store')
        .send(text)
    }
  )
}
