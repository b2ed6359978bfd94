import { sql } from 'drizzle-orm'
import { bigserial, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.js'
import { alerts } from './detect.js'
import { tenantUid } from './tenant-owned.js'

// The trail of who changed what: alert status changes, and the life of provision tokens and API
// keys. Rows are only ever inserted. The actor is kept as text (kind, uid, label) and not as a
// foreign key, so the trail still says who acted after that user or key is deleted.

/** Who acted: a signed-in console user, a tenant API key, or the console itself (CLI, seed). */
export const actorColumns = () => ({
  actorKind: text('actor_kind').notNull(),
  /** The user's or the API key's uid; null for the console itself. */
  actorUid: uuid('actor_uid'),
  /** The user's email, or `API key <name> (<prefix>)`, as it read when the change was made. */
  actorLabel: text('actor_label').notNull().default('')
})

export const actorCheck = (kind: { name: string }) => sql`${kind} in ('user', 'api-key', 'system')`

/** One row per change of an alert's status (a PATCH, or one alert of a bulk change). */
export const alertStatusHistory = pgTable(
  'alert_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantUid: tenantUid(),
    /** The alert's history goes with it. */
    alertUid: uuid('alert_uid')
      .notNull()
      .references(() => alerts.uid, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** The analyst's optional note (≤ 1000 characters, checked by the route); '' when none. */
    comment: text('comment').notNull().default(''),
    ...actorColumns(),
    createdAt: createdAt()
  },
  (t) => [
    check('alert_status_history_from_chk', sql`${t.fromStatus} in ('OPEN', 'CLOSED')`),
    check('alert_status_history_to_chk', sql`${t.toStatus} in ('OPEN', 'CLOSED')`),
    check('alert_status_history_actor_chk', actorCheck(t.actorKind)),
    index('alert_status_history_alert_idx').on(t.tenantUid, t.alertUid, t.createdAt, t.id)
  ]
)

/**
 * One row per event in the life of a tenant credential (a provision token or an API key): created,
 * renamed, enabled, disabled (an API key revoked), deleted. The credential's uid and name are
 * copied, so the trail of a deleted one stays readable.
 */
export const credentialEvents = pgTable(
  'credential_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantUid: tenantUid(),
    credentialKind: text('credential_kind').notNull(),
    credentialUid: uuid('credential_uid').notNull(),
    /** The credential's name when the event happened (after a rename: the new one). */
    credentialName: text('credential_name').notNull(),
    action: text('action').notNull(),
    /** What a rename changed (`"old" → "new"`); '' otherwise. */
    detail: text('detail').notNull().default(''),
    ...actorColumns(),
    createdAt: createdAt()
  },
  (t) => [
    check('credential_events_kind_chk', sql`${t.credentialKind} in ('provision-token', 'api-key')`),
    check('credential_events_action_chk', sql`${t.action} in ('created', 'renamed', 'enabled', 'disabled', 'deleted')`),
    check('credential_events_actor_chk', actorCheck(t.actorKind)),
    index('credential_events_tenant_idx').on(t.tenantUid, t.credentialKind, t.createdAt, t.id),
    index('credential_events_credential_idx').on(t.tenantUid, t.credentialUid, t.createdAt, t.id)
  ]
)
