import assert from 'node:assert/strict'
import path from 'node:path'
import { describe, it } from 'node:test'
import { ConfigError, defaultConsoleRoot, loadConfig } from '../src/config.js'

describe('loadConfig', () => {
  it('has documented defaults', () => {
    const config = loadConfig({}, '/srv/console')
    assert.equal(config.port, 8080)
    assert.equal(config.host, '0.0.0.0')
    assert.equal(config.dataDir, '/srv/console/data')
    assert.equal(config.databaseUrl, undefined)
    assert.equal(config.consoleRoot, defaultConsoleRoot())
    assert.equal(path.basename(path.join(config.consoleRoot, 'api')), 'api')
    assert.equal(config.accessTokenTtlSeconds, 900)
    assert.equal(config.refreshTokenTtlSeconds, 30 * 86_400)
    assert.equal(config.cookieSecure, false)
    assert.equal(config.loginRateLimitPair, 5)
    assert.equal(config.loginRateDelaySeconds, 1)
    assert.equal(config.loginRateMaxDelaySeconds, 900)
    assert.equal(config.loginRateLimitIp, 300)
    assert.equal(config.loginRateWindowSeconds, 900)
    assert.deepEqual(config.cspExtraOrigins, [])
    assert.equal(config.logLevel, 'info')
    assert.equal(config.trustProxy, false)
    assert.equal(config.cacheTtlSeconds, 5)
    assert.equal(config.requestTimeoutSeconds, 30)
    assert.equal(config.uploadTimeoutSeconds, 600)
    assert.equal(config.databasePoolMax, 10)
    assert.equal(config.databaseConnectTimeoutSeconds, 10)
    assert.equal(config.databaseStatementTimeoutSeconds, 30)
    assert.equal(config.databaseLockTimeoutSeconds, 10)
    assert.equal(config.databaseIdleTransactionTimeoutSeconds, 60)
    assert.equal(config.insightsUploadConcurrency, 1)
    assert.equal(config.insightsUploadQueue, 2)
    assert.equal(config.insightsScanRetention, 20)
  })

  it('the default CONSOLE_ROOT is the repository root', () => {
    assert.equal(defaultConsoleRoot(), path.resolve(import.meta.dirname, '..', '..'))
  })

  it('reads and normalises values', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: 'var/db',
        DATABASE_URL: 'postgres://u@h/db',
        COOKIE_SECURE: 'TRUE',
        CSP_EXTRA_ORIGINS: 'https://cdn.example.com/path  http://localhost:3001',
        TRUST_PROXY: '2',
        LOG_LEVEL: 'warn',
        CACHE_TTL_SECONDS: '0',
        INSIGHTS_UPLOAD_CONCURRENCY: '3',
        INSIGHTS_UPLOAD_QUEUE: '0',
        INSIGHTS_SCAN_RETENTION: '5'
      },
      '/srv'
    )
    assert.equal(config.port, 9000)
    assert.equal(config.dataDir, '/srv/var/db')
    assert.equal(config.databaseUrl, 'postgres://u@h/db')
    assert.equal(config.cookieSecure, true)
    assert.deepEqual(config.cspExtraOrigins, ['https://cdn.example.com', 'http://localhost:3001'])
    assert.equal(config.trustProxy, 2)
    assert.equal(config.logLevel, 'warn')
    assert.equal(config.cacheTtlSeconds, 0)
    assert.equal(config.insightsUploadConcurrency, 3)
    assert.equal(config.insightsUploadQueue, 0)
    assert.equal(config.insightsScanRetention, 5)
  })

  it('refuses bad values with one clear line', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: 'eighty' }, /^PORT must be a whole number/],
      [{ PORT: '70000' }, /^PORT must be a whole number from 0 to 65535/],
      [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must start with postgres:\/\//],
      [{ COOKIE_SECURE: 'maybe' }, /^COOKIE_SECURE must be true or false/],
      [{ ACCESS_TOKEN_TTL_SECONDS: '-5' }, /^ACCESS_TOKEN_TTL_SECONDS/],
      [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
      [{ CSP_EXTRA_ORIGINS: 'cdn.example.com' }, /^CSP_EXTRA_ORIGINS must hold origins/],
      [{ REMOTE_DETECT_URL: 'ftp://x/y' }, /^REMOTE_DETECT_URL must hold http\(s\) origins/],
      // NIST SP 800-63B / OWASP ASVS 5.0 V6.2.1 (≥ 8 characters) and V6.2.4 (no common password).
      [{ CONSOLE_DEMO_PASSWORD: 'abc' }, /^CONSOLE_DEMO_PASSWORD: Password must be at least 8 characters/],
      [{ CONSOLE_DEMO_PASSWORD: 'seven77' }, /^CONSOLE_DEMO_PASSWORD: Password must be at least 8 characters/],
      [{ CONSOLE_DEMO_PASSWORD: '12345678' }, /^CONSOLE_DEMO_PASSWORD: This password is one of the most common/],
      [{ CONSOLE_OTHER_PASSWORD: 'Password1' }, /^CONSOLE_OTHER_PASSWORD: This password is one of the most common/],
      [{ TRUST_PROXY: 'everyone!' }, /^TRUST_PROXY must be/],
      // The old per-account lockout: an operator who tuned it must learn that it is gone.
      [
        { LOGIN_RATE_LIMIT_ACCOUNT: '10' },
        /^LOGIN_RATE_LIMIT_ACCOUNT was removed: sign-ins are slowed down per account and client IP/
      ],
      [{ LOGIN_RATE_LIMIT_PAIR: '0' }, /^LOGIN_RATE_LIMIT_PAIR must be a whole number from 1/],
      [{ CACHE_TTL_SECONDS: '301' }, /^CACHE_TTL_SECONDS must be a whole number from 0 to 300/],
      [{ REQUEST_TIMEOUT_SECONDS: '0' }, /^REQUEST_TIMEOUT_SECONDS must be a whole number from 1 to 3600/],
      [{ DATABASE_POOL_MAX: '0' }, /^DATABASE_POOL_MAX must be a whole number from 1/],
      [{ DATABASE_STATEMENT_TIMEOUT_SECONDS: '1.5' }, /^DATABASE_STATEMENT_TIMEOUT_SECONDS must be a whole number from 0/],
      [{ INSIGHTS_UPLOAD_CONCURRENCY: '0' }, /^INSIGHTS_UPLOAD_CONCURRENCY must be a whole number from 1 to 64/],
      [{ INSIGHTS_UPLOAD_QUEUE: 'many' }, /^INSIGHTS_UPLOAD_QUEUE must be a whole number from 0 to 1000/],
      [{ INSIGHTS_SCAN_RETENTION: '0' }, /^INSIGHTS_SCAN_RETENTION must be a whole number from 1 to 1000/]
    ]
    for (const [env, message] of cases) {
      assert.throws(
        () => loadConfig(env),
        (error: Error) => error instanceof ConfigError && message.test(error.message) && !error.message.includes('\n')
      )
    }
  })
})
