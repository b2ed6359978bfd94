import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { loadConfig, type Config } from '../config.js'
import type { Database, Db } from '../db/client.js'
import { tenants } from '../db/schema/index.js'
import { checkEmail, checkPassword, createTenant, createUser, InputError, resetPassword } from '../lib/accounts.js'
import { simulateDevices } from '../lib/detect/simulator.js'
import { pruneHoneypot } from '../lib/honeypot/prune.js'
import { createSensorKey, listSensorKeys, revokeSensorKey } from '../lib/honeypot/sensor-keys.js'
import { removeDemo } from '../lib/remove-demo.js'
import { describeSeededAccount, seed } from '../lib/seed.js'
import { describeStartupError, isExpectedError, openConfiguredDatabase } from '../lib/startup.js'
import { isUuid } from '../lib/tenant-scope.js'
import { reanalyseSboms, type ReanalyseTotals } from '../lib/insights/reanalyse.js'
import { importOsvAndMatch } from '../lib/feeds/osv-import.js'
import { allDevices, matchDevices, type MatchTotals } from '../lib/vulns/match.js'
import { plural } from '../lib/plural.js'
import { importEpssFile } from '../lib/feeds/epss.js'
import { importKevFile } from '../lib/feeds/kev.js'
import { syncFeeds, syncSettings } from '../lib/feeds/sync.js'
import { reclaimFeedTables } from '../lib/feeds/reclaim.js'
import type { FeedProgress } from '../lib/feeds/progress.js'
import { feedProgressPrinter } from './feed-progress.js'

/** Where a command writes; the entry point passes the console, tests pass collectors. */
export interface CliIo {
  out: (line: string) => void
  err: (line: string) => void
  /** Progress drawn on the terminal (sync-feeds); `end` clears it before a line is printed. */
  progress?: { update: (event: FeedProgress) => void; end: () => void }
}

/** Wrong usage: exit code 2 with the command's usage line. */
class UsageError extends Error {
  override name = 'UsageError'
}

interface CommandContext {
  config: Config
  io: CliIo
  options: Record<string, string | undefined>
  /** Positional arguments, one per name in the command's `args`. */
  args: string[]
  /** Opens (and migrates) the configured database; closed after the command. */
  database: () => Promise<Database>
}

/**
 * A file import churns the same tables as a sync (the EPSS staging copy, the re-match queue, the
 * rewritten scores): on PGlite, which runs no autovacuum, give their pages back as the sync does,
 * whether the import succeeded or not (a refused file leaves its staged rows deleted, not reused).
 */
async function reclaimingAfter<T>(context: CommandContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } finally {
    if (context.config.databaseUrl === undefined) await reclaimFeedTables((await context.database()).db)
  }
}

interface Command {
  usage: string
  description: string
  options?: string[]
  /** Names of required positional arguments (shown in the usage line). */
  args?: string[]
  run: (context: CommandContext) => Promise<void>
}

function required(context: CommandContext, name: string): string {
  const value = context.options[name]
  if (value === undefined || value === '') throw new UsageError(`Missing --${name}`)
  return value
}

const describeMatch = (verb: string, totals: MatchTotals): string =>
  `${verb} ${plural(totals.devices, 'device')}: ${plural(totals.packages, 'package')}, ${plural(totals.findings, 'finding')} (${totals.highRisk.toLocaleString('en-US')} high risk)`

const describeReanalysis = (totals: ReanalyseTotals): string =>
  `Re-analysed ${plural(totals.sboms, 'SBOM')}: ${totals.changed.toLocaleString('en-US')} changed, ` +
  `${totals.vulnerabilities.toLocaleString('en-US')} ${totals.vulnerabilities === 1 ? 'vulnerability' : 'vulnerabilities'} from the feed`

