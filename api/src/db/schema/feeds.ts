import { check, date, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'

/**
 * The vulnerability feeds the console keeps: where each comes from and how its last sync went
 * (what Settings › Vulnerability feed shows), CISA's Known Exploited Vulnerabilities catalogue,
 * FIRST's EPSS scores, and the staging tables a sync fills before it switches in one transaction.
 */

/**
 * One row per feed: "osv:<ecosystem>" (osv.dev's per-ecosystem all.zip), "kev", "epss", and
 * "file:osv" for records imported from files with `import-osv`.
 */
export const feedSources = pgTable('feed_sources', {
  name: text('name').primaryKey(),
  /** osv | kev | epss | file */
  kind: text('kind').notNull(),
  /** The OSV ecosystem an osv feed downloads ("Debian", "PyPI"); null for the others. */
  ecosystem: text('ecosystem'),
  url: text('url'),
  /** Validators of the last download, sent back as If-None-Match / If-Modified-Since. */
  etag: text('etag'),
  lastModified: text('last_modified'),
  /** SHA-256 of the last file imported: an unchanged file is not imported again. */
  sha256: text('sha256'),
  /** Records (OSV), entries (KEV) or scores (EPSS) in the current copy. */
  records: integer('records').notNull().default(0),
  /** KEV catalogVersion, EPSS model version. */
  version: text('version'),
  /** KEV dateReleased, EPSS score_date: the date of the data itself. */
  releasedAt: timestamp('released_at', { withTimezone: true }),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  /** Last sync that ended well (whether or not anything had changed). */
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  /** Last sync that changed the stored copy. */
  lastChangedAt: timestamp('last_changed_at', { withTimezone: true }),
  /** Null after a sync that ended well. */
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  /**
   * Set while a stepwise switch (PGlite) applies an update in short transactions, cleared when it
   * ends well: still set after a stop means the copy is partly updated until the next sync.
   */
  applyingSince: timestamp('applying_since', { withTimezone: true })
})

/**
 * Advisories loaded per matching ecosystem key ("Debian:12", "npm"): what a device or SBOM page
 * says about coverage. Rewritten after every import and sync (a group-by over the affected rows
 * would cost too much on every page).
 */
export const feedEcosystems = pgTable('feed_ecosystems', {
  ecosystem: text('ecosystem').primaryKey(),
  /** Real (non-demo) records with an affected entry in this ecosystem. */
  records: integer('records').notNull().default(0),
  /** Demo catalogue records in it: cover demo devices and demo SBOMs only. */
  demoRecords: integer('demo_records').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
})

/** CISA KEV: one row per CVE in the catalogue (replaced whole by each sync or import-kev). */
export const kevEntries = pgTable('kev_entries', {
  cveId: text('cve_id').primaryKey(),
  vendorProject: text('vendor_project').notNull().default(''),
  product: text('product').notNull().default(''),
  vulnerabilityName: text('vulnerability_name').notNull().default(''),
  dateAdded: date('date_added', { mode: 'string' }),
  shortDescription: text('short_description').notNull().default(''),
  requiredAction: text('required_action').notNull().default(''),
  dueDate: date('due_date', { mode: 'string' }),
  /** CISA's knownRansomwareCampaignUse: "Known" or "Unknown". */
  knownRansomwareCampaignUse: text('known_ransomware_campaign_use').notNull().default('Unknown'),
  notes: text('notes').notNull().default(''),
  cwes: jsonb('cwes').$type<string[]>().notNull().default([])
})

/** FIRST EPSS: probability of exploitation in the next 30 days, and its percentile, per CVE. */
export const epssScores = pgTable('epss_scores', {
  cveId: text('cve_id').primaryKey(),
  epss: real('epss').notNull(),
  percentile: real('percentile').notNull()
})

/**
 * OSV records of a sync in progress, written in small transactions while the download is read
 * (only the records that are new or changed), then applied to the live tables in one
 * transaction. A failed or interrupted sync leaves its rows here, never in the live feed; the
 * next sync of the same feed clears them.
 */
export const osvStaging = pgTable(
  'osv_staging',
  {
    feed: text('feed').notNull(),
    id: text('id').notNull(),
    /** Where it was read: "<feed>!<member>". */
    source: text('source').notNull(),
    /** The OSV record as parsed (lib/vulns/osv-record.ts), as JSON. */
    record: jsonb('record').notNull()
  },
  (t) => [primaryKey({ columns: [t.feed, t.id] })]
)

/** Ids present in the snapshot being synced (changed or not): what is absent is removed at the switch. */
export const osvStagingSeen = pgTable(
  'osv_staging_seen',
  {
    feed: text('feed').notNull(),
    id: text('id').notNull()
  },
  (t) => [primaryKey({ columns: [t.feed, t.id] })]
)

/** EPSS scores of a sync in progress; swapped into epss_scores once the whole file is staged. */
export const epssStaging = pgTable('epss_staging', {
  cveId: text('cve_id').primaryKey(),
  epss: real('epss').notNull(),
  percentile: real('percentile').notNull()
})

/**
 * What a change of OSV records still has to re-match: the package names whose affected rows
 * changed, the CVE rows re-derived, and those left orphaned. Written in the switch's last step (the
 * same transaction that records the new copy) and emptied only when the re-match finished, so a
 * server stopped mid re-match leaves the work here and the next sync does it, even when the feed
 * itself has not changed since.
 */
export const feedRematchQueue = pgTable(
  'feed_rematch_queue',
  {
    /** package | vulnerability | orphan */
    kind: text('kind').notNull(),
    /** A package name (as the feed names it) or a vulnerabilities.uid. */
    key: text('key').notNull(),
    /** Queued again moves it: a re-match only removes the entries it read as they were. */
    queuedAt: timestamp('queued_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`)
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    check('feed_rematch_queue_kind_chk', sql`${t.kind} in ('package', 'vulnerability', 'orphan')`)
  ]
)
