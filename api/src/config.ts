import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { passwordProblem } from './password-policy.js'

/** Every environment variable the API host reads. Documented in api/README.md. */
export interface Config {
  port: number
  host: string
  /** Absolute path of the embedded database folder (ignored when databaseUrl is set). */
  dataDir: string
  databaseUrl: string | undefined
  /** Repo root holding host/dist and remote-*\/dist for production static serving. */
  consoleRoot: string
  /** CONSOLE_DEMO: seed the demo tenants, catalogue and honeynet history into an empty database. */
  demo: boolean
  demoPassword: string | undefined
  otherPassword: string | undefined
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  cookieSecure: boolean
  /** Failed sign-ins of one account from one client IP before each next try of that pair waits. */
  loginRateLimitPair: number
  /** The first wait; it doubles with each further failure of the pair, up to loginRateMaxDelaySeconds. */
  loginRateDelaySeconds: number
  loginRateMaxDelaySeconds: number
  /** Failed sign-ins from one client IP (any accounts) per window: the ceiling that stops a spray. */
  loginRateLimitIp: number
  loginRateWindowSeconds: number
  cspExtraOrigins: string[]
  remotes: { detect: string; insights: string; threat: string }
  logLevel: string
  trustProxy: boolean | number | string
  /** Raw honeynet events older than this many days are pruned (at least 15: the metrics read 14). */
  honeypotRetentionDays: number
  /**
   * Where ASN and country come from for events a sensor sent without enrichment: undefined, the IP
   * database packaged with the API; a path, that table (iptoasn.com TSV or ip-location-db CSV);
   * null (`none`), nowhere (such sessions read "unknown").
   */
  honeypotGeoipFile: string | null | undefined
  /** Origin the agent install scripts download from (PUBLIC_URL); else the request's own origin. */
  publicUrl: string | undefined
  /**
   * CACHE_TTL_SECONDS: how long this process trusts a checked session and a cached DETECT detail
   * answer without asking the database (0: never). Writes made by this process invalidate at once;
   * the TTL only bounds what another process (a second server on the same PostgreSQL, the CLI)
   * changed. On PGlite (one process) an unchanged DETECT answer past it is served while it is
   * rebuilt (plugins/app/detect-cache.ts).
   */
  cacheTtlSeconds: number
  /** Vulnerability feed sync (lib/feeds): hours between runs of the server's job, 0 = off. */
  feedSyncIntervalHours: number
  /** Seconds from the server's start to the job's first run. */
  feedSyncDelaySeconds: number
  /** osv.dev's bucket: `${osvBaseUrl}/${ecosystem}/all.zip`. */
  osvBaseUrl: string
  /** Ecosystems synced whether or not a device or SBOM uses them ("Debian", "PyPI"). */
  feedEcosystems: string[]
  kevUrl: string
  epssUrl: string
  /**
   * WORKERS: API processes started by `server.js` (node:cluster), all on one PostgreSQL and one port.
   * The embedded database serves one process, so more than 1 needs DATABASE_URL.
   */
  workers: number
  /** Scan uploads (POST /insights/cli/scan) parsed and analysed at once by this process; each holds up to ~4× its file in memory. */
  insightsUploadConcurrency: number
  /** Uploads that wait for a slot; one more is refused with 503 and Retry-After. */
  insightsUploadQueue: number
  /** SBOM scans kept per report for its history and diff (the newest; older ones are deleted at upload). */
  insightsScanRetention: number
  /** API_DOCS: serve /api/docs (OpenAPI JSON/YAML and UI) to anyone; otherwise to signed-in users only. */
  apiDocs: boolean
  /** REQUEST_TIMEOUT_SECONDS: a request not answered by then gets 503 {detail} (the work it started may go on). */
  requestTimeoutSeconds: number
  /** UPLOAD_TIMEOUT_SECONDS: the same for the routes with large bodies (plugins/app/timeouts.ts). */
  uploadTimeoutSeconds: number
  /** PostgreSQL only: connections of the request pool. */
  databasePoolMax: number
  databaseConnectTimeoutSeconds: number
  /** PostgreSQL only, request connections: statement_timeout, lock_timeout, idle_in_transaction_session_timeout (0 = none). */
  databaseStatementTimeoutSeconds: number
  databaseLockTimeoutSeconds: number
  databaseIdleTransactionTimeoutSeconds: number
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** api/src/config.ts and api/dist/config.js both sit two levels below the repo root. */
export const defaultConsoleRoot = (): string => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

function geoipFile(value: string | undefined, cwd: string): string | null | undefined {
  if (value === undefined) return undefined
  return value === 'none' ? null : path.resolve(cwd, value)
}

function str(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value === undefined || value === '' ? undefined : value
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = str(env, name)
  if (raw === undefined) return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`)
  }
  return Number(raw)
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = str(env, name)?.toLowerCase()
  if (raw === undefined) return fallback
  if (['true', '1', 'yes'].includes(raw)) return true
  if (['false', '0', 'no'].includes(raw)) return false
  throw new ConfigError(`${name} must be true or false (got "${env[name]}")`)
}

function origin(name: string, value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`${name} must hold origins such as https://cdn.example.com (got "${value}")`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name} must hold http(s) origins (got "${value}")`)
  }
  return url.origin
}

