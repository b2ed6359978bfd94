import type { AnalysisJustification, AnalysisResponse, AnalysisSource, AnalysisState } from '@console/contracts'
import { sql } from 'drizzle-orm'
import { bigserial, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.js'
import { actorCheck, actorColumns } from './audit.js'
import { ofReport, reportPart } from './insights.js'

// INSIGHTS triage: the console's own analysis of a report's SBOM vulnerabilities. Keyed by the
// component's identity (purl, else name@version) and the vulnerability id, not by anything of one
// upload, so a re-upload of the same component finds it again. Goes with its report.

const analysisColumns = () => ({
  componentKey: text('component_key').notNull(),
  vulnerabilityId: text('vulnerability_id').notNull(),
  state: text('state').$type<AnalysisState>().notNull(),
  justification: text('justification').$type<AnalysisJustification>(),
  response: text('response')
    .array()
    .$type<AnalysisResponse[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  detail: text('detail').notNull().default(''),
  source: text('source').$type<AnalysisSource>().notNull()
})

const sourceCheck = (source: { name: string }) => sql`${source} in ('console', 'vex')`

/** The current analysis of one component and vulnerability of a report. */
export const insightVulnAnalyses = pgTable(
  'insight_vuln_analyses',
  {
    ...reportPart(),
    ...analysisColumns(),
    /** What the component was called when last analysed (shown, and written to the export). */
    purl: text('purl'),
    group: text('group'),
    name: text('name'),
    version: text('version'),
    ...actorColumns(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    primaryKey({ columns: [t.tenantUid, t.reportUid, t.componentKey, t.vulnerabilityId] }),
    check('insight_vuln_analyses_source_chk', sourceCheck(t.source)),
    check('insight_vuln_analyses_actor_chk', actorCheck(t.actorKind)),
    ofReport(t)
  ]
)

/** Every change of an analysis, who made it and when; only ever inserted. */
export const insightVulnAnalysisEvents = pgTable(
  'insight_vuln_analysis_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...reportPart(),
    ...analysisColumns(),
    ...actorColumns(),
    createdAt: createdAt()
  },
  (t) => [
    check('insight_vuln_analysis_events_source_chk', sourceCheck(t.source)),
    check('insight_vuln_analysis_events_actor_chk', actorCheck(t.actorKind)),
    index('insight_vuln_analysis_events_idx').on(t.tenantUid, t.reportUid, t.vulnerabilityId, t.createdAt, t.id),
    ofReport(t)
  ]
)