/** A whole-number option within bounds (fallback when absent; undefined fallback: required). */
function whole(context: CommandContext, name: string, fallback: number | undefined, min: number, max: number): number {
  const raw = context.options[name]
  if (raw === undefined) {
    if (fallback === undefined) throw new UsageError(`Missing --${name}`)
    return fallback
  }
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`)
  return Number(raw)
}

/**
 * Opens the database for a command with an optional `--tenant <uid>`: the uid's form is checked
 * before the database is opened, then that the tenant exists; answers its uid, lower-cased.
 */
async function withTenantOption(context: CommandContext): Promise<{ db: Db; tenantUid?: string }> {
  const given = context.options.tenant
  if (given !== undefined && !isUuid(given)) throw new InputError(`--tenant must be a tenant uid, not "${given}"`)
  const { db } = await context.database()
  if (given === undefined) return { db }
  const [tenant] = await db.select({ uid: tenants.uid }).from(tenants).where(eq(tenants.uid, given.toLowerCase()))
  if (tenant === undefined) throw new InputError(`No tenant with uid ${given}`)
  return { db, tenantUid: tenant.uid }
}

/** The command table: later issues add entries (import feeds, ingest demo data, ...). */
export const commands: Record<string, Command> = {
  'create-tenant': {
    usage: 'create-tenant --name <name>',
    description: 'Create a tenant and print its uid.',
    options: ['name'],
    run: async (context) => {
      const name = required(context, 'name')
      const { db } = await context.database()
      const tenant = await createTenant(db, name)
      context.io.out(tenant.uid)
    }
  },
  'create-user': {
    usage: 'create-user --tenant <uid> --email <email> --password <password>',
    description: 'Create a user in a tenant (password: at least 8 characters, not a common one).',
    options: ['tenant', 'email', 'password'],
    run: async (context) => {
      const input = {
        tenantUid: required(context, 'tenant'),
        email: required(context, 'email'),
        password: required(context, 'password')
      }
      checkEmail(input.email)
      checkPassword(input.password, input.email)
      const { db } = await context.database()
      const user = await createUser(db, input)
      context.io.out(`Created user ${user.email} (${user.uid})`)
    }
  },
  'reset-password': {
    usage: 'reset-password --email <email> --password <password>',
    description: "Set a user's password and sign them out everywhere.",
    options: ['email', 'password'],
    run: async (context) => {
      const email = required(context, 'email')
      const password = required(context, 'password')
      checkPassword(password, email)
      const { db } = await context.database()
      const user = await resetPassword(db, email, password)
      context.io.out(`Password reset for ${user.email}; all of their sessions were revoked`)
    }
  },
  seed: {
    usage: 'seed',
    description: 'Create the demo tenants and users if missing (idempotent); prints new passwords once.',
    run: async (context) => {
      const { db } = await context.database()
      const result = await seed(db, { demoPassword: context.config.demoPassword, otherPassword: context.config.otherPassword })
      const lines = [result.demo, result.other].map(describeSeededAccount).filter((line) => line !== undefined)
      context.io.out(lines.length > 0 ? lines.join('\n') : 'Demo data already present; nothing to do')
    }
  },
  'create-sensor-key': {
    usage: 'create-sensor-key --name <name>',
    description: 'Create a honeynet sensor key for POST /api/v1/honeypot/events/ and print it (shown once).',
    options: ['name'],
    run: async (context) => {
      const { db } = await context.database()
      const { key, info } = await createSensorKey(db, required(context, 'name'))
      context.io.out(key)
      context.io.err(`Created sensor key "${info.name}" (${info.id}); store it now, it is not shown again`)
    }
  },
  'list-sensor-keys': {
    usage: 'list-sensor-keys',
    description: 'List honeynet sensor keys (id, prefix, name, created, revoked).',
    run: async (context) => {
      const { db } = await context.database()
      for (const key of await listSensorKeys(db)) {
        context.io.out(
          [key.id, key.prefix, key.name, key.createdAt.toISOString(), key.revokedAt?.toISOString() ?? 'active'].join('\t')
        )
      }
    }
  },
  'revoke-sensor-key': {
    usage: 'revoke-sensor-key --key <id or prefix>',
    description: 'Revoke a honeynet sensor key; its sensor gets 401 from then on.',
    options: ['key'],
    run: async (context) => {
      const { db } = await context.database()
      const revoked = await revokeSensorKey(db, required(context, 'key'))
      if (revoked === 0) throw new InputError('No active sensor key with that id or prefix')
      context.io.out(`Revoked ${revoked} sensor key${revoked === 1 ? '' : 's'}`)
    }
  },
  'prune-honeypot': {
    usage: 'prune-honeypot',
    description: 'Delete honeynet events older than HONEYPOT_RETENTION_DAYS (the server also does it hourly).',
    run: async (context) => {
      const { db } = await context.database()
      const pruned = await pruneHoneypot(db, context.config.honeypotRetentionDays, Date.now(), {
        reclaim: context.config.databaseUrl === undefined
      })
      context.io.out(
        `Pruned ${pruned.events} events, ${pruned.sessions} sessions and ${pruned.rollups + pruned.dailyRollups} rollup rows older than ${context.config.honeypotRetentionDays} days`
      )
    }
  },
  'import-osv': {
    usage: 'import-osv <PATH>',
    description:
      "Import an OSV vulnerability feed (a .json file, a folder of them, or a .zip such as osv.dev's all.zip), then re-match the devices it touches.",
    args: ['PATH'],
    run: async (context) => {
      const { db } = await context.database()
      const { imported, matched, removed, sboms } = await reclaimingAfter(context, () =>
        importOsvAndMatch(db, context.args[0]!, {
          onSkip: (source, reason) => context.io.err(`Skipped ${source}: ${reason}`)
        })
      )
      context.io.out(
        `Imported ${plural(imported.records, 'OSV record')} from ${plural(imported.documents, 'document')}: ` +
          `${plural(imported.cves, 'CVE')}, ${plural(imported.affected, 'affected package row')}; ` +
          `${imported.skipped.toLocaleString('en-US')} skipped, ${imported.stale.toLocaleString('en-US')} older than stored, ` +
          `${imported.withdrawn.toLocaleString('en-US')} withdrawn`
      )
      context.io.out(
        describeMatch('Re-matched', matched) +
          (removed > 0 ? `; removed ${plural(removed, 'CVE row')} no record names any more` : '')
      )
      context.io.out(describeReanalysis(sboms))
      if (imported.records === 0 && imported.stale === 0 && imported.skipped > 0)
        throw new InputError('Nothing could be imported')
    }
  },
  'match-devices': {
    usage: 'match-devices [--tenant <uid>]',
    description: "Re-match every device's packages (or one tenant's) against the vulnerability feed.",
    options: ['tenant'],
    run: async (context) => {
      const { db, tenantUid } = await withTenantOption(context)
      const totals = await matchDevices(db, await allDevices(db, tenantUid))
      context.io.out(describeMatch('Matched', totals))
    }
  },
  'reanalyse-sboms': {
    usage: 'reanalyse-sboms [--tenant <uid>]',
    description:
      "Analyse every stored SBOM (or one tenant's) against the vulnerability feed again (import-osv does it for the SBOMs an import touches).",
    options: ['tenant'],
    run: async (context) => {
      const { db, tenantUid } = await withTenantOption(context)
      context.io.out(describeReanalysis(await reanalyseSboms(db, tenantUid === undefined ? {} : { tenantUid })))
    }
  },
  'simulate-devices': {
    usage:
      'simulate-devices --server <url> --token <provision token> --count <n> [--packages 2000] [--type linux|rtos|mixed] [--reports 1] [--interval 0] [--concurrency 8]',
    description: 'Enrol N simulated devices over HTTP with a provision token and stream inventory reports (demos, load tests).',
    options: ['server', 'token', 'count', 'packages', 'type', 'reports', 'interval', 'concurrency'],
    run: async (context) => {
      const server = required(context, 'server')
      if (!/^https?:\/\/[^\s/]+/.test(server))
        throw new UsageError('--server must be an http(s) URL such as http://localhost:8080')
      const type = context.options.type ?? 'mixed'
      if (type !== 'linux' && type !== 'rtos' && type !== 'mixed') throw new UsageError('--type must be linux, rtos or mixed')
      const result = await simulateDevices({
        server,
        token: required(context, 'token'),
        count: whole(context, 'count', undefined, 1, 1_000_000),
        packages: whole(context, 'packages', 2000, 0, 20_000),
        type,
        reports: whole(context, 'reports', 1, 0, 1_000_000),
        interval: whole(context, 'interval', 0, 0, 86_400),
        concurrency: whole(context, 'concurrency', 8, 1, 256),
        log: context.io.err
      })
      const reports = result.rounds.reduce((n, r) => n + r.ok, 0)
      const seconds = result.rounds.reduce((n, r) => n + r.seconds, 0)
      context.io.out(
        `${result.enrolled} devices enrolled (${result.newDevices} new), ${reports} reports sent` +
          (reports > 0 ? `, ${(reports / seconds).toFixed(1)} reports/s` : '')
      )
      const failed = result.enrolFailed + result.rounds.reduce((n, r) => n + r.failed, 0)
      if (failed > 0) throw new InputError(`${failed} requests failed, e.g.: ${result.errors.join(' | ')}`)
    }
  },
  'remove-demo': {
    usage: 'remove-demo',
    description:
      'Remove what the demo seed wrote (demo tenants with their data, the demo catalogue, the generated honeynet history); nothing else.',
    run: async (context) => {
      const { db } = await context.database()
      const removed = await removeDemo(db)
      context.io.out(
        `Removed ${plural(removed.tenants.length, 'demo tenant')}${removed.tenants.length > 0 ? ` (${removed.tenants.join(', ')})` : ''}, ` +
          `${plural(removed.records, 'demo catalogue record')} (${plural(removed.cveRows, 'CVE row')} only they named), ` +
          `${plural(removed.honeynetSessions, 'generated honeynet session')}`
      )
    }
  },
  'sync-feeds': {
    usage: 'sync-feeds',
    description:
      "Download the vulnerability feeds (osv.dev's zip of each ecosystem in use, CISA KEV, FIRST EPSS) when they changed, then re-match what changed.",
    run: async (context) => {
      const { db } = await context.database()
      const { io } = context
      const say = (print: (line: string) => void) => (line: string) => {
        io.progress?.end()
        print(line)
      }
      const result = await syncFeeds(db, syncSettings(context.config), {
        onProgress: io.progress?.update,
        onSkip: (source, reason) => say(io.err)(`Skipped ${source}: ${reason}`),
        onFeed: (outcome) =>
          outcome.status === 'failed' ? say(io.err)(`sync-feeds: ${outcome.message}`) : say(io.out)(outcome.message)
      })
      io.progress?.end()
      if (result.locked) {
        io.out('sync-feeds: another process is syncing the feeds; nothing done')
        return
      }
      if (result.ecosystems.length === 0)
        io.out(
          'No OSV ecosystem in use (no enrolled device or uploaded SBOM reports one); set FEED_ECOSYSTEMS to sync some anyway'
        )
      if (result.matched !== undefined)
        io.out(`${describeMatch('Re-matched', result.matched)} in ${(result.matchSeconds ?? 0).toFixed(1)} s`)
      if (result.sboms !== undefined) io.out(describeReanalysis(result.sboms))
      const failed = result.outcomes.filter((outcome) => outcome.status === 'failed').length
      if (failed > 0)
        throw new InputError(
          `sync-feeds: ${failed} of ${plural(result.outcomes.length, 'feed')} failed; their previous copies are kept`
        )
    }
  },
  'import-kev': {
    usage: 'import-kev <PATH>',
    description:
      'Replace the CISA Known Exploited Vulnerabilities catalogue with a file (known_exploited_vulnerabilities.json), then re-rate the devices it changes.',
    args: ['PATH'],
    run: async (context) => {
      const { db } = await context.database()
      context.io.out(await reclaimingAfter(context, () => importKevFile(db, context.args[0]!)))
    }
  },
  'import-epss': {
    usage: 'import-epss <PATH>',
    description: 'Replace the FIRST EPSS scores with a file (epss_scores-current.csv, or .csv.gz).',
    args: ['PATH'],
    run: async (context) => {
      const { db } = await context.database()
      context.io.out(await reclaimingAfter(context, () => importEpssFile(db, context.args[0]!)))
    }
  },
  migrate: {
    usage: 'migrate',
    description: 'Apply pending database migrations.',
    run: async (context) => {
      await context.database()
      context.io.out('Database is up to date')
    }
  }
}

export function helpText(): string {
  const width = Math.max(...Object.values(commands).map((command) => command.usage.length))
  return [
    'Usage: npm run cli -- <command> [options]',
    '',
    'Commands:',
    ...Object.values(commands).map((command) => `  ${command.usage.padEnd(width)}  ${command.description}`),
    `  ${'--help'.padEnd(width)}  Show this help.`,
    '',
    'The database is the one the server uses: DATABASE_URL, else the PGlite folder in DATA_DIR',
    '(default ./data). Stop the server first when it uses the same DATA_DIR.'
  ].join('\n')
}

const consoleIo: CliIo = { out: (line) => console.log(line), err: (line) => console.error(line), progress: feedProgressPrinter() }

/** Runs one command; resolves to the exit code (0 ok, 1 failure, 2 usage) and never throws. */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  io: CliIo = consoleIo
): Promise<number> {
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(helpText())
    return name === undefined ? 2 : 0
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined
  if (command === undefined) {
    io.err(`Unknown command "${name}". Run with --help to list the commands.`)
    return 2
  }
  let database: Database | undefined
  try {
    let options: Record<string, string | undefined>
    let args: string[] = []
    try {
      const parsed = parseArgs({
        args: rest,
        options: Object.fromEntries((command.options ?? []).map((option) => [option, { type: 'string' as const }])),
        allowPositionals: command.args !== undefined,
        strict: true
      })
      options = parsed.values as Record<string, string | undefined>
      args = parsed.positionals
    } catch (error) {
      throw new UsageError((error as Error).message.split('\n')[0] ?? 'Invalid arguments')
    }
    const names = command.args ?? []
    if (args.length < names.length || args.some((arg) => arg === ''))
      throw new UsageError(`Missing ${names[args.length] ?? names[0]}`)
    if (args.length > names.length) throw new UsageError(`Unexpected argument "${args[names.length]}"`)
    const config = loadConfig(env)
    await command.run({
      config,
      io,
      options,
      args,
      database: async () => (database ??= await openConfiguredDatabase(config))
    })
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}. Usage: npm run cli -- ${command.usage}`)
      return 2
    }
    io.err(error instanceof InputError || isExpectedError(error) ? error.message : `Error: ${describeStartupError(error)}`)
    return 1
  } finally {
    await database?.close().catch(() => {})
  }
}
