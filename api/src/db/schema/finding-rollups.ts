import { index, integer, pgTable, primaryKey, real, text, unique, uuid } from 'drizzle-orm/pg-core'
import { tenantUid } from './tenant-owned.js'

// Rollups of package_findings, kept exact by statement triggers on package_findings (migration
// 0024, function finding_rollups_apply) in the same transaction as every write, cascades included:
// the strategic dashboard and the summary read these instead of scanning every finding of the
// fleet. detect_rollups_rebuild(tenant) recomputes a tenant's from scratch (bulk loads that
// bypass triggers). A row whose count reaches 0 is deleted.

/** Findings per tenant, package name, CVE row and score (score in the key: max and "high" stay exact on delete). */
export const findingRollups = pgTable(
  'finding_rollups',
  {
    tenantUid: tenantUid(),
    packageName: text('package_name').notNull(),
    // No foreign keys to devices or CVE rows: a cascade from them must reach these rows only
    // through the findings' trigger, or a device count would miss its decrement.
    vulnerabilityUid: uuid('vulnerability_uid').notNull(),
    score: real('score'),
    findings: integer('findings').notNull(),
    demoFindings: integer('demo_findings').notNull()
  },
  (t) => [
    unique('finding_rollups_key').on(t.tenantUid, t.packageName, t.vulnerabilityUid, t.score).nullsNotDistinct(),
    index('finding_rollups_vuln_idx').on(t.vulnerabilityUid),
    index('finding_rollups_score_idx').on(t.tenantUid, t.score.desc().nullsLast())
  ]
)

/** Findings per tenant, package name and device: a package name's device count is its rows here. */
export const findingDeviceRollups = pgTable(
  'finding_device_rollups',
  {
    tenantUid: tenantUid(),
    packageName: text('package_name').notNull(),
    deviceUid: uuid('device_uid').notNull(),
    findings: integer('findings').notNull()
  },
  (t) => [primaryKey({ columns: [t.tenantUid, t.packageName, t.deviceUid] })]
)

/** Per tenant and package name: the devices with a finding in it and the worst score (the top-packages order). */
export const findingNameRollups = pgTable(
  'finding_name_rollups',
  {
    tenantUid: tenantUid(),
    packageName: text('package_name').notNull(),
    devices: integer('devices').notNull(),
    maxScore: real('max_score')
  },
  (t) => [
    primaryKey({ columns: [t.tenantUid, t.packageName] }),
    index('finding_name_rollups_top_idx').on(t.tenantUid, t.devices.desc(), t.maxScore.desc().nullsLast(), t.packageName)
  ]
)

/** Findings per tenant and CVE row: how many, above HIGH_RISK_SCORE, and from demo records. */
export const findingCveRollups = pgTable(
  'finding_cve_rollups',
  {
    tenantUid: tenantUid(),
    vulnerabilityUid: uuid('vulnerability_uid').notNull(),
    findings: integer('findings').notNull(),
    highFindings: integer('high_findings').notNull(),
    demoFindings: integer('demo_findings').notNull()
  },
  (t) => [primaryKey({ columns: [t.tenantUid, t.vulnerabilityUid] })]
)

/** Per tenant: its distinct CVEs found, those with a finding above HIGH_RISK_SCORE, and its demo findings. */
export const findingTenantRollups = pgTable('finding_tenant_rollups', {
  tenantUid: tenantUid().primaryKey(),
  cves: integer('cves').notNull(),
  highCves: integer('high_cves').notNull(),
  demoFindings: integer('demo_findings').notNull()
})
