import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid
} from 'drizzle-orm/pg-core'
import { users } from './auth.js'
import { createdAt } from './columns.js'
import { ownedEntity, tenantUid } from './tenant-owned.js'

// DETECT: devices and their inventory, the global vulnerability records, findings, alerts,
// provision tokens, API keys, the agent catalogue and tenant summaries. Every tenant-owned table
// carries tenant_uid (even child tables whose device already implies it), so each query can
// filter by tenant directly and every index starts with it.

export const devices = pgTable(
  'devices',
  {
    ...ownedEntity(),
    hostname: text('hostname').notNull(),
    deviceType: text('device_type').notNull(),
    platformName: text('platform_name').notNull().default(''),
    platformVersion: text('platform_version').notNull().default(''),
    kernelArch: text('kernel_arch').notNull().default(''),
    kernelVersion: text('kernel_version').notNull().default(''),
    /** High | Medium | Low, from lib/vulns/risk.ts at write time; risk_rank (3/2/1) sorts it. */
    riskScore: text('risk_score').notNull().default('Low'),
    riskRank: smallint('risk_rank').notNull().default(1),
    /** Stored counts (refreshed with the findings) so lists sort and page in SQL without joins. */
    packageCount: integer('package_count').notNull().default(0),
    cveCount: integer('cve_count').notNull().default(0),
    highRiskCveCount: integer('high_risk_cve_count').notNull().default(0),
    /** Findings on CVEs in CISA's Known Exploited Vulnerabilities catalogue. */
    kevCount: integer('kev_count').notNull().default(0),
    /**
     * A simulated device the demo seed wrote: the only kind matched against the demo catalogue
     * (DEMO-… records). Every enrolled device is false and sees real advisories only.
     */
    demo: boolean('demo').notNull().default(false),
    /** Every interface address, space separated: what the device list's search matches. */
    ipAddresses: text('ip_addresses').notNull().default(''),
    /** The provision token that enrolled the device (null for seeded or manual devices). */
    provisionTokenUid: uuid('provision_token_uid'),
    /**
     * The machine's own identity as its agent reports it at enrolment (/etc/machine-id, an MCU's
     * unique id...): re-enrolling the same machine in the same tenant finds this device again.
     */
    machineId: text('machine_id'),
    /** SHA-256 (hex) of the device credential the agent sends; null for a device never enrolled. */
    credentialHash: text('credential_hash'),
    credentialIssuedAt: timestamp('credential_issued_at', { withTimezone: true }),
    /** Version the agent reported with its last enrolment or inventory report. */
    agentVersion: text('agent_version').notNull().default(''),
    lastConnected: timestamp('last_connected', { withTimezone: true }),
    createdAt: createdAt()
  },
  (t) => [
    check('devices_type_chk', sql`${t.deviceType} in ('linux', 'rtos')`),
    check('devices_risk_chk', sql`${t.riskScore} in ('High', 'Medium', 'Low')`),
    index('devices_tenant_hostname_idx').on(t.tenantUid, t.hostname, t.uid),
    index('devices_tenant_risk_idx').on(t.tenantUid, t.riskRank, t.uid),
    index('devices_tenant_created_idx').on(t.tenantUid, t.createdAt, t.uid),
    index('devices_tenant_connected_idx').on(t.tenantUid, t.lastConnected, t.uid),
    index('devices_tenant_cves_idx').on(t.tenantUid, t.cveCount, t.uid),
    // Most findings first (`-cve_count`, `-high_risk_cve_count`, `-kev_count`; uid ascending breaks
    // ties): a page read in order, and a deep one backwards, instead of sorting the fleet.
    index('devices_tenant_cves_desc_idx').on(t.tenantUid, t.cveCount.desc().nullsFirst(), t.uid),
    index('devices_tenant_high_risk_desc_idx').on(t.tenantUid, t.highRiskCveCount.desc().nullsFirst(), t.uid),
    index('devices_tenant_kev_desc_idx').on(t.tenantUid, t.kevCount.desc().nullsFirst(), t.uid),
    index('devices_tenant_type_idx').on(t.tenantUid, t.deviceType, t.uid),
    // One device per machine and tenant (NULLs, i.e. seeded devices, never collide).
    uniqueIndex('devices_tenant_machine_idx').on(t.tenantUid, t.machineId),
    // The list's search (a substring ILIKE on any of these): trigram indexes (pg_trgm), so a
    // search of a 10,000-device fleet reads the matching devices, not all of them.
    index('devices_hostname_trgm_idx').using('gin', sql`${t.hostname} gin_trgm_ops`),
    index('devices_platform_name_trgm_idx').using('gin', sql`${t.platformName} gin_trgm_ops`),
    index('devices_platform_version_trgm_idx').using('gin', sql`${t.platformVersion} gin_trgm_ops`),
    index('devices_ip_addresses_trgm_idx').using('gin', sql`${t.ipAddresses} gin_trgm_ops`)
  ]
)

