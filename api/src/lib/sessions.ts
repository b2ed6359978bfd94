import { randomUUID } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { accessTokens, refreshTokens, tenants, users } from '../db/schema/index.js'
import { hashToken, randomToken } from './tokens.js'

export interface SessionTtl {
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
}

export interface IssuedSession {
  familyId: string
  accessToken: string
  refreshToken: string
  remember: boolean
}

/** The signed-in user of a live session (`request.user`). */
export interface SessionUser {
  uid: string
  email: string
  tenantUid: string
  tenantName: string
  /** The refresh-token family of this session; logout revokes it. */
  familyId: string
}

const inSeconds = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`

async function insertTokens(
  db: Db,
  userUid: string,
  familyId: string,
  remember: boolean,
  ttl: SessionTtl
): Promise<IssuedSession> {
  const accessToken = randomToken()
  const refreshToken = randomToken()
  await db.insert(refreshTokens).values({
    familyId,
    userUid,
    remember,
    tokenHash: hashToken(refreshToken),
    expiresAt: inSeconds(ttl.refreshTokenTtlSeconds)
  })
  await db.insert(accessTokens).values({
    familyId,
    userUid,
    tokenHash: hashToken(accessToken),
    expiresAt: inSeconds(ttl.accessTokenTtlSeconds)
  })
  return { familyId, accessToken, refreshToken, remember }
}

/** A fresh session (new refresh-token family) after a successful sign-in. */
export function startSession(db: Db, userUid: string, remember: boolean, ttl: SessionTtl): Promise<IssuedSession> {
  return db.transaction((tx) => insertTokens(tx, userUid, randomUUID(), remember, ttl))
}

export type RotateResult = { status: 'ok'; session: IssuedSession } | { status: 'reused' } | { status: 'invalid' }

/**
 * Rotates a refresh token. Claiming the token is ONE conditional UPDATE, so of two concurrent
 * refreshes with the same token exactly one wins; a token presented after it was used means it
 * leaked, and the whole family is revoked.
 */
export async function rotateRefreshToken(db: Db, presented: string, ttl: SessionTtl): Promise<RotateResult> {
  const tokenHash = hashToken(presented)
  const result = await db.transaction(async (tx): Promise<RotateResult | { status: 'check' }> => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`)
        )
      )
      .returning({ familyId: refreshTokens.familyId, userUid: refreshTokens.userUid, remember: refreshTokens.remember })
    if (claimed === undefined) return { status: 'check' }
    const session = await insertTokens(tx, claimed.userUid, claimed.familyId, claimed.remember, ttl)
    return { status: 'ok', session }
  })
  if (result.status !== 'check') return result

  const [known] = await db
    .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
  if (known?.usedAt != null) {
    await revokeFamily(db, known.familyId)
    return { status: 'reused' }
  }
  return { status: 'invalid' }
}

/** What a revocation covers: one session (refresh-token family) or every session of a user. */
export type Revocation = { familyId: string } | { userUid: string }

const revocationListeners = new Set<(revoked: Revocation) => void>()

/** Session caches of this process subscribe here; the answer unsubscribes. */
export function onSessionsRevoked(listener: (revoked: Revocation) => void): () => void {
  revocationListeners.add(listener)
  return () => {
    revocationListeners.delete(listener)
  }
}

/**
 * Tells this process's session caches that sessions died. Call it AFTER the revoking write
 * committed (a check that read the database before the commit must not be cached).
 */
export function sessionsRevoked(revoked: Revocation): void {
  for (const listener of revocationListeners) listener(revoked)
}

/** Revokes the live refresh and access tokens a revocation covers. */
async function revokeTokens(db: Db, revoked: Revocation): Promise<void> {
  const live = (table: typeof refreshTokens | typeof accessTokens) =>
    and(
      'familyId' in revoked ? eq(table.familyId, revoked.familyId) : eq(table.userUid, revoked.userUid),
      isNull(table.revokedAt)
    )
  for (const table of [refreshTokens, accessTokens]) {
    await db
      .update(table)
      .set({ revokedAt: sql`now()` })
      .where(live(table))
  }
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.transaction((tx) => revokeTokens(tx, { familyId }))
  sessionsRevoked({ familyId })
}

/**
 * Signs a user out everywhere (password reset). Inside a transaction, call
 * `sessionsRevoked({ userUid })` again once it committed.
 */
export async function revokeUserSessions(db: Db, userUid: string): Promise<void> {
  await revokeTokens(db, { userUid })
  sessionsRevoked({ userUid })
}

/** The family a refresh token belongs to, whatever its state (for logout). */
export async function refreshTokenFamily(db: Db, presented: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)))
  return row?.familyId
}

export interface LiveAccessToken {
  user: SessionUser
  expiresAt: Date
}

/** The signed-in user behind a live access token (by the token's digest, `hashToken`), or undefined. */
export async function findAccessToken(db: Db, tokenHash: string): Promise<LiveAccessToken | undefined> {
  const [row] = await db
    .select({
      uid: users.uid,
      email: users.email,
      tenantUid: users.tenantUid,
      tenantName: tenants.name,
      familyId: accessTokens.familyId,
      expiresAt: accessTokens.expiresAt
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.uid, accessTokens.userUid))
    .innerJoin(tenants, eq(tenants.uid, users.tenantUid))
    .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, sql`now()`)))
  if (row === undefined) return undefined
  const { expiresAt, ...user } = row
  // Frozen: a cached session is shared by every request that presents the token.
  return Object.freeze({ user: Object.freeze(user), expiresAt })
}
