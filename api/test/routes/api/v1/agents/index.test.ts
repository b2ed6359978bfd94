import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createSensorKey } from '../../../../../src/lib/honeypot/sensor-keys.js'
import { tempDir } from '../../../../helpers.js'
import { assertBadRequest, assertNotFound, buildDetectApp, keysOf, type DetectApp } from '../detect-fixtures.js'

const hasCc = spawnSync('cc', ['--version']).status === 0

describe('agents: /api/v1/agents/', () => {
  let t: DetectApp
  let key: string
  let agents: Array<{ uid: string; device_type: string; architecture: string; version: string }>
  before(async () => {
    t = await buildDetectApp({ PUBLIC_URL: 'https://console.example.com' })
    key = (await t.send('POST', `/api/v1/tenants/${t.demoTenant}/api-keys/`, { name: 'agents test' })).json().key
    agents = (await t.get('/api/v1/agents/')).json().results
  })
  after(async () => {
    await t.close()
  })

  it('lists the Linux and RTOS builds; one build by uid, with or without the slash', async () => {
    assert.ok(agents.some((a) => a.device_type === 'linux' && a.architecture === 'x86_64'))
    assert.ok(agents.some((a) => a.device_type === 'rtos'))
    for (const agent of agents) assert.deepEqual(keysOf(agent), ['architecture', 'device_type', 'uid', 'version'])
    const one = agents[0]!
    assert.deepEqual((await t.get(`/api/v1/agents/${one.uid}`)).json(), one)
    assert.deepEqual((await t.get(`/api/v1/agents/${one.uid}/`)).json(), one)
    assertNotFound(await t.get('/api/v1/agents/00000000-0000-4000-8000-000000000000'))
    assertNotFound(await t.get('/api/v1/agents/nope'))
    assert.equal((await t.app.inject({ url: '/api/v1/agents/' })).statusCode, 401)
  })

  it('the Linux download is a working sh agent: --help, --version and the inventory JSON of this machine', async () => {
    const linux = agents.find((a) => a.device_type === 'linux')!
    const response = await t.app.inject({ url: `/api/v1/agents/${linux.uid}/download` })
    assert.equal(response.statusCode, 200)
    assert.match(response.headers['content-disposition'] as string, /attachment; filename="console-agent"/)
    const file = path.join(tempDir('console-agent-'), 'console-agent')
    fs.writeFileSync(file, response.body, { mode: 0o755 })
    execFileSync('sh', ['-n', file])
    const help = execFileSync('sh', [file, '--help'], { encoding: 'utf8' })
    assert.match(help, /Usage: console-agent <command>/)
    for (const command of [
      'enroll --server URL --token TOKEN',
      'report',
      'run [--interval SECONDS]',
      'inventory',
      'uninstall',
      '--state-dir DIR'
    ])
      assert.ok(help.includes(command), command)
    assert.equal(execFileSync('sh', [file, '--version'], { encoding: 'utf8' }).trim(), `console-agent ${linux.version}`)
    const report = JSON.parse(execFileSync('sh', [file, 'inventory'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }))
    assert.equal(report.device_type, 'linux')
    assert.ok(report.hostname.length > 0)
    assert.ok(
      report.user_accounts.some(
        (a: { username: string; uid: number; privileges: string }) =>
          a.username === 'root' && a.uid === 0 && a.privileges === 'root'
      )
    )
    assert.ok(
      report.network_interfaces.some(
        (n: { name: string; ip_addresses: string[] }) => n.name === 'lo' && n.ip_addresses.includes('127.0.0.1')
      )
    )
    assert.ok(Array.isArray(report.packages))
    // Usage errors exit 2; commands that need an enrolment say so and exit 1, touching nothing.
    const state = path.join(tempDir('console-agent-state-'), 'state')
    const env = { ...process.env, CONSOLE_AGENT_STATE_DIR: state }
    assert.equal(spawnSync('sh', [file, 'enroll', '--server', 'https://c.example'], { env }).status, 2)
    assert.equal(spawnSync('sh', [file, 'enroll', '--token'], { env }).status, 2)
    const notEnrolled = spawnSync('sh', [file, 'report'], { env, encoding: 'utf8' })
    assert.equal(notEnrolled.status, 1)
    assert.match(notEnrolled.stderr, /not enrolled: run console-agent enroll/)
    assert.equal(spawnSync('sh', [file, 'run', '--interval', 'soon'], { env }).status, 1)
    const unreachable = spawnSync('sh', [file, 'enroll', '--server', 'http://127.0.0.1:9', '--token', 'pt_x'], {
      env,
      encoding: 'utf8'
    })
    assert.equal(unreachable.status, 1)
    assert.match(unreachable.stderr, /cannot reach http:\/\/127\.0\.0\.1:9/)
    assert.ok(!fs.existsSync(path.join(state, 'agent.conf')))
    const badUrl = spawnSync('sh', [file, 'enroll', '--server', 'http://x/;rm -rf /', '--token', 'pt_x'], {
      env,
      encoding: 'utf8'
    })
    assert.equal(badUrl.status, 1)
    assert.match(badUrl.stderr, /--server must be a plain URL/)
    assert.equal(spawnSync('sh', [file, 'bogus']).status, 2)
    assert.equal(spawnSync('sh', [file, 'report', '--colour']).status, 2)
  })

  it('the RTOS download is a tar.gz C SDK whose example builds and prints the inventory JSON', async () => {
    const rtos = agents.find((a) => a.device_type === 'rtos')!
    const response = await t.app.inject({ url: `/api/v1/agents/${rtos.uid}/download` })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'application/gzip')
    const dir = tempDir('console-rtos-sdk-')
    fs.writeFileSync(path.join(dir, 'sdk.tar.gz'), response.rawPayload)
    execFileSync('tar', ['-xzf', 'sdk.tar.gz'], { cwd: dir })
    for (const name of ['console_agent.h', 'console_agent.c', 'example_client.c', 'README.md'])
      assert.ok(fs.existsSync(path.join(dir, name)), name)
    const header = fs.readFileSync(path.join(dir, 'console_agent.h'), 'utf8')
    for (const fn of ['console_agent_encode(', 'console_agent_enroll(', 'console_agent_report('])
      assert.ok(header.includes(`int ${fn}`), fn)
    // The build's version and architecture are filled in; no placeholder is left in any file.
    assert.ok(header.includes(`#define CONSOLE_AGENT_VERSION "${rtos.version}"`))
    assert.ok(
      fs
        .readFileSync(path.join(dir, 'README.md'), 'utf8')
        .startsWith(`# console agent SDK ${rtos.version} for RTOS (${rtos.architecture})`)
    )
    for (const name of ['console_agent.h', 'console_agent.c', 'example_client.c', 'README.md'])
      assert.ok(!fs.readFileSync(path.join(dir, name), 'utf8').includes('@@'), name)
    if (hasCc) {
      execFileSync('cc', ['-std=c99', '-Wall', '-Werror', '-o', 'example', 'example_client.c', 'console_agent.c'], { cwd: dir })
      const json = JSON.parse(execFileSync(path.join(dir, 'example'), { encoding: 'utf8' }))
      assert.equal(json.device_type, 'rtos')
      assert.ok(json.threads.length > 0 && json.packages.length > 0)
    }
  })

  it('install scripts name this server (PUBLIC_URL), the build uids and the enrol step; uninstall reverses', async () => {
    const linux = await t.app.inject({ url: '/api/v1/agents/linux/install', headers: { 'x-api-key': key } })
    assert.equal(linux.statusCode, 200)
    assert.match(linux.body, /^#!\/bin\/sh/)
    assert.match(linux.body, /SERVER=\$\{CONSOLE_SERVER:-'https:\/\/console\.example\.com'\}/)
    const x86 = agents.find((a) => a.device_type === 'linux' && a.architecture === 'x86_64')!
    assert.ok(linux.body.includes(x86.uid))
    assert.match(linux.body, /\/api\/v1\/agents\/\$AGENT\/download/)
    assert.match(linux.body, /PROVISION_TOKEN="\$PROVISION_TOKEN" "\$BIN" enroll --server "\$SERVER"\n/)
    assert.match(linux.body, /\/usr\/local\/bin\/console-agent/)
    const uninstall = await t.app.inject({ url: '/api/v1/agents/linux/uninstall', headers: { 'x-api-key': key } })
    assert.match(uninstall.body, /rm -f \/etc\/cron.d\/console-agent \/usr\/local\/bin\/console-agent/)
    const rtos = await t.app.inject({ url: '/api/v1/agents/rtos/install', headers: { 'x-api-key': key } })
    assert.match(rtos.body, /tar -xzf/)
    assertBadRequest(await t.app.inject({ url: '/api/v1/agents/windows/install', headers: { 'x-api-key': key } }))
  })

  it('install and uninstall take only a tenant API key: a report token or a sensor key gets 401', async () => {
    const report = (await t.send('POST', '/api/v1/insights/reports/', { name: 'token holder' })).json()
    const { key: sensorKey } = await createSensorKey(t.app.db, 'agents test sensor')
    for (const path of ['/api/v1/agents/linux/install', '/api/v1/agents/rtos/uninstall']) {
      assert.equal((await t.app.inject({ url: path, headers: { 'x-api-key': key } })).statusCode, 200)
      for (const other of [report.token, sensorKey]) {
        const response = await t.app.inject({ url: path, headers: { 'x-api-key': other } })
        assert.equal(response.statusCode, 401, `${path} with ${other.slice(0, 3)}…`)
        assert.ok(!response.body.includes('#!/bin/sh'))
      }
    }
  })
})

describe('agents: install script origin without PUBLIC_URL', () => {
  let t: DetectApp
  before(async () => {
    t = await buildDetectApp()
  })
  after(async () => {
    await t.close()
  })

  it("uses the request's origin, and never a Host header that could inject shell", async () => {
    const key = (await t.send('POST', `/api/v1/tenants/${t.demoTenant}/api-keys/`, { name: 'origin' })).json().key
    const normal = await t.app.inject({
      url: '/api/v1/agents/linux/install',
      headers: { 'x-api-key': key, host: 'console.local:8443' }
    })
    assert.match(normal.body, /'http:\/\/console\.local:8443'/)
    const evil = await t.app.inject({
      url: '/api/v1/agents/linux/install',
      headers: { 'x-api-key': key, host: "x';touch${IFS}pwned;'" }
    })
    assert.ok(!evil.body.includes('pwned'))
    assert.match(evil.body, /'http:\/\/localhost:8080'/)
  })
})
