import { uuid } from 'drizzle-orm/pg-core'
import { tenants } from './auth.js'

// Apart from columns.ts because it needs `tenants`, and auth.ts (which defines it) uses columns.ts.

/** The owning tenant of a tenant-owned row: deleting the tenant deletes the row. */
export const tenantUid = () =>
  uuid('tenant_uid')
    .notNull()
    .references(() => tenants.uid, { onDelete: 'cascade' })

/** The key columns of a tenant-owned entity the API names by uid (a device, an alert, a report...). */
export const ownedEntity = () => ({
  uid: uuid('uid').primaryKey().defaultRandom(),
  tenantUid: tenantUid()
})
