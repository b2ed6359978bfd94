import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { seed } from '../src/lib/seed.js'
import { openTestDatabase, sessionFrom, storeCookies, type TestDatabase } from './helpers.js'

describe('request logging', () => {
  const lines: string[] = []
  let db: TestDatabase
  let app: Awaited<ReturnType<typeof buildApp>>
  before(async () => {
    db = await openTestDatabase()
    await seed(db.database.db, { demoPassword: 'logged-password?', otherPassword: 'other-password' })
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'trace' }),
      database: db.database,
      logStream: {
        write: (line) => {
          lines.push(line)
        }
      }
    })
    app.get('/api/v1/test-log-headers/', { config: { auth: 'none' } }, async (request) => {
      request.log.info({ headers: request.headers }, 'with headers')
      return {}
    })
    await app.ready()
  })
  after(async () => {
    await app.close()
    await db.cleanup()
  })

  it('never writes passwords, tokens, cookies or key headers', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: 'demo@example.com', password: 'logged-password?' }
    })
    assert.equal(login.statusCode, 200)
    const session = sessionFrom(storeCookies(new Map(), login), login)
    const refresh = await app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: session.headers() })
    assert.equal(refresh.statusCode, 200)
    await app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: 'demo@example.com', password: 'wrong-secret-x' }
    })
    await app.inject({
      url: '/api/v1/test-log-headers/',
      headers: { ...session.headers(), 'x-api-key': 'key-secret-y', authorization: 'Bearer z-secret' }
    })

    const log = lines.join('')
    assert.ok(log.includes('request completed'), 'requests are logged')
    const secrets = [
      'logged-password?',
      'wrong-secret-x',
      'key-secret-y',
      'z-secret',
      ...session.jar.values(),
      ...storeCookies(new Map(), refresh).values()
    ]
    for (const secret of secrets) assert.ok(!log.includes(secret), `log leaks ${secret}`)
    assert.ok(log.includes('[redacted]'), 'headers logged on purpose are redacted')
  })
})
