import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.js'

export const tenants = pgTable('tenants', {
  uid: uuid('uid').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Created by the demo seed: `remove-demo` deletes it with everything in it. */
  demo: boolean('demo').notNull().default(false),
  createdAt: createdAt()
})

export const users = pgTable(
  'users',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    tenantUid: uuid('tenant_uid')
      .notNull()
      .references(() => tenants.uid, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt()
  },
  (t) => [
    index('users_tenant_uid_idx').on(t.tenantUid),
    // Emails are compared lower-cased everywhere; the constraint keeps a stray insert honest.
    check('users_email_lower_chk', sql`${t.email} = lower(${t.email})`)
  ]
)

/** What refresh and access token rows share: the family (one sign-in), the user, the secret's hash. */
const tokenColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  familyId: uuid('family_id').notNull(),
  userUid: uuid('user_uid')
    .notNull()
    .references(() => users.uid, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique()
})

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    ...tokenColumns(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt()
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userUid)]
)

export const accessTokens = pgTable(
  'access_tokens',
  {
    ...tokenColumns(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt()
  },
  (t) => [index('access_tokens_family_idx').on(t.familyId), index('access_tokens_user_idx').on(t.userUid)]
)

/**
 * Failed sign-ins (src/lib/login-limiter.ts): `ip:<addr>` counts per client IP in fixed windows
 * (the spray ceiling); `pair:<addr> <account hash>` counts per (client IP, account) and delays
 * the pair's next attempt after its last failure.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow()
})

/**
 * Secrets the server makes for itself (`src/lib/server-secrets.ts`), e.g. `csrf`: the HMAC key of
 * the CSRF tokens. In the database so every process on one PostgreSQL shares them.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt()
})

export type Tenant = typeof tenants.$inferSelect
export type User = typeof users.$inferSelect