const deviceUid = () =>
  uuid('device_uid')
    .notNull()
    .references(() => devices.uid, { onDelete: 'cascade' })

/** The key columns of a row of one device's inventory or findings: deleting the device deletes it. */
const deviceRow = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantUid: tenantUid(),
  deviceUid: deviceUid()
})

export const deviceAccounts = pgTable(
  'device_accounts',
  {
    ...deviceRow(),
    username: text('username').notNull(),
    homeDirectory: text('home_directory').notNull().default(''),
    /** The numeric POSIX uid on the device (not a console uid). */
    uid: integer('uid').notNull(),
    shell: text('shell').notNull().default(''),
    groupName: text('group_name').notNull().default(''),
    /** e.g. "root", "sudo", "wheel", "standard". */
    privileges: text('privileges').notNull().default('')
  },
  (t) => [index('device_accounts_device_idx').on(t.tenantUid, t.deviceUid, t.uid)]
)

export const deviceInterfaces = pgTable(
  'device_interfaces',
  {
    ...deviceRow(),
    name: text('name').notNull(),
    state: text('state').notNull().default('UNKNOWN'),
    /** Comma-separated, as the spec shows it: "10.0.0.5, fe80::1". */
    ipAddresses: text('ip_addresses').notNull().default('')
  },
  (t) => [index('device_interfaces_device_idx').on(t.tenantUid, t.deviceUid, t.name)]
)

export const deviceThreads = pgTable(
  'device_threads',
  {
    ...deviceRow(),
    threadName: text('thread_name').notNull(),
    /** Percent of CPU, 0..100. */
    avgCpuUsage: real('avg_cpu_usage').notNull().default(0)
  },
  (t) => [index('device_threads_device_idx').on(t.tenantUid, t.deviceUid, t.threadName)]
)

