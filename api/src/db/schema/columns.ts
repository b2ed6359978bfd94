import { timestamp } from 'drizzle-orm/pg-core'

// Column helpers every area's tables share (not tables: index.ts does not re-export them).

/** When the row was inserted, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