function remoteUrl(env: Env, name: string, fallback: string): string {
  const raw = str(env, name)
  if (raw === undefined) return fallback
  if (raw.startsWith('/')) return raw
  origin(name, raw)
  return raw
}

function trustProxy(env: Env): boolean | number | string {
  const raw = str(env, 'TRUST_PROXY')
  if (raw === undefined) return false
  const lower = raw.toLowerCase()
  if (lower === 'true') return true
  if (lower === 'false') return false
  if (/^\d+$/.test(raw)) return Number(raw)
  if (!/^[0-9a-fA-F.:/,\s]+$/.test(raw)) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses/CIDRs (got "${raw}")`
    )
  }
  return raw
}

/** An http(s) URL (a feed to download), without a trailing slash. */
function feedUrl(env: Env, name: string, fallback: string): string {
  const raw = str(env, name)
  if (raw === undefined) return fallback
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {
    // not a URL: refused just below
  }
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ConfigError(`${name} must be an http(s) URL (got "${raw}")`)
  }
  return raw.replace(/\/+$/, '')
}

function feedEcosystems(env: Env): string[] {
  const list = (str(env, 'FEED_ECOSYSTEMS') ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
  for (const item of list) {
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    if (item.length > 100 || /[\u0000-\u001f/\\]/.test(item)) {
      throw new ConfigError(
        `FEED_ECOSYSTEMS must be a comma-separated list of OSV ecosystems such as "Debian,PyPI" (got "${item.slice(0, 40)}")`
      )
    }
  }
  return list
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const databaseUrl = str(env, 'DATABASE_URL')
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://')
  }
  const logLevel = str(env, 'LOG_LEVEL')?.toLowerCase() ?? 'info'
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`)
  }
  const demoPassword = env.CONSOLE_DEMO_PASSWORD || undefined
  const otherPassword = env.CONSOLE_OTHER_PASSWORD || undefined
  for (const [name, value] of [
    ['CONSOLE_DEMO_PASSWORD', demoPassword],
    ['CONSOLE_OTHER_PASSWORD', otherPassword]
  ] as const) {
    const problem = value === undefined ? undefined : passwordProblem(value)
    if (problem !== undefined) throw new ConfigError(`${name}: ${problem}`)
  }
  // Removed: it locked an account for everyone (anyone could lock a real user out).
  if (str(env, 'LOGIN_RATE_LIMIT_ACCOUNT') !== undefined) {
    throw new ConfigError(
      'LOGIN_RATE_LIMIT_ACCOUNT was removed: sign-ins are slowed down per account and client IP (LOGIN_RATE_LIMIT_PAIR, LOGIN_RATE_DELAY_SECONDS); unset it'
    )
  }
  const workers = int(env, 'WORKERS', 1, 1, 64)
  if (workers > 1 && databaseUrl === undefined) {
    throw new ConfigError('WORKERS above 1 needs DATABASE_URL: the embedded database (PGlite) is opened by one process only')
  }
  const cspExtraOrigins = (str(env, 'CSP_EXTRA_ORIGINS') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((value) => origin('CSP_EXTRA_ORIGINS', value))

  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: str(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(cwd, str(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    consoleRoot: path.resolve(cwd, str(env, 'CONSOLE_ROOT') ?? defaultConsoleRoot()),
    demo: bool(env, 'CONSOLE_DEMO', true),
    demoPassword,
    otherPassword,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 10, 86_400),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 60, 365 * 86_400),
    cookieSecure: bool(env, 'COOKIE_SECURE', false),
    loginRateLimitPair: int(env, 'LOGIN_RATE_LIMIT_PAIR', 5, 1, 1000),
    loginRateDelaySeconds: int(env, 'LOGIN_RATE_DELAY_SECONDS', 1, 1, 3600),
    loginRateMaxDelaySeconds: int(env, 'LOGIN_RATE_MAX_DELAY_SECONDS', 900, 1, 86_400),
    loginRateLimitIp: int(env, 'LOGIN_RATE_LIMIT_IP', 300, 1, 1_000_000),
    loginRateWindowSeconds: int(env, 'LOGIN_RATE_WINDOW_SECONDS', 900, 1, 86_400),
    cspExtraOrigins,
    remotes: {
      detect: remoteUrl(env, 'REMOTE_DETECT_URL', '/remotes/detect/mf-manifest.json'),
      insights: remoteUrl(env, 'REMOTE_INSIGHTS_URL', '/remotes/insights/mf-manifest.json'),
      threat: remoteUrl(env, 'REMOTE_THREAT_URL', '/remotes/threat/mf-manifest.json')
    },
    logLevel,
    trustProxy: trustProxy(env),
    honeypotRetentionDays: int(env, 'HONEYPOT_RETENTION_DAYS', 30, 15, 3650),
    honeypotGeoipFile: geoipFile(str(env, 'HONEYPOT_GEOIP_FILE'), cwd),
    publicUrl: str(env, 'PUBLIC_URL') === undefined ? undefined : origin('PUBLIC_URL', str(env, 'PUBLIC_URL')!),
    cacheTtlSeconds: int(env, 'CACHE_TTL_SECONDS', 5, 0, 300),
    feedSyncIntervalHours: int(env, 'FEED_SYNC_INTERVAL_HOURS', 24, 0, 168),
    feedSyncDelaySeconds: int(env, 'FEED_SYNC_DELAY_SECONDS', 300, 0, 86_400),
    osvBaseUrl: feedUrl(env, 'OSV_BASE_URL', 'https://osv-vulnerabilities.storage.googleapis.com'),
    feedEcosystems: feedEcosystems(env),
    kevUrl: feedUrl(env, 'KEV_URL', 'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json'),
    epssUrl: feedUrl(env, 'EPSS_URL', 'https://epss.empiricalsecurity.com/epss_scores-current.csv.gz'),
    apiDocs: bool(env, 'API_DOCS', false),
    requestTimeoutSeconds: int(env, 'REQUEST_TIMEOUT_SECONDS', 30, 1, 3600),
    uploadTimeoutSeconds: int(env, 'UPLOAD_TIMEOUT_SECONDS', 600, 1, 86_400),
    databasePoolMax: int(env, 'DATABASE_POOL_MAX', 10, 1, 1000),
    databaseConnectTimeoutSeconds: int(env, 'DATABASE_CONNECT_TIMEOUT_SECONDS', 10, 1, 600),
    databaseStatementTimeoutSeconds: int(env, 'DATABASE_STATEMENT_TIMEOUT_SECONDS', 30, 0, 86_400),
    databaseLockTimeoutSeconds: int(env, 'DATABASE_LOCK_TIMEOUT_SECONDS', 10, 0, 86_400),
    databaseIdleTransactionTimeoutSeconds: int(env, 'DATABASE_IDLE_TRANSACTION_TIMEOUT_SECONDS', 60, 0, 86_400),
    workers,
    insightsUploadConcurrency: int(env, 'INSIGHTS_UPLOAD_CONCURRENCY', 1, 1, 64),
    insightsUploadQueue: int(env, 'INSIGHTS_UPLOAD_QUEUE', 2, 0, 1000),
    insightsScanRetention: int(env, 'INSIGHTS_SCAN_RETENTION', 20, 1, 1000)
  }
}
