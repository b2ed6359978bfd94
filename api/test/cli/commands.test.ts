// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { buildApp } from '../../src/app.js'
import { runCli } from '../../src/cli/commands.js'
import { loadConfig } from '../../src/config.js'
import { openDatabase } from '../../src/db/client.js'
import { pgliteTemplate, storeCookies, tempDir } from '../helpers.js'
import { apiEntry } from '../server-process.js'

const apiDir = path.resolve(import.meta.dirname, '..', '..')

interface Run {
  code: number
  stdout: string
  stderr: string
}

// Always the embedded database here: the CLI's own behaviour is what is under test.
const cliEnv = (dataDir: string, env: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...env
})

/** The real thing: a child process, as `npm run cli -- ...` runs it. */
function spawnCli(dataDir: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...apiEntry('cli'), ...args], { cwd: apiDir, env: cliEnv(dataDir) }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr })
    })
  })
}

/** In process (fast): same code path minus process start-up. */
async function cli(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, cliEnv(dataDir, env), { out: (line) => out.push(line), err: (line) => err.push(line) })
  return { code, stdout: out.join('\n'), stderr: err.join('\n') }
}

function assertOneLine(run: Run): void {
  const lines = run.stderr.trim().split('\n')
  assert.equal(lines.length, 1, `one line on stderr: ${run.stderr}`)
  assert.doesNotMatch(run.stderr, /\n\s+at /)
}

