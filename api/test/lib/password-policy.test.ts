import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { count } from 'drizzle-orm'
import { tenants } from '../../src/db/schema/index.js'
import { checkPassword, createTenant, createUser, InputError, resetPassword } from '../../src/lib/accounts.js'
import { seed } from '../../src/lib/seed.js'
import { randomPassword } from '../../src/lib/tokens.js'
import { openTestDatabase, type TestDatabase } from '../helpers.js'

// NIST SP 800-63B §3.1.1.2; OWASP ASVS 5.0 V6.2.1 (≥ 8 characters), V6.2.4 (checked against the
// most common passwords), V6.4.1 (generated initial passwords follow the policy).

describe('password policy (ASVS V6.2.1, V6.2.4)', () => {
  let test: TestDatabase
  before(async () => {
    test = await openTestDatabase()
  })
  after(async () => {
    await test.database.close()
    await test.cleanup()
  })

  it('createUser and resetPassword refuse 123456 and other common passwords', async () => {
    const tenant = await createTenant(test.database.db, 'Policy')
    for (const password of ['123456', 'password', '12345678', 'qwerty123', 'Trustno1']) {
      await assert.rejects(
        createUser(test.database.db, { tenantUid: tenant.uid, email: `p-${password.length}@acme.test`, password }),
        InputError,
        password
      )
    }
    await createUser(test.database.db, { tenantUid: tenant.uid, email: 'policy@acme.test', password: 'plum orbit lantern' })
    await assert.rejects(resetPassword(test.database.db, 'policy@acme.test', 'letmein1'), /most common/)
  })

  it("the seed's generated passwords always pass the policy (ASVS V6.4.1)", () => {
    for (let i = 0; i < 500; i++) {
      const password = randomPassword()
      assert.doesNotThrow(() => checkPassword(password), password)
    }
  })

  it('a seed password that fails the policy creates nothing', async () => {
    const [before] = await test.database.db.select({ n: count() }).from(tenants)
    await assert.rejects(
      seed(test.database.db, { demoPassword: '12345678', honeynet: false, detect: false, insights: false }),
      /most common/
    )
    const [afterSeed] = await test.database.db.select({ n: count() }).from(tenants)
    assert.equal(afterSeed!.n, before!.n)
  })
})
