import { uuid } from 'drizzle-orm/pg-core'
import { tenants } from './auth.js'

// Apart from columns.ts because it needs `tenants`, and auth.ts (which defines it) uses columns.ts.

/** The owning tenant of a tenant-owned row: deleting the tenant deletes the row. */
export const tenantUid = () =>
  uuid('tenant_uid')
    .notNull()
    .references(() => tenants.uid, { onDelete: 'cascade' })
