import type { AuditResult, RuleSeverity, SbomLicenseSets } from '@console/contracts'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type PgColumn
} from 'drizzle-orm/pg-core'
import { createdAt } from './columns.js'
import { ownedEntity, tenantUid } from './tenant-owned.js'

// INSIGHTS: insight reports (one per assessed system or application) with their context, and the
// latest uploaded scan parts: the normalised SBOM and the normalised audit result. Every table
// carries tenant_uid first in each key; the scan tables reference (tenant_uid, report uid), so a
// scan part can never hang under another tenant's report.

export const insightReports = pgTable(
  'insight_reports',
  {
    ...ownedEntity(),
    name: text('name').notNull(),
    assessmentType: text('assessment_type').notNull().default('system'),
    /** The upload token, shown to the tenant on the report (like provision tokens), so kept in clear. */
    token: text('token').notNull(),
    /** SHA-256 of the token: the scan upload looks the report up by this, never by the secret itself. */
    tokenHash: text('token_hash').notNull(),
    // The ten context fields (spec §3).
    make: text('make').notNull().default(''),
    model: text('model').notNull().default(''),
    internetFacing: boolean('internet_facing').notNull().default(false),
    otaCapable: boolean('ota_capable').notNull().default(false),
    encryptionAtRest: boolean('encryption_at_rest').notNull().default(false),
    encryptionInTransit: boolean('encryption_in_transit').notNull().default(false),
    industry: text('industry').notNull().default(''),
    purpose: text('purpose').notNull().default(''),
    environment: text('environment').notNull().default(''),
    soldIn: text('sold_in').notNull().default(''),
    /** Plain-English findings summary, rewritten after each accepted upload (lib/insights/analysis.ts). */
    analysis: text('analysis'),
    /** Time of the latest accepted upload; null until then (has_scan_uploaded = not null). */
    scanUploadedAt: timestamp('scan_uploaded_at', { withTimezone: true }),
    createdAt: createdAt()
  },
  (t) => [
    check('insight_reports_type_chk', sql`${t.assessmentType} in ('system', 'application')`),
    uniqueIndex('insight_reports_token_idx').on(t.token),
    uniqueIndex('insight_reports_token_hash_idx').on(t.tokenHash),
    // A constraint (not just an index): the scan tables' foreign keys point at it.
    unique('insight_reports_tenant_uid_key').on(t.tenantUid, t.uid),
    index('insight_reports_tenant_created_idx').on(t.tenantUid, t.createdAt, t.uid)
  ]
)

/** What the findings summary needs from an SBOM, computed once at upload. */
export interface SbomStats {
  components: number
  vulnerabilities: number
  /** Vulnerabilities by their highest rating (info counts as none). */
  by_severity: Record<'critical' | 'high' | 'medium' | 'low' | 'none' | 'unknown', number>
  /** The most severe vulnerabilities, worst first. */
  worst: Array<{ id: string | null; severity: string; score: number | null; affects: string[] }>
  /**
   * The console's analysis against its OSV feed (absent in stats written before it existed):
   * components it could check (a supported purl), vulnerabilities it added, and affected
   * components it added to vulnerabilities the SBOM listed itself.
   */
  feed?: { checked: number; vulnerabilities: number; affects: number }
  /** Components by the licenses they state (lib/insights/license-sets.ts; absent in stats written before it). */
  licenses?: Omit<SbomLicenseSets, 'sets'> & { sets: NonNullable<SbomLicenseSets['sets']> }
}

/** A vulnerability of a kept scan (lib/insights/scan-history.ts). */
export interface ScanVulnerability {
  id: string | null
  /** Its highest rating: critical, high, medium, low, none or unknown. */
  severity: string
  /** The file's own analysis state. */
  state: string | null
  /** The console's key of each affected component (null: a ref the SBOM does not list). */
  keys: Array<string | null>
  /** No analysis closes it (the console's, else the file's) for some affected component. */
  open: boolean
}

/** The key columns of a part of one report's scan: the report's tenant and uid. */
export const reportPart = () => ({
  tenantUid: tenantUid(),
  reportUid: uuid('report_uid').notNull()
})

/** A scan part hangs under its report, of the same tenant, and goes with it. */
export const ofReport = (t: { tenantUid: PgColumn; reportUid: PgColumn }) =>
  foreignKey({ columns: [t.tenantUid, t.reportUid], foreignColumns: [insightReports.tenantUid, insightReports.uid] }).onDelete(
    'cascade'
  )

