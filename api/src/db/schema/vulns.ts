import { sql } from 'drizzle-orm'
import { bigserial, boolean, index, jsonb, pgTable, primaryKey, real, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { vulnerabilities } from './detect.js'

/**
 * The vulnerability feed as imported: one row per OSV record (DSA-…, USN-…, GHSA-…, CVE-…), its
 * affected packages, and the CVE rows (`vulnerabilities`) it speaks for. A record maps to several
 * CVEs (a Debian advisory fixes many) and a CVE to several records (Debian, Ubuntu, GHSA), so the
 * link table is many-to-many and each CVE row is re-derived from all of its records.
 */
export const osvRecords = pgTable(
  'osv_records',
  {
    /** The OSV id; "DEMO-<CVE id>" for the demo catalogue the seed writes. */
    id: text('id').primaryKey(),
    summary: text('summary').notNull().default(''),
    details: text('details').notNull().default(''),
    /** CVSS base score computed from `vector` (the demo catalogue stores NVD's score without one). */
    score: real('score'),
    vector: text('vector'),
    /** The record's own `aliases` and `upstream` ids. */
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    /** OSV `references[]` ({type, url}) with an http(s) URL: the advisories an SBOM analysis lists. */
    links: jsonb('links').$type<Array<{ type: string; url: string }>>().notNull().default([]),
    /** CWE numbers from `database_specific.cwe_ids` (GitHub advisories carry them). */
    cwes: jsonb('cwes').$type<number[]>().notNull().default([]),
    /** Where it was read: a file path, "<zip>!<member>", "<feed>!<member>" for a sync, or "seed". */
    source: text('source').notNull(),
    /** The demo catalogue (DEMO-…): matched only against demo devices and demo SBOMs. */
    demo: boolean('demo').notNull().default(false),
    /** The synced feeds whose latest snapshot holds this record ("osv:Debian"); empty for file imports. */
    feeds: text('feeds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    modifiedAt: timestamp('modified_at', { withTimezone: true }),
    /** OSV `withdrawn`: kept for the record, never matched. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index('osv_records_feeds_idx').using('gin', t.feeds),
    // The demo catalogue's few hundred rows, counted by Settings › Vulnerability feed: without it
    // that count read the whole table (a real feed's 200,000 records: 0.3-2.8 s during a sync).
    index('osv_records_demo_idx')
      .on(t.id)
      .where(sql`${t.demo}`)
  ]
)

/**
 * Which CVE rows a record speaks for. relation ranks how directly: 2 the record is that CVE's own
 * (CVE-…, DEBIAN-CVE-…, UBUNTU-CVE-…, ALPINE-CVE-…), 1 through `aliases`/`upstream`, 0 listed as
 * `related` by an advisory that names no CVE otherwise (older DSA/DLA, USN).
 */
export const osvRecordVulnerabilities = pgTable(
  'osv_record_vulnerabilities',
  {
    osvId: text('osv_id')
      .notNull()
      .references(() => osvRecords.id, { onDelete: 'cascade' }),
    vulnerabilityUid: uuid('vulnerability_uid')
      .notNull()
      .references(() => vulnerabilities.uid, { onDelete: 'cascade' }),
    relation: smallint('relation').notNull()
  },
  (t) => [
    primaryKey({ columns: [t.osvId, t.vulnerabilityUid] }),
    index('osv_record_vulnerabilities_vuln_idx').on(t.vulnerabilityUid)
  ]
)

/** OSV `affected[]` entries of a record: what the matcher compares device packages against. */
export const vulnerabilityAffected = pgTable(
  'vulnerability_affected',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    osvId: text('osv_id')
      .notNull()
      .references(() => osvRecords.id, { onDelete: 'cascade' }),
    /** The matching key of the OSV ecosystem (lib/vulns/ecosystems.ts): "Debian:12", "Red Hat:9", "npm". */
    ecosystem: text('ecosystem').notNull(),
    /** Source package name for Debian/Alpine/Ubuntu, the package name elsewhere. */
    packageName: text('package_name').notNull(),
    /** OSV `ranges[]` of type ECOSYSTEM or SEMVER (type + events: introduced / fixed / last_affected / limit). */
    ranges: jsonb('ranges').$type<unknown[]>().notNull().default([]),
    /** OSV `versions[]`: explicit affected versions. */
    versions: jsonb('versions').$type<string[]>().notNull().default([]),
    /** Copied from the record: real devices and uploads skip demo rows without a join. */
    demo: boolean('demo').notNull().default(false)
  },
  (t) => [
    index('vulnerability_affected_package_idx').on(t.ecosystem, t.packageName),
    index('vulnerability_affected_osv_idx').on(t.osvId)
  ]
)
