import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { sql, type SQL } from 'drizzle-orm'
import postgres from 'postgres'
import { loadConfig, type Config } from '../src/config.js'
import { databaseTarget, migrationsFolder, openDatabase, type Database, type Db, type PostgresLimits } from '../src/db/client.js'
import { rowsOf } from '../src/lib/sql-rows.js'
import type { SeedResult } from '../src/lib/seed.js'

export const DEMO_PASSWORD = 'demo-password'

/**
 * A parsed JSON document (an SBOM, a fixture) that a test walks freely, as it walks the `any` of
 * `response.json()`: typing every third-party shape would say nothing the assertions do not.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as explained above
export type Json = Record<string, any>
export const OTHER_PASSWORD = 'other-password'

/**
 * The plan PostgreSQL picks for `query` with the named planner methods off (`enable_<method>`):
 * with sequential scans (and sorts) made dear, a plan that still has them has no index to use.
 */
export async function queryPlan(db: Db, query: SQL, off: Array<'seqscan' | 'sort'> = ['seqscan']): Promise<string> {
  return await db.transaction(async (tx) => {
    for (const method of off) await tx.execute(sql.raw(`set local enable_${method} = off`))
    return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${query}`))
      .map((row) => row['QUERY PLAN'])
      .join('\n')
  })
}

export const usingPostgres = (): boolean => Boolean(process.env.DATABASE_URL)

const tempDirs: string[] = []
// PGlite folders weigh tens of MB: remove every temp folder when the test file's process ends.
process.on('exit', () => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
})

export function tempDir(prefix = 'console-api-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  tempDirs.push(dir)
  return dir
}

export interface TestDatabase {
  database: Database
  /** The throw-away PostgreSQL database's URL (unset on PGlite). */
  url?: string
  /** Closes nothing the app closes; drops the throw-away PostgreSQL database if any. */
  cleanup: () => Promise<void>
}

/**
 * PGlite's initdb costs seconds per test file; a migrated data folder dumped once (per set of
 * migrations) and loaded by each file costs well under one.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `console-api-pglite-template-${migrationsDigest()}.tar`)
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null })
    await database.migrate()
    const dump = await database.dump!()
    await database.close()
    const partial = `${file}.${process.pid}.tmp`
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    fs.renameSync(partial, file)
  }
  return new Blob([fs.readFileSync(file)])
}

/** Of the journal and every migration's SQL: a migration edited in place makes a new template. */
function migrationsDigest(): string {
  const hash = createHash('sha256').update(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json')))
  for (const file of fs
    .readdirSync(migrationsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort())
    hash.update(file).update(fs.readFileSync(path.join(migrationsFolder, file)))
  return hash.digest('hex').slice(0, 16)
}

/**
 * Migrating a PostgreSQL database costs seconds per test file; copying a migrated template
 * (`CREATE DATABASE … TEMPLATE`) a fraction of one. The template is made once per set of migrations,
 * under an advisory lock so that test files starting together make it once.
 */
async function postgresTemplate(admin: postgres.Sql, adminUrl: string): Promise<string> {
  const name = `console_test_template_${migrationsDigest()}`
  await admin`SELECT pg_advisory_lock(hashtext(${name}))`
  try {
    const [existing] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`
    if (existing === undefined) {
      const partial = `${name}_partial`
      await admin.unsafe(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`)
      await admin.unsafe(`CREATE DATABASE ${partial}`)
      const url = new URL(adminUrl)
      url.pathname = `/${partial}`
      const database = await openDatabase({ kind: 'postgres', url: url.toString() })
      await database.migrate()
      await database.close()
      await admin.unsafe(`ALTER DATABASE ${partial} RENAME TO ${name}`)
    }
  } finally {
    await admin`SELECT pg_advisory_unlock(hashtext(${name}))`
  }
  return name
}

/**
 * A fresh, migrated database on the real engine: in-memory PGlite, or when DATABASE_URL is set a
 * throw-away database on that PostgreSQL server.
 */
export async function openTestDatabase({
  limits,
  onDisk = false
}: { limits?: PostgresLimits; onDisk?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) {
    const dataDir = onDisk ? fs.mkdtempSync(path.join(os.tmpdir(), 'console-api-test-data-')) : null
    const database = await openDatabase({ kind: 'pglite', dataDir, template: await pgliteTemplate() })
    await database.migrate()
    return {
      database,
      cleanup: async () => {
        if (dataDir !== null) fs.rmSync(dataDir, { recursive: true, force: true })
      }
    }
  }
  const name = `console_test_${randomBytes(6).toString('hex')}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(admin, adminUrl)}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), ...(limits === undefined ? {} : { limits }) })
  await database.migrate()
  return {
    database,
    url: url.toString(),
    cleanup: async () => {
      await database.close()
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end({ timeout: 5 })
    }
  }
}

