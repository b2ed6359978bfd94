import { date, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core'
import { tenantUid } from './tenant-owned.js'

// Counts kept by statement triggers (migration 0024) in the same transaction as each write, so
// the dashboard and the summary do not count a million alerts or twenty million packages.

/** Packages per tenant and ecosystem ('' = no feed covers them). */
export const packageEcosystemRollups = pgTable(
  'package_ecosystem_rollups',
  {
    tenantUid: tenantUid(),
    ecosystem: text('ecosystem').notNull(),
    packages: integer('packages').notNull()
  },
  (t) => [primaryKey({ columns: [t.tenantUid, t.ecosystem] })]
)

/**
 * Packages per device and ecosystem (a device's feed coverage, device detail): one row per
 * ecosystem instead of reading the device's ~2,000 package rows. No foreign key to the device: the
 * trigger counts its packages down as they cascade, and the row goes when its count reaches 0.
 */
export const deviceEcosystemRollups = pgTable(
  'device_ecosystem_rollups',
  {
    tenantUid: tenantUid(),
    deviceUid: uuid('device_uid').notNull(),
    ecosystem: text('ecosystem').notNull(),
    packages: integer('packages').notNull()
  },
  (t) => [primaryKey({ columns: [t.tenantUid, t.deviceUid, t.ecosystem] })]
)

/** Alerts per tenant, status, priority and UTC day of creation (the dashboard's chart of open alerts by day). */
export const alertRollups = pgTable(
  'alert_rollups',
  {
    tenantUid: tenantUid(),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    /** Follows from priority (alerts.priority_rank): the chart's order. */
    priorityRank: smallint('priority_rank').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    alerts: integer('alerts').notNull()
  },
  (t) => [primaryKey({ columns: [t.tenantUid, t.status, t.priority, t.priorityRank, t.day] })]
)
