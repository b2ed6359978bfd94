import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { tenants, users, type Tenant, type User } from '../db/schema/index.js'
import { hashPassword, verifyDummyPassword, verifyPassword } from './password.js'
import { passwordProblem } from '../password-policy.js'
import { revokeUserSessions, sessionsRevoked } from './sessions.js'
import { isUuid } from './tenant-scope.js'

/** A mistake in what the caller asked for; its message is safe to show as is. */
export class InputError extends Error {
  override name = 'InputError'
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

export function checkEmail(email: string): void {
  if (!EMAIL_PATTERN.test(normalizeEmail(email))) throw new InputError('Please enter a valid email address.')
}

/** The password policy (src/password-policy.ts) for a password being set, for this email if known. */
export function checkPassword(password: string, email?: string): void {
  const problem = passwordProblem(password, email)
  if (problem !== undefined) throw new InputError(problem)
}

/** `demo` only for the seed's own tenants: `remove-demo` deletes those whole. */
export async function createTenant(db: Db, name: string, { demo = false }: { demo?: boolean } = {}): Promise<Tenant> {
  const trimmed = name.trim()
  if (trimmed === '') throw new InputError('Tenant name must not be blank.')
  const [tenant] = await db.insert(tenants).values({ name: trimmed, demo }).returning()
  return tenant!
}

export async function findTenant(db: Db, uid: string): Promise<Tenant | undefined> {
  if (!isUuid(uid)) return undefined
  const [tenant] = await db.select().from(tenants).where(eq(tenants.uid, uid))
  return tenant
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
  return user
}

/**
 * The user these sign-in credentials belong to, or null. An unknown email costs a password check
 * too, so the answer's timing does not tell which emails exist.
 */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<{ uid: string } | null> {
  const [user] = await db
    .select({ uid: users.uid, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
  const ok = user === undefined ? await verifyDummyPassword(password) : await verifyPassword(password, user.passwordHash)
  return ok && user !== undefined ? { uid: user.uid } : null
}

export async function createUser(db: Db, input: { tenantUid: string; email: string; password: string }): Promise<User> {
  const email = normalizeEmail(input.email)
  checkEmail(email)
  checkPassword(input.password, email)
  if ((await findTenant(db, input.tenantUid)) === undefined) throw new InputError(`No tenant with uid ${input.tenantUid}.`)
  if ((await findUserByEmail(db, email)) !== undefined) throw new InputError(`A user with email ${email} already exists.`)
  const passwordHash = await hashPassword(input.password)
  const [user] = await db
    .insert(users)
    .values({ tenantUid: input.tenantUid, email, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning()
  if (user === undefined) throw new InputError(`A user with email ${email} already exists.`)
  return user
}

/** Sets a new password and signs the user out everywhere. */
export async function resetPassword(db: Db, emailInput: string, password: string): Promise<User> {
  const email = normalizeEmail(emailInput)
  checkPassword(password, email)
  const passwordHash = await hashPassword(password)
  const user = await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ passwordHash }).where(eq(users.email, email)).returning()
    if (row === undefined) throw new InputError(`No user with email ${email}.`)
    await revokeUserSessions(tx, row.uid)
    return row
  })
  sessionsRevoked({ userUid: user.uid })
  return user
}
