import { date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core'
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
