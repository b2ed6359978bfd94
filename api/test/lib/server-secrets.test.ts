import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import postgres from 'postgres'
import { openDatabase, type Database } from '../../src/db/client.js'
import { CsrfTokens } from '../../src/lib/csrf.js'
import { serverSecret } from '../../src/lib/server-secrets.js'
import { openTestDatabase, usingPostgres, type TestDatabase } from '../helpers.js'

// The CSRF tokens' HMAC key (ASVS 5.0 V3.5.1) lives in the database: every process on one
// PostgreSQL must issue and accept the same tokens.

describe('server secrets', () => {
  let test: TestDatabase
  before(async () => {
    test = await openTestDatabase()
  })
  after(async () => {
    await test.database.close()
    await test.cleanup()
  })

  it('are made once and then read back: a restart keeps them', async () => {
    const first = await serverSecret(test.database.db, 'csrf')
    assert.equal(first.length, 32)
    assert.deepEqual(await serverSecret(test.database.db, 'csrf'), first)
    assert.notDeepEqual(await serverSecret(test.database.db, 'other'), first)
  })

  it('a CSRF token issued with one copy is accepted by another, bound to its session only', async () => {
    const issuer = new CsrfTokens(await serverSecret(test.database.db, 'csrf'))
    const checker = new CsrfTokens(await serverSecret(test.database.db, 'csrf'))
    const token = issuer.issue('family-a')
    assert.ok(checker.verify(token, 'family-a'))
    assert.ok(!checker.verify(token, 'family-b'))
    assert.ok(!new CsrfTokens(randomBytes(32)).verify(token, 'family-a'), 'another secret')
  })
})

describe(
  'server secrets across processes on one PostgreSQL',
  {
    skip: usingPostgres() ? false : 'needs DATABASE_URL (PGlite is one process per data folder)'
  },
  () => {
    const name = `console_test_secrets_${randomBytes(6).toString('hex')}`
    let admin: ReturnType<typeof postgres>
    let one: Database
    let two: Database
    before(async () => {
      admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} })
      await admin.unsafe(`CREATE DATABASE ${name}`)
      const url = new URL(process.env.DATABASE_URL!)
      url.pathname = `/${name}`
      one = await openDatabase({ kind: 'postgres', url: url.toString() })
      await one.migrate()
      two = await openDatabase({ kind: 'postgres', url: url.toString() })
    })
    after(async () => {
      await one.close()
      await two.close()
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end({ timeout: 5 })
    })

    it('two connections starting at once agree on one secret', async () => {
      const [a, b] = await Promise.all([serverSecret(one.db, 'csrf'), serverSecret(two.db, 'csrf')])
      assert.deepEqual(a, b)
    })
  }
)