/** The latest SBOM of a report: the normalised document, gzip-compressed, ready to send. */
export const insightSboms = pgTable(
  'insight_sboms',
  {
    ...reportPart(),
    specVersion: text('spec_version').notNull(),
    componentCount: integer('component_count').notNull(),
    vulnerabilityCount: integer('vulnerability_count').notNull(),
    /** Size of the normalised JSON before compression. */
    documentBytes: integer('document_bytes').notNull(),
    /**
     * The gzip bytes as base64 text, not bytea: PGlite's bytea codec is slow in JS (a 570 KB value
     * read in 55-230 ms, against 3-25 ms as text; measured with bench/insights-upload.mjs's SBOM).
     */
    documentGzipBase64: text('document_gzip_base64').notNull(),
    /**
     * Set when the document is too big for one write (sbom-chunks.ts): document_gzip_base64 is then
     * '' and the text is the insight_sbom_chunks rows of this upload, in `seq` order.
     */
    documentUpload: uuid('document_upload'),
    stats: jsonb('stats').$type<SbomStats>().notNull(),
    /**
     * The feed package names its components match on (lib/insights/sbom-vulns.ts), so a feed import
     * finds the SBOMs to re-analyse; null for an SBOM stored before the analysis existed, or naming
     * more than LISTED_PACKAGES_MAX (sbom-vulns.ts): both are analysed again after every import.
     */
    packages: text('packages').array(),
    /** The OSV ecosystems of its checked components ("npm", "Debian:12"): coverage and feed sync. */
    ecosystems: text('ecosystems').array(),
    /** Written by the demo seed: analysed against the demo catalogue too. Every upload is false. */
    demo: boolean('demo').notNull().default(false),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    primaryKey({ columns: [t.tenantUid, t.reportUid] }),
    index('insight_sboms_packages_idx').using('gin', t.packages),
    ofReport(t)
  ]
)

/** Audit rules use the four levels the System Review filters on. */
export const RULE_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const satisfies readonly RuleSeverity[]
/** The latest audit result of a report, normalised (small: a few hundred rules at most). */
export const insightAudits = pgTable(
  'insight_audits',
  {
    ...reportPart(),
    ruleCount: integer('rule_count').notNull(),
    resultCount: integer('result_count').notNull(),
    /** json, not jsonb: jsonb reorders object keys, and the profiles' order is the uploader's. */
    document: json('document').$type<AuditResult>().notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.tenantUid, t.reportUid] }), ofReport(t)]
)

/**
 * A big SBOM's gzip base64 text in pieces of about 1 MB: each piece is one short write, so on the
 * embedded database (which runs on the server's own thread) no single write holds requests up.
 */
export const insightSbomChunks = pgTable(
  'insight_sbom_chunks',
  {
    ...reportPart(),
    uploadUid: uuid('upload_uid').notNull(),
    seq: integer('seq').notNull(),
    data: text('data').notNull()
  },
  (t) => [
    primaryKey({ columns: [t.uploadUid, t.seq] }),
    index('insight_sbom_chunks_report_idx').on(t.tenantUid, t.reportUid),
    ofReport(t)
  ]
)

/**
 * One accepted SBOM upload of a report, kept for its scan history (lib/insights/scan-history.ts):
 * counts for the list and a compact summary (components' names, purls and versions; vulnerability
 * ids with severity and state) to diff two scans, not the document. The newest
 * INSIGHTS_SCAN_RETENTION per report are kept.
 */
export const insightScans = pgTable(
  'insight_scans',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    ...reportPart(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    componentCount: integer('component_count').notNull(),
    vulnerabilityCount: integer('vulnerability_count').notNull(),
    /** Vulnerabilities open (no analysis closes them, the console's or the file's); kept current for the newest scan. */
    openCount: integer('open_count').notNull(),
    criticalCount: integer('critical_count').notNull(),
    /**
     * The components as [name, purl, version] JSON, gzip, as base64 text (see
     * insight_sboms.document_gzip_base64 for why text): only a diff reads them.
     */
    componentsGzipBase64: text('components_gzip_base64').notNull(),
    /** Its vulnerabilities as the counts need them (ids, severity, state, affected component keys). */
    vulnerabilities: jsonb('vulnerabilities').$type<ScanVulnerability[]>().notNull()
  },
  (t) => [index('insight_scans_report_idx').on(t.tenantUid, t.reportUid, t.uploadedAt, t.uid), ofReport(t)]
)