describe('admin CLI', () => {
  let dataDir: string
  before(async () => {
    // Start from a migrated folder so nothing pays for PGlite's slow initdb.
    dataDir = tempDir('console-cli-')
    const database = await openDatabase({ kind: 'pglite', dataDir, template: await pgliteTemplate() })
    await database.close()
  })

  it('as a process: --help exits 0, an unknown command exits 2, create-tenant prints a uid', async () => {
    const [help, unknown] = await Promise.all([spawnCli(dataDir, ['--help']), spawnCli(dataDir, ['frobnicate'])])
    assert.equal(help.code, 0)
    for (const command of ['create-tenant', 'create-user', 'reset-password', 'seed', 'migrate'])
      assert.match(help.stdout, new RegExp(command))
    assert.equal(unknown.code, 2)
    assert.match(unknown.stderr, /Unknown command "frobnicate"/)
    assertOneLine(unknown)

    const tenant = await spawnCli(dataDir, ['create-tenant', '--name', 'Spawned'])
    assert.equal(tenant.code, 0, tenant.stderr)
    assert.match(tenant.stdout.trim(), /^[0-9a-f-]{36}$/)
  })

  it('usage mistakes exit 2 with one line', async () => {
    const missing = await cli(dataDir, ['create-tenant'])
    assert.equal(missing.code, 2)
    assert.match(missing.stderr, /^Missing --name\. Usage: npm run cli -- create-tenant --name <name>$/)
    const extra = await cli(dataDir, ['create-tenant', '--name', 'A', '--colour', 'red'])
    assert.equal(extra.code, 2)
    assertOneLine(extra)
    assert.equal((await cli(dataDir, [])).code, 2)
    assert.equal((await cli(dataDir, ['toString'])).code, 2)
  })

  it('create-tenant, create-user and reset-password; the user signs in through the app', async () => {
    const tenant = await cli(dataDir, ['create-tenant', '--name', 'Acme Security'])
    assert.equal(tenant.code, 0, tenant.stderr)
    const tenantUid = tenant.stdout.trim()
    assert.match(tenantUid, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)

    const user = await cli(dataDir, [
      'create-user',
      '--tenant',
      tenantUid,
      '--email',
      'Alice@Acme.test',
      '--password',
      'first-pass'
    ])
    assert.equal(user.code, 0, user.stderr)
    assert.match(user.stdout, /alice@acme\.test/)

    const duplicate = await cli(dataDir, [
      'create-user',
      '--tenant',
      tenantUid,
      '--email',
      'alice@acme.test',
      '--password',
      'another-one'
    ])
    assert.equal(duplicate.code, 1)
    assert.equal(duplicate.stderr, 'A user with email alice@acme.test already exists.')

    const noTenant = await cli(dataDir, [
      'create-user',
      '--tenant',
      '00000000-0000-0000-0000-000000000000',
      '--email',
      'b@acme.test',
      '--password',
      'secret-1'
    ])
    assert.equal(noTenant.code, 1)
    assert.equal(noTenant.stderr, 'No tenant with uid 00000000-0000-0000-0000-000000000000.')

    const badEmail = await cli(dataDir, [
      'create-user',
      '--tenant',
      tenantUid,
      '--email',
      'not-an-email',
      '--password',
      'secret-1'
    ])
    assert.equal(badEmail.code, 1)
    assert.equal(badEmail.stderr, 'Please enter a valid email address.')

    const short = await cli(dataDir, ['reset-password', '--email', 'alice@acme.test', '--password', '123'])
    assert.equal(short.code, 1)
    assert.equal(short.stderr, 'Password must be at least 8 characters long.')

    const nobody = await cli(dataDir, ['reset-password', '--email', 'nobody@acme.test', '--password', 'no-such-user'])
    assert.equal(nobody.code, 1)
    assert.equal(nobody.stderr, 'No user with email nobody@acme.test.')

    // A session from before the reset must die with it.
    const database = await openDatabase({ kind: 'pglite', dataDir })
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false })
    const login = (password: string) =>
      app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email: 'alice@acme.test', password } })
    const before = await login('first-pass')
    assert.equal(before.statusCode, 200)
    const oldCookies = Object.fromEntries(storeCookies(new Map(), before))

    // While this process holds the folder, the CLI refuses clearly (a real process, a real pid).
    const locked = await spawnCli(dataDir, ['create-tenant', '--name', 'Other'])
    assert.equal(locked.code, 1)
    assert.equal(
      locked.stderr.trim(),
      `Another console process (pid ${process.pid}) is using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR`
    )
    await app.close()

    const reset = await cli(dataDir, ['reset-password', '--email', 'alice@acme.test', '--password', 'second-pass'])
    assert.equal(reset.code, 0, reset.stderr)
    assert.match(reset.stdout, /sessions were revoked/)

    const again = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database: await openDatabase({ kind: 'pglite', dataDir }),
      logger: false
    })
    try {
      const relogin = (password: string) =>
        again.inject({ method: 'POST', url: '/api/v1/token/', payload: { email: 'alice@acme.test', password } })
      assert.equal((await again.inject({ url: '/api/v1/token/profile/', cookies: oldCookies })).statusCode, 401)
      assert.equal((await relogin('first-pass')).statusCode, 401)
      const ok = await relogin('second-pass')
      assert.equal(ok.statusCode, 200)
      const profile = await again.inject({
        url: '/api/v1/token/profile/',
        cookies: Object.fromEntries(storeCookies(new Map(), ok))
      })
      assert.equal(profile.json().tenant_uid, tenantUid)
      assert.equal(profile.json().tenant_name, 'Acme Security')
    } finally {
      await again.close()
    }
  })

  // NIST SP 800-63B §3.1.1.2; OWASP ASVS 5.0 V6.2.1 (at least 8 characters), V6.2.4 (not a common
  // password), V6.2.11 (no context-specific word). The same rule as the API (src/password-policy.ts).
  it('create-user and reset-password refuse short, common and context-specific passwords (ASVS V6.2.1, V6.2.4, V6.2.11)', async () => {
    const tenant = await cli(dataDir, ['create-tenant', '--name', 'Policy'])
    const tenantUid = tenant.stdout.trim()
    const refused: Array<[string, RegExp]> = [
      ['123456', /^Password must be at least 8 characters long\.$/],
      ['1234567', /^Password must be at least 8 characters long\.$/],
      ['12345678', /^This password is one of the most common \(breached\) passwords\./],
      ['password', /^This password is one of the most common/],
      ['Qwertyuiop', /^This password is one of the most common/],
      ['iloveyou1', /^This password is one of the most common/],
      ['Console-2026!', /^The password must not be the email address or the name of the console\.$/],
      ['bob.policy99', /^The password must not be the email address or the name of the console\.$/]
    ]
    for (const [password, message] of refused) {
      const created = await cli(dataDir, [
        'create-user',
        '--tenant',
        tenantUid,
        '--email',
        'bob.policy@acme.test',
        '--password',
        password
      ])
      assert.equal(created.code, 1, `create-user ${password}`)
      assert.match(created.stderr, message, password)
      assertOneLine(created)
    }
    const ok = await cli(dataDir, [
      'create-user',
      '--tenant',
      tenantUid,
      '--email',
      'bob.policy@acme.test',
      '--password',
      'correct horse battery'
    ])
    assert.equal(ok.code, 0, ok.stderr)
    for (const [password, message] of refused.slice(0, 6)) {
      const reset = await cli(dataDir, ['reset-password', '--email', 'bob.policy@acme.test', '--password', password])
      assert.equal(reset.code, 1, `reset-password ${password}`)
      assert.match(reset.stderr, message, password)
    }
    // Long passphrases and any characters are fine (V6.2.5, V6.2.9); more than 1024 is not.
    for (const password of ['x'.repeat(64) + ' with spaces', 'Grüße aus Köln 🐧', 'y'.repeat(1024)]) {
      assert.equal(
        (await cli(dataDir, ['reset-password', '--email', 'bob.policy@acme.test', '--password', password])).code,
        0,
        password.slice(0, 20)
      )
    }
    assert.equal(
      (await cli(dataDir, ['reset-password', '--email', 'bob.policy@acme.test', '--password', 'z'.repeat(1025)])).code,
      1
    )
  })

  it('seed is idempotent and says where the demo password came from', async () => {
    const first = await cli(dataDir, ['seed'], { CONSOLE_DEMO_PASSWORD: 'demo-secret' })
    assert.equal(first.code, 0, first.stderr)
    assert.match(
      first.stdout,
      /"Demo Tenant" \([0-9a-f-]{36}\) with user demo@example\.com, password \(password from CONSOLE_DEMO_PASSWORD\)/
    )
    assert.match(first.stdout, /other@example\.com, password \S{8,}/)
    assert.doesNotMatch(first.stdout, /demo-secret/)
    const second = await cli(dataDir, ['seed'])
    assert.equal(second.code, 0)
    assert.match(second.stdout, /nothing to do/)
    assert.equal((await cli(dataDir, ['migrate'])).stdout, 'Database is up to date')
  })
})
