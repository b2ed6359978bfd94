import fp from 'fastify-plugin'
import { resolveReportToken } from '../../lib/insights/reports.js'

export const REPORT_TOKEN_KIND = 'report-token'

/** Accepts an insight report's upload token (`X-API-Key: rt_...`) on routes that allow its kind. */
export const reportTokenPlugin = fp(
  async (app) => {
    app.apiKeyResolvers.push(async (key) => {
      const report = await resolveReportToken(app.db, key)
      return report === null ? null : { kind: REPORT_TOKEN_KIND, id: report.uid, tenantUid: report.tenantUid }
    })
  },
  { name: 'report-token', dependencies: ['auth', 'db'] }
)
