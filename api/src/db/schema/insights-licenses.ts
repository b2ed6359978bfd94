import { sql } from 'drizzle-orm'
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { actorCheck, actorColumns } from './audit.js'
import { tenantUid } from './tenant-owned.js'

// INSIGHTS license policy: the SPDX ids a tenant denies (one row per tenant, none until set).

export const insightLicensePolicies = pgTable(
  'insight_license_policies',
  {
    tenantUid: tenantUid().primaryKey(),
    denied: text('denied')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...actorColumns(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [check('insight_license_policies_actor_chk', actorCheck(t.actorKind))]
)