export type CookieJar = Map<string, string>

/** Applies Set-Cookie headers the way a browser would (a cleared cookie disappears). */
export function storeCookies(jar: CookieJar, response: LightMyRequestResponse): CookieJar {
  for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
    const expired =
      cookie.value === '' ||
      (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
      (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now())
    if (expired) jar.delete(cookie.name)
    else jar.set(cookie.name, cookie.value)
  }
  return jar
}

export const cookieHeader = (jar: CookieJar): string => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')

export interface Session {
  jar: CookieJar
  csrf: string
  /** Headers for a cookie-authenticated request, with the CSRF header unless told otherwise. */
  headers: (withCsrf?: boolean) => Record<string, string>
  response: LightMyRequestResponse
}

export interface TestApp {
  app: FastifyInstance
  config: Config
  seeded: SeedResult
  /** The throw-away PostgreSQL database's URL (unset on PGlite). */
  databaseUrl?: string
  login: (email?: string, password?: string, options?: { remember?: boolean; ip?: string }) => Promise<Session>
  close: () => Promise<void>
}

/** The CSRF cookie: `__Host-csrftoken` with COOKIE_SECURE=true, `csrftoken` otherwise. */
export const csrfOf = (jar: CookieJar): string => jar.get('__Host-csrftoken') ?? jar.get('csrftoken') ?? ''

export function sessionFrom(jar: CookieJar, response: LightMyRequestResponse): Session {
  const session: Session = {
    jar,
    get csrf() {
      return csrfOf(jar)
    },
    headers: (withCsrf = true) => ({
      cookie: cookieHeader(jar),
      ...(withCsrf ? { 'x-csrftoken': csrfOf(jar) } : {})
    }),
    response
  }
  return session
}

export interface BuildTestAppOptions {
  /** Environment variables for loadConfig (LOG_LEVEL is silent unless given). */
  env?: Record<string, string>
  /** Seed the DETECT demo data (devices, packages, alerts...) for both tenants; off by default. */
  detect?: boolean
  /** Seed the demo insight reports for both tenants; off by default. */
  insights?: boolean
  /** Registers extra test-only routes before the app is ready. */
  extend?: (app: FastifyInstance) => Promise<void> | void
  /** PostgreSQL: open the request pool with the server's DATABASE_* limits (pool size, timeouts). */
  requestLimits?: boolean
  /**
   * PGlite: in a data folder on disk, as the server runs, not in memory (whose files are copied
   * whole as they grow: statements that write megabytes stall the loop longer than on disk).
   */
  onDisk?: boolean
}

export async function buildTestApp({
  env = {},
  extend,
  detect = false,
  insights = false,
  requestLimits = false,
  onDisk = false
}: BuildTestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    CONSOLE_ROOT: path.join(os.tmpdir(), 'console-api-test-no-root'),
    // The feed sync job never reaches out from a test unless the test asks for it.
    FEED_SYNC_INTERVAL_HOURS: '0',
    ...env
  })
  const target = databaseTarget({ ...config, databaseUrl: process.env.DATABASE_URL || undefined }, { requestLimits })
  const { database, url, cleanup } = await openTestDatabase({
    onDisk,
    ...(target.kind === 'postgres' && requestLimits ? { limits: target.limits } : {})
  })
  // Imported here, not at the top: the app and the demo seed cost ~0.9 s of module loading that
  // test files needing only a database (openTestDatabase) then skip.
  const [{ buildApp }, { seed }] = await Promise.all([import('../src/app.js'), import('../src/lib/seed.js')])
  const seeded = await seed(database.db, {
    demoPassword: DEMO_PASSWORD,
    otherPassword: OTHER_PASSWORD,
    honeynet: false,
    detect,
    insights
  })
  const app = await buildApp({ config, database, logger: false })
  if (extend !== undefined) await extend(app)
  await app.ready()

  const login: TestApp['login'] = async (email = 'demo@example.com', password = DEMO_PASSWORD, options = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email, password, ...(options.remember === undefined ? {} : { remember: options.remember }) },
      ...(options.ip === undefined ? {} : { remoteAddress: options.ip })
    })
    return sessionFrom(storeCookies(new Map(), response), response)
  }

  return {
    app,
    config,
    seeded,
    ...(url === undefined ? {} : { databaseUrl: url }),
    login,
    close: async () => {
      await app.close()
      await cleanup()
    }
  }
}
