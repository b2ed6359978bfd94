import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { tenantUid } from './tenant-owned.js'

// Counts kept by statement triggers (migration 0022) in the same transaction as each write, so
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

/** Alerts per tenant, status and priority. */
export const alertRollups = pgTable(
  'alert_rollups',
  {
    tenantUid: tenantUid(),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    alerts: integer('alerts').notNull()
  },
  (t) => [primaryKey({ columns: [t.tenantUid, t.status, t.priority] })]
)
