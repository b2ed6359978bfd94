import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { tenants } from '../db/schema/index.js'
import { checkPassword, createTenant, createUser, findUserByEmail } from './accounts.js'
import { DEMO_PLAN, ensureDemoFeed, OTHER_PLAN, seedDetectTenant } from './detect/seed.js'
import { seedHoneynet } from './honeypot/seed.js'
import { DEMO_REPORTS, OTHER_REPORTS, seedInsightReports } from './insights/seed.js'
import { randomPassword } from './tokens.js'

export const DEMO_TENANT_NAME = 'Demo Tenant'
export const DEMO_EMAIL = 'demo@example.com'
export const OTHER_TENANT_NAME = 'Isolation Tenant'
export const OTHER_EMAIL = 'other@example.com'

export interface SeededAccount {
  email: string
  tenantName: string
  tenantUid: string
  userUid: string
  /** Set only when the account was created by this run. */
  password?: string
  passwordFromEnv: boolean
  created: boolean
}

export interface SeedOptions {
  demoPassword?: string | undefined
  otherPassword?: string | undefined
  /** The 14-day honeynet history (a few seconds on PGlite); API tests that do not need it skip it. */
  honeynet?: boolean
  /** DETECT devices, packages, alerts, tokens and keys (about a second); tests opt in. */
  detect?: boolean
  /** Insight reports with real SBOMs and an audit (a fraction of a second); tests opt in. */
  insights?: boolean
}

export interface SeedResult {
  demo: SeededAccount
  other: SeededAccount
}

async function ensureAccount(db: Db, tenantName: string, email: string, fromEnv: string | undefined): Promise<SeededAccount> {
  const existing = await findUserByEmail(db, email)
  if (existing !== undefined) {
    return { email, tenantName, tenantUid: existing.tenantUid, userUid: existing.uid, passwordFromEnv: false, created: false }
  }
  const password = fromEnv ?? randomPassword()
  checkPassword(password, email) // before the tenant exists: a refused password leaves nothing behind
  const tenant = await createTenant(db, tenantName, { demo: true })
  const user = await createUser(db, { tenantUid: tenant.uid, email, password })
  return {
    email,
    tenantName,
    tenantUid: tenant.uid,
    userUid: user.uid,
    password,
    passwordFromEnv: fromEnv !== undefined,
    created: true
  }
}

/**
 * Idempotent demo data: the demo tenant and a second tenant used to show isolation. Later issues
 * extend this with devices, alerts, reports and so on for the demo tenant.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const demo = await ensureAccount(db, DEMO_TENANT_NAME, DEMO_EMAIL, options.demoPassword)
  const other = await ensureAccount(db, OTHER_TENANT_NAME, OTHER_EMAIL, options.otherPassword)
  if (options.honeynet !== false) await seedHoneynet(db)
  // The demo vulnerability feed, loaded once by whichever part seeds first: DETECT matches the
  // devices' packages against it, INSIGHTS analyses the demo SBOMs.
  let feed: Promise<void> | undefined
  const ensureFeed = async (): Promise<void> => await (feed ??= ensureDemoFeed(db))
  if (options.detect !== false) {
    await seedDetectTenant(db, demo.tenantUid, { uid: demo.userUid, email: demo.email }, DEMO_PLAN, ensureFeed)
    await seedDetectTenant(db, other.tenantUid, { uid: other.userUid, email: other.email }, OTHER_PLAN, ensureFeed)
  }
  if (options.insights !== false) {
    await seedInsightReports(db, demo.tenantUid, DEMO_REPORTS, { ensureFeed })
    await seedInsightReports(db, other.tenantUid, OTHER_REPORTS, { ensureFeed })
  }
  return { demo, other }
}

export async function hasTenants(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants)
  return (row?.n ?? 0) > 0
}

/** One line per account created by a seed run, saying how to sign in. */
export function describeSeededAccount(account: SeededAccount): string | undefined {
  if (!account.created) return undefined
  const password = account.passwordFromEnv
    ? `(password from ${account.email === DEMO_EMAIL ? 'CONSOLE_DEMO_PASSWORD' : 'CONSOLE_OTHER_PASSWORD'})`
    : account.password
  return `Created tenant "${account.tenantName}" (${account.tenantUid}) with user ${account.email}, password ${password}`
}
