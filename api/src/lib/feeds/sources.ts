import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import type { Validators } from './download.js'

/**
 * feed_sources: one row per feed ("osv:Debian", "kev", "epss", "file:osv") with the validators
 * of its last download and how its last sync went (Settings › Vulnerability feed).
 */

export type FeedKind = 'osv' | 'kev' | 'epss' | 'file'

export interface FeedIdentity {
  name: string
  kind: FeedKind
  ecosystem: string | null
  url: string | null
}

export interface StoredValidators extends Validators {
  sha256: string | null
}

/** Notes an attempt (creating the row on first use) and answers the validators of the last download. */
export async function markAttempt(db: Db, feed: FeedIdentity): Promise<StoredValidators> {
  const [row] = rowsOf<{ etag: string | null; last_modified: string | null; sha256: string | null; url: string | null }>(
    await db.execute(sql`
    INSERT INTO feed_sources (name, kind, ecosystem, url, last_attempt_at) VALUES (${feed.name}, ${feed.kind}, ${feed.ecosystem}, ${feed.url}, now())
    ON CONFLICT (name) DO UPDATE SET kind = excluded.kind, ecosystem = excluded.ecosystem, url = excluded.url, last_attempt_at = now()
    RETURNING etag, last_modified, sha256`)
  )
  return { etag: row?.etag ?? null, lastModified: row?.last_modified ?? null, sha256: row?.sha256 ?? null }
}

/** A sync that ended well without changing anything (304, or the same file again). */
export async function markUnchanged(db: Db, name: string, validators?: Validators): Promise<void> {
  await db.execute(sql`UPDATE feed_sources SET last_success_at = now(), last_error = NULL, last_error_at = NULL
    ${validators === undefined ? sql`` : sql`, etag = ${validators.etag}, last_modified = ${validators.lastModified}`}
    WHERE name = ${name}`)
}

/**
 * A stepwise switch (PGlite) begins: until markSuccess, readers may see the feed partly updated,
 * and Settings says so.
 */
export async function markApplying(db: Db, name: string): Promise<void> {
  await db.execute(sql`UPDATE feed_sources SET applying_since = now() WHERE name = ${name}`)
}

/** Whether an earlier stepwise switch of this feed stopped midway (see osv-switch.ts). */
export async function isPartlyApplied(db: Db, name: string): Promise<boolean> {
  const [row] = rowsOf<{ applying: boolean }>(
    await db.execute(sql`SELECT applying_since IS NOT NULL AS applying FROM feed_sources WHERE name = ${name}`)
  )
  return row?.applying === true
}

export async function markFailed(db: Db, name: string, message: string): Promise<void> {
  await db.execute(sql`UPDATE feed_sources SET last_error = ${message}, last_error_at = now() WHERE name = ${name}`)
}

export interface ChangedFeed {
  validators: Validators | null
  sha256: string | null
  records: number
  version?: string | null
  releasedAt?: Date | null
  /** Whether the stored copy changed (else only the validators and the success time move). */
  changed: boolean
}

/**
 * A sync or file import that ended well; call it inside the transaction that switched the data,
 * last (clock_timestamp(): now() would be when that transaction began).
 */
export async function markSuccess(tx: Db, name: string, feed: ChangedFeed): Promise<void> {
  await tx.execute(sql`UPDATE feed_sources SET etag = ${feed.validators?.etag ?? null}, last_modified = ${feed.validators?.lastModified ?? null},
    sha256 = ${feed.sha256}, records = ${feed.records},
    ${feed.version === undefined ? sql`` : sql`version = ${feed.version}, released_at = ${feed.releasedAt?.toISOString() ?? null},`}
    last_success_at = clock_timestamp(), last_changed_at = ${feed.changed ? sql`clock_timestamp()` : sql`last_changed_at`}, last_error = NULL, last_error_at = NULL,
    applying_since = NULL
    WHERE name = ${name}`)
}
