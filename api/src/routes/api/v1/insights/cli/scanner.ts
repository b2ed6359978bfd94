import { ScannerScript } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { scannerScript } from '../../../../../lib/insights/scanner/script.js'
import { responses } from '../../../../../lib/schemas.js'

/**
 * The INSIGHTS scanner download. Public on purpose: the script holds no secret (the upload needs
 * a report's token) and is fetched with plain curl or wget on the machine to audit.
 */
export const insightsScannerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['insights'],
        summary: 'The console-scan program: writes a CycloneDX SBOM and a hardening audit of a Linux machine and uploads both',
        response: responses({ 200: ScannerScript })
      },
      config: { auth: 'none' }
    },
    async (_request, reply) => {
      return reply
        .type('text/x-shellscript; charset=utf-8')
        .header('content-disposition', 'attachment; filename="console-scan"')
        .send(scannerScript())
    }
  )
}