export const devicePackages = pgTable(
  'device_packages',
  {
    ...deviceRow(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    /** OSV ecosystem the package is matched in, e.g. "Debian:12", "Alpine:v3.18", "Zephyr". */
    ecosystem: text('ecosystem').notNull().default(''),
    /** Source package (Debian/Alpine OSV records name these: openssl, not libssl3); else the name. */
    sourceName: text('source_name').notNull().default(''),
    architecture: text('architecture').notNull().default('')
  },
  (t) => [
    index('device_packages_device_name_idx').on(t.tenantUid, t.deviceUid, t.name, t.version),
    index('device_packages_source_idx').on(t.ecosystem, t.sourceName)
  ]
)

/**
 * Global vulnerability records, one per CVE id (or the OSV id when a record names no CVE). Every
 * field but cve_id is derived from the OSV records that name it (`osv_records` via
 * `osv_record_vulnerabilities`, see lib/vulns/feed-store.ts), so re-importing a feed recomputes it.
 */
export const vulnerabilities = pgTable(
  'vulnerabilities',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    cveId: text('cve_id').notNull().unique(),
    /** The other ids of the same vulnerability (OSV aliases / upstream: DSA-…, GHSA-…, USN-…). */
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    /** CVSS base score 0..10, null when the record has none. */
    score: real('score'),
    /** CVSS vector string, e.g. "CVSS:3.1/AV:N/AC:L/...". */
    vector: text('vector'),
    /** The record the description came from: "osv:<OSV id>", or "seed" for the demo catalogue. */
    source: text('source').notNull().default('seed'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    modifiedAt: timestamp('modified_at', { withTimezone: true }),
    createdAt: createdAt()
  },
  (t) => [index('vulnerabilities_score_idx').on(t.score)]
)

/** A device package ↔ vulnerability match. score is copied so the packages page sorts on one table. */
export const packageFindings = pgTable(
  'package_findings',
  {
    ...deviceRow(),
    packageId: bigint('package_id', { mode: 'number' })
      .notNull()
      .references(() => devicePackages.id, { onDelete: 'cascade' }),
    vulnerabilityUid: uuid('vulnerability_uid')
      .notNull()
      .references(() => vulnerabilities.uid, { onDelete: 'cascade' }),
    score: real('score'),
    /** The package's name (device_packages.name), kept here so the rollups (finding-rollups.ts)
     * can still be decremented when a device's packages and findings go in one cascade. A trigger
     * fills it from device_packages when a writer leaves it empty. */
    packageName: text('package_name').notNull().default(''),
    /** Matched only through demo catalogue records (a demo device): shown as "Demo data". */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt()
  },
  (t) => [
    uniqueIndex('package_findings_package_vuln_idx').on(t.packageId, t.vulnerabilityUid),
    index('package_findings_device_idx').on(t.tenantUid, t.deviceUid, t.score),
    index('package_findings_vuln_idx').on(t.vulnerabilityUid)
  ]
)

export interface AssociatedAlert {
  elastic_rule_name: string
  elastic_alert_id: string
}

export const alerts = pgTable(
  'alerts',
  {
    ...ownedEntity(),
    /** Null when the device is gone; the alert stays for the record. */
    deviceUid: uuid('device_uid').references(() => devices.uid, { onDelete: 'set null' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('OPEN'),
    priority: text('priority').notNull(),
    /** Critical 4 … Low 1: sorts by severity, not alphabetically. */
    priorityRank: smallint('priority_rank').notNull(),
    indicator: text('indicator').notNull().default(''),
    description: text('description').notNull().default(''),
    recommendation: text('recommendation').notNull().default(''),
    summary: text('summary').notNull().default(''),
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull().default({}),
    associatedAlertIds: jsonb('associated_alert_ids').$type<AssociatedAlert[]>().notNull().default([]),
    mitreIds: jsonb('mitre_ids').$type<string[]>().notNull().default([]),
    model: text('model').notNull().default(''),
    elasticRuleId: text('elastic_rule_id').notNull().default(''),
    elasticAlertId: text('elastic_alert_id').notNull(),
    elasticRuleName: text('elastic_rule_name').notNull().default(''),
    elasticIndex: text('elastic_index').notNull().default(''),
    /** Elastic's kibana.alert.group.id (alerts of one sequence); ingest links alerts sharing it. */
    elasticGroupId: text('elastic_group_id').notNull().default(''),
    elasticAlertCreatedAt: timestamp('elastic_alert_created_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    check('alerts_status_chk', sql`${t.status} in ('OPEN', 'CLOSED')`),
    check('alerts_priority_chk', sql`${t.priority} in ('Critical', 'High', 'Medium', 'Low')`),
    // Associated alerts are resolved through this; ingest de-duplicates on it.
    uniqueIndex('alerts_tenant_elastic_id_idx').on(t.tenantUid, t.elasticAlertId),
    index('alerts_tenant_created_idx').on(t.tenantUid, t.elasticAlertCreatedAt, t.uid),
    // With uid, a page of one status (the list picks the page's uids first) is read from the index alone.
    index('alerts_tenant_status_created_idx').on(t.tenantUid, t.status, t.elasticAlertCreatedAt, t.uid),
    index('alerts_tenant_priority_idx').on(t.tenantUid, t.priorityRank, t.uid),
    // `-priority` (most severe first, uid ascending): read in order, with the time filter checked
    // in the index, instead of sorting every alert of the top priority.
    index('alerts_tenant_priority_desc_idx').on(t.tenantUid, t.priorityRank.desc().nullsFirst(), t.uid, t.elasticAlertCreatedAt),
    index('alerts_tenant_name_idx').on(t.tenantUid, t.name, t.uid),
    // One status by name (the triage list's OPEN alerts A–Z): a page's uids from the index alone.
    index('alerts_tenant_status_name_idx').on(t.tenantUid, t.status, t.name, t.uid),
    // A device's alerts newest first: the page's uids from the index alone.
    index('alerts_device_idx').on(t.tenantUid, t.deviceUid, t.elasticAlertCreatedAt, t.uid),
    // The list's rule filter (an exact rule name).
    index('alerts_tenant_rule_idx').on(t.tenantUid, t.elasticRuleName, t.elasticAlertCreatedAt),
    // The list's search (a substring ILIKE on name or description): trigram indexes (pg_trgm).
    index('alerts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('alerts_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    // A search's whole words (alert-search-words.ts): search_words() is created by migration 0030.
    index('alerts_search_words_idx').using('gin', sql`search_words(${t.name} || ' ' || ${t.description})`),
    index('alerts_tenant_group_idx')
      .on(t.tenantUid, t.elasticGroupId)
      .where(sql`${t.elasticGroupId} <> ''`)
  ]
)

/**
 * Enrolment secrets. Stored in clear on purpose: the spec's token list shows `token`, so the
 * console must be able to display it again to its own tenant (it only lets an agent register a
 * device, and can be disabled or deleted at any time).
 */
export const provisionTokens = pgTable(
  'provision_tokens',
  {
    ...ownedEntity(),
    name: text('name').notNull(),
    token: text('token').notNull().unique(),
    enabled: boolean('enabled').notNull().default(true),
    createdByUid: uuid('created_by_uid').references(() => users.uid, { onDelete: 'set null' }),
    /** Kept as text so the list still says who created it after that user is deleted. */
    createdByEmail: text('created_by_email').notNull().default(''),
    createdAt: createdAt()
  },
  (t) => [index('provision_tokens_tenant_created_idx').on(t.tenantUid, t.createdAt, t.uid)]
)

/** `prefix.secret` keys: the prefix finds the row, only SHA-256(secret) is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    ...ownedEntity(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    revoked: boolean('revoked').notNull().default(false),
    createdByUid: uuid('created_by_uid').references(() => users.uid, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt()
  },
  (t) => [index('api_keys_tenant_created_idx').on(t.tenantUid, t.createdAt, t.uid)]
)

/** Global catalogue of downloadable agent builds; artifacts are built from lib/detect/agents. */
export const agents = pgTable(
  'agents',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    deviceType: text('device_type').notNull(),
    architecture: text('architecture').notNull(),
    version: text('version').notNull(),
    createdAt: createdAt()
  },
  (t) => [
    check('agents_type_chk', sql`${t.deviceType} in ('linux', 'rtos')`),
    uniqueIndex('agents_build_idx').on(t.deviceType, t.architecture, t.version)
  ]
)

export interface SummaryCounts {
  devices: number
  linux: number
  rtos: number
  packages: number
  cves: number
  high_risk_cves: number
  /** Findings on known exploited (KEV) CVEs; absent in summaries written before KEV existed. */
  kev_cves?: number
  /** Findings that only the demo catalogue supports (demo devices). */
  demo_findings?: number
  open_alerts: number
  closed_alerts: number
}

export interface WorstFinding {
  device_uid: string
  hostname: string
  cve_id: string
  score: number | null
  package: string
}

export const summaries = pgTable(
  'summaries',
  {
    ...ownedEntity(),
    text: text('text').notNull(),
    counts: jsonb('counts').$type<SummaryCounts>().notNull(),
    worstFindings: jsonb('worst_findings').$type<WorstFinding[]>().notNull().default([]),
    createdAt: createdAt()
  },
  (t) => [index('summaries_tenant_created_idx').on(t.tenantUid, t.createdAt)]
)

export type Device = typeof devices.$inferSelect
export type Alert = typeof alerts.$inferSelect
