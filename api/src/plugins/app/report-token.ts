import { resolveReportToken } from '../../lib/insights/reports.js'
import { apiKeyKindPlugin } from './auth.js'

export const REPORT_TOKEN_KIND = 'report-token'

/** Accepts an insight report's upload token (`X-API-Key: rt_...`) on routes that allow its kind. */
export const reportTokenPlugin = apiKeyKindPlugin('report-token', REPORT_TOKEN_KIND, resolveReportToken)
