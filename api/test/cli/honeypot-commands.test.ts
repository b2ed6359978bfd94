// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { buildApp } from '../../src/app.js'
import { runCli } from '../../src/cli/commands.js'
import { loadConfig } from '../../src/config.js'
import { openDatabase } from '../../src/db/client.js'
import { pgliteTemplate, tempDir } from '../helpers.js'
import { cowrieEvent } from '../lib/honeypot/honeypot-helpers.js'

const env = (dataDir: string) => ({ PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' })

async function cli(dataDir: string, args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, env(dataDir), { out: (line) => out.push(line), err: (line) => err.push(line) })
  return { code, stdout: out.join('\n'), stderr: err.join('\n') }
}

describe('honeypot CLI commands', () => {
  let dataDir: string
  before(async () => {
    dataDir = tempDir('console-cli-honeypot-')
    const database = await openDatabase({ kind: 'pglite', dataDir, template: await pgliteTemplate() })
    await database.close()
  })

  it('creates a sensor key shown once that the ingest endpoint accepts, lists it and revokes it', async () => {
    const created = await cli(dataDir, ['create-sensor-key', '--name', 'hp-ams-01'])
    assert.equal(created.code, 0, created.stderr)
    const key = created.stdout
    assert.match(key, /^hps_[\w-]{43}$/)
    assert.match(created.stderr, /not shown again/)

    const listed = await cli(dataDir, ['list-sensor-keys'])
    assert.equal(listed.code, 0)
    assert.match(listed.stdout, new RegExp(`\\t${key.slice(0, 12)}\\thp-ams-01\\t.*\\tactive$`))
    assert.doesNotMatch(listed.stdout, new RegExp(key.slice(12)))

    const ingest = async () => {
      const database = await openDatabase({ kind: 'pglite', dataDir })
      const app = await buildApp({ config: loadConfig(env(dataDir)), database, logger: false })
      try {
        return (
          await app.inject({
            method: 'POST',
            url: '/api/v1/honeypot/events/',
            headers: { 'content-type': 'application/x-ndjson', 'x-api-key': key },
            payload: cowrieEvent('cowrie.session.connect', 'cli000000001', 1000)
          })
        ).statusCode
      } finally {
        await app.close()
      }
    }
    assert.equal(await ingest(), 200)

    const revoked = await cli(dataDir, ['revoke-sensor-key', '--key', key.slice(0, 12)])
    assert.equal(revoked.code, 0, revoked.stderr)
    assert.equal(revoked.stdout, 'Revoked 1 sensor key')
    assert.equal(await ingest(), 401)
    assert.equal((await cli(dataDir, ['revoke-sensor-key', '--key', key.slice(0, 12)])).code, 1)
  })

  it('needs a name, and prunes on demand', async () => {
    assert.equal((await cli(dataDir, ['create-sensor-key'])).code, 2)
    const pruned = await cli(dataDir, ['prune-honeypot'])
    assert.equal(pruned.code, 0, pruned.stderr)
    assert.match(pruned.stdout, /^Pruned 0 events, 0 sessions and 0 rollup rows older than 30 days$/)
  })
})
