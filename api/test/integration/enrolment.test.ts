// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { runCli } from '../../src/cli/commands.js'
import { openDatabase } from '../../src/db/client.js'
import { osvEcosystem } from '../../src/lib/vulns/ecosystems.js'
import { pgliteTemplate, tempDir } from '../helpers.js'
import { runningServer, type RunningServer } from '../server-process.js'

// End to end on this very machine: the API runs as its own process on a free port (embedded
// database in a temp DATA_DIR), the real Linux agent downloaded from it enrols this machine with a
// provision token made through the API and reports; the console's API must then show this host
// with exactly the packages its package manager lists. The RTOS reference client and the device
// simulator go through the same HTTP endpoints.

const PASSWORD = 'integration-password'
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0

/** Installed packages as the machine's package manager counts them (null: no known manager). */
function installedPackages(): number | null {
  if (has('dpkg-query') && fs.existsSync('/var/lib/dpkg')) {
    // `dpkg-query -W` also lists removed-but-configured packages ("rc"); installed ones have "i" second.
    const status = execFileSync('dpkg-query', ['-W', '-f=${db:Status-Abbrev}\n'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024
    })
    return status.split('\n').filter((line) => line[1] === 'i').length
  }
  if (has('rpm'))
    return execFileSync('rpm', ['-qa'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .filter(Boolean).length
  if (fs.existsSync('/lib/apk/db/installed'))
    return fs
      .readFileSync('/lib/apk/db/installed', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('P:')).length
  return null
}

const startServer = async (dataDir: string): Promise<RunningServer> =>
  await runningServer(dataDir, { CONSOLE_DEMO_PASSWORD: PASSWORD })

/** A signed-in console user over real HTTP (cookies + CSRF header). */
async function signIn(base: string) {
  const login = await fetch(`${base}/api/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: PASSWORD })
  })
  assert.equal(login.status, 200)
  const cookies = new Map(login.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]))
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const headers = { cookie, 'x-csrftoken': cookies.get('csrftoken') ?? '', 'content-type': 'application/json' }
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    return { status: response.status, json: (await response.json()) as any } // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  const profile = await call('GET', '/api/v1/token/profile/')
  return { call, tenant: profile.json.tenant_uid as string }
}

describe('enrolment end to end: real agents against the running API', () => {
  let server: RunningServer
  let session: Awaited<ReturnType<typeof signIn>>
  let token: string
  const work = tempDir('console-agent-e2e-')
  let dataDir: string
  /** This machine's device and the agent that enrolled it (set by the first test). */
  let machine: { uid: string; agent: string } | undefined

  before(async () => {
    dataDir = tempDir('console-enrol-server-')
    const database = await openDatabase({ kind: 'pglite', dataDir, template: await pgliteTemplate() })
    await database.close()
    server = await startServer(dataDir)
    session = await signIn(server.base)
    const created = await session.call('POST', `/api/v1/tenants/${session.tenant}/provision-tokens/`, {
      name: 'integration test'
    })
    assert.equal(created.status, 201)
    token = created.json.token
  })
  after(async () => {
    if (server === undefined) return
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await exited
  })

  it('the downloaded Linux agent enrols this machine and reports its real packages', async (context) => {
    const expected = installedPackages()
    if (expected === null) {
      context.skip('no dpkg, rpm or apk database on this machine')
      return
    }
    const agents = (await session.call('GET', '/api/v1/agents/')).json.results as Array<{
      uid: string
      device_type: string
      architecture: string
    }>
    const linux =
      agents.find((a) => a.device_type === 'linux' && a.architecture === os.machine()) ??
      agents.find((a) => a.device_type === 'linux')!
    const download = await fetch(`${server.base}/api/v1/agents/${linux.uid}/download`)
    assert.equal(download.status, 200)
    const agent = path.join(work, 'console-agent')
    fs.writeFileSync(agent, Buffer.from(await download.arrayBuffer()))
    const state = path.join(work, 'state')
    const sh = (...args: string[]) =>
      spawnSync('sh', [agent, ...args, '--state-dir', state], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })

    const enrol = sh('enroll', '--server', server.base, '--token', token)
    assert.equal(enrol.status, 0, enrol.stderr)
    const uid = /enrolled as device ([0-9a-f-]{36})/.exec(enrol.stdout)?.[1]
    assert.ok(uid, enrol.stdout)
    assert.equal(fs.statSync(path.join(state, 'agent.conf')).mode & 0o777, 0o600, 'the credential file is private')
    assert.equal(fs.statSync(state).mode & 0o777, 0o700)
    assert.match(fs.readFileSync(path.join(state, 'agent.conf'), 'utf8'), /^CREDENTIAL=dc_/m)

    const report = sh('report')
    assert.equal(report.status, 0, report.stderr)
    assert.match(report.stdout, new RegExp(`inventory reported to .* \\(${expected} packages\\)`))

    // What the console shows for this host.
    const hostname = os.hostname()
    const list = await session.call(
      'GET',
      `/api/v1/tenants/${session.tenant}/devices/?search=${encodeURIComponent(hostname)}&limit=200`
    )
    const mine = list.json.results.filter((d: { hostname: string }) => d.hostname === hostname)
    assert.equal(mine.length, 1, `one device named ${hostname}`)
    assert.equal(mine[0].uid, uid)
    assert.equal(mine[0].package_count, expected, `the package count of ${hostname} equals its package manager's`)
    assert.notEqual(mine[0].last_connected, null)
    const count = await session.call('GET', `/api/v1/tenants/${session.tenant}/devices/${uid}/packages/count/`)
    assert.equal(count.json.count, expected)
    // Only the seed is loaded: its demo catalogue matches the demo's simulated devices, never a
    // real machine, whatever its packages (this one may well run the Debian 12 the demo ladders name).
    assert.equal(mine[0].cve_count, 0)
    assert.equal(count.json.cve_count, 0)
    machine = { uid: uid!, agent }
    const detail = (await session.call('GET', `/api/v1/tenants/${session.tenant}/devices/${uid}/`)).json
    assert.equal(detail.kernel_version, os.release())
    assert.ok(
      detail.user_accounts.some((a: { username: string; privileges: string }) => a.username === 'root' && a.privileges === 'root')
    )
    assert.ok(detail.network_interfaces.some((i: { name: string }) => i.name === 'lo'))
    if (fs.existsSync('/etc/os-release')) {
      const name = /^NAME="?([^"\n]*)"?$/m.exec(fs.readFileSync('/etc/os-release', 'utf8'))?.[1]
      assert.equal(detail.platform_name, name)
    }

    // Enrolling this machine again keeps its device; the old credential stops working.
    const before = fs.readFileSync(path.join(state, 'agent.conf'), 'utf8')
    // (the token from the environment this time, as the install script passes it)
    const again = spawnSync('sh', [agent, 'enroll', '--server', server.base, '--state-dir', state], {
      encoding: 'utf8',
      env: { ...process.env, PROVISION_TOKEN: token }
    })
    assert.equal(again.status, 0, again.stderr)
    assert.ok(again.stdout.includes(uid!))
    assert.notEqual(fs.readFileSync(path.join(state, 'agent.conf'), 'utf8'), before)
    assert.equal(sh('report').status, 0)

    // A disabled token is refused with the console's own words; nothing else changes.
    const tokens = (await session.call('GET', `/api/v1/tenants/${session.tenant}/provision-tokens/`)).json.results
    const disabled = await session.call('POST', `/api/v1/tenants/${session.tenant}/provision-tokens/`, { name: 'disabled' })
    await session.call('PATCH', `/api/v1/tenants/${session.tenant}/provision-tokens/${disabled.json.uid}/`, { enabled: false })
    const refused = spawnSync(
      'sh',
      [agent, 'enroll', '--server', server.base, '--token', disabled.json.token, '--state-dir', path.join(work, 'other-state')],
      { encoding: 'utf8' }
    )
    assert.equal(refused.status, 1)
    assert.match(refused.stderr, /enrolment refused \(HTTP 403\): This provision token is disabled/)
    assert.ok(tokens.length >= 1)

    const removed = sh('uninstall')
    assert.equal(removed.status, 0, removed.stderr)
    assert.equal(fs.existsSync(state), false, 'uninstall removed the state dir')
  })

  it('without curl the agent talks through GNU wget', async (context) => {
    if (!has('wget') || !/GNU Wget/.test(spawnSync('wget', ['--version'], { encoding: 'utf8' }).stdout ?? '')) {
      context.skip('no GNU wget')
      return
    }
    // A PATH with every program of this machine except curl.
    const bin = path.join(work, 'bin-without-curl')
    fs.mkdirSync(bin)
    for (const dir of (process.env.PATH ?? '').split(':')) {
      if (!fs.existsSync(dir)) continue
      for (const name of fs.readdirSync(dir)) {
        if (name !== 'curl' && !fs.existsSync(path.join(bin, name))) fs.symlinkSync(path.join(dir, name), path.join(bin, name))
      }
    }
    const agents = (await session.call('GET', '/api/v1/agents/')).json.results as Array<{ uid: string; device_type: string }>
    const agent = path.join(work, 'console-agent-wget')
    fs.writeFileSync(
      agent,
      Buffer.from(
        await (
          await fetch(`${server.base}/api/v1/agents/${agents.find((a) => a.device_type === 'linux')!.uid}/download`)
        ).arrayBuffer()
      )
    )
    const state = path.join(work, 'wget-state')
    const env = { PATH: bin }
    assert.notEqual(spawnSync('sh', ['-c', 'command -v curl'], { env }).status, 0, 'curl is hidden')
    const enrol = spawnSync('sh', [agent, 'enroll', '--server', server.base, '--token', token, '--state-dir', state], {
      env,
      encoding: 'utf8'
    })
    assert.equal(enrol.status, 0, enrol.stderr)
    const report = spawnSync('sh', [agent, 'report', '--state-dir', state], { env, encoding: 'utf8' })
    assert.equal(report.status, 0, report.stderr)
    assert.match(report.stdout, /inventory reported to .* \(\d+ packages\)/)
    assert.deepEqual(
      fs.readdirSync(state).sort(),
      ['agent.conf', 'last-report.json'],
      'no header file (with the credential) is left behind'
    )
    const refused = spawnSync('sh', [agent, 'enroll', '--server', server.base, '--token', 'pt_wrong', '--state-dir', state], {
      env,
      encoding: 'utf8'
    })
    assert.equal(refused.status, 1)
    assert.match(refused.stderr, /enrolment refused \(HTTP 401\): Invalid provision token/)
  })

  it('the RTOS reference client from the SDK enrols and reports threads', async (context) => {
    if (!has('cc')) {
      context.skip('no C compiler')
      return
    }
    const agents = (await session.call('GET', '/api/v1/agents/')).json.results as Array<{ uid: string; device_type: string }>
    const rtos = agents.find((a) => a.device_type === 'rtos')!
    const dir = path.join(work, 'rtos')
    fs.mkdirSync(dir)
    fs.writeFileSync(
      path.join(dir, 'sdk.tar.gz'),
      Buffer.from(await (await fetch(`${server.base}/api/v1/agents/${rtos.uid}/download`)).arrayBuffer())
    )
    execFileSync('tar', ['-xzf', 'sdk.tar.gz'], { cwd: dir })
    execFileSync('cc', ['-std=c99', '-Wall', '-Werror', '-o', 'example', 'example_client.c', 'console_agent.c'], { cwd: dir })
    const run = spawnSync(path.join(dir, 'example'), [server.base, token, 'mcu-integration-0001', '2'], { encoding: 'utf8' })
    assert.equal(run.status, 0, run.stderr)
    const uid = /enrolled as device ([0-9a-f-]{36})/.exec(run.stdout)?.[1]
    assert.ok(uid, run.stdout)
    assert.equal(run.stdout.match(/inventory reported \(HTTP 200\)/g)?.length, 2)
    const detail = (await session.call('GET', `/api/v1/tenants/${session.tenant}/devices/${uid}/`)).json
    assert.equal(detail.device_type, 'rtos')
    assert.equal(detail.platform_name, 'Zephyr')
    const threads = (await session.call('GET', `/api/v1/tenants/${session.tenant}/devices/${uid}/threads/`)).json.results
    assert.deepEqual(threads.map((t: { thread_name: string }) => t.thread_name).sort(), ['idle', 'main', 'net_rx', 'sensor_poll'])
    const refused = spawnSync(path.join(dir, 'example'), [server.base, 'pt_wrong', 'mcu-integration-0002'], { encoding: 'utf8' })
    assert.equal(refused.status, 1)
    assert.match(refused.stderr, /HTTP 401 .*Invalid provision token/)
  })

  it('simulate-devices enrols simulated devices over HTTP and streams reports; a rerun re-enrols the same ones', async () => {
    const lines: string[] = []
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) }
    const args = [
      'simulate-devices',
      '--server',
      server.base,
      '--token',
      token,
      '--count',
      '6',
      '--packages',
      '150',
      '--type',
      'mixed',
      '--reports',
      '2',
      '--concurrency',
      '3'
    ]
    assert.equal(await runCli(args, { PATH: process.env.PATH }, io), 0, lines.join('\n'))
    assert.match(lines.at(-1)!, /^6 devices enrolled \(6 new\), 12 reports sent, [\d.]+ reports\/s$/)
    const sims = (await session.call('GET', `/api/v1/tenants/${session.tenant}/devices/?search=sim-&limit=200`)).json
    assert.equal(sims.count, 6)
    const linux = sims.results.filter((d: { device_type: string }) => d.device_type === 'linux')
    assert.equal(linux.length, 5, 'mixed: every fourth device is RTOS')
    for (const device of linux) assert.equal(device.package_count, 150)

    lines.length = 0
    assert.equal(await runCli(args, { PATH: process.env.PATH }, io), 0, lines.join('\n'))
    assert.match(lines.at(-1)!, /^6 devices enrolled \(0 new\)/)
    assert.equal((await session.call('GET', `/api/v1/tenants/${session.tenant}/devices/?search=sim-&limit=200`)).json.count, 6)

    const bad = await runCli(
      ['simulate-devices', '--server', server.base, '--token', 'pt_wrong', '--count', '2'],
      { PATH: process.env.PATH },
      io
    )
    assert.equal(bad, 1)
    assert.match(lines.at(-1)!, /2 requests failed, e\.g\.: enrol: HTTP 401 Invalid provision token/)
    assert.equal(
      await runCli(
        ['simulate-devices', '--server', server.base, '--token', token, '--count', 'many'],
        { PATH: process.env.PATH },
        io
      ),
      2
    )
  })

  it("a real advisory (import-osv) for one of this machine's packages gives exactly that finding", async (context) => {
    if (machine === undefined) {
      context.skip('this machine was not enrolled (no package database)')
      return
    }
    const inventory = JSON.parse(
      spawnSync('sh', [machine.agent, 'inventory', '--state-dir', path.join(work, 'inventory-state')], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024
      }).stdout
    ) as {
      platform_id: string
      platform_version_id: string
      packages: Array<{ name: string; version: string; source_name: string }>
    }
    const ecosystem = osvEcosystem(inventory.platform_id, inventory.platform_version_id)
    if (ecosystem === null) {
      context.skip(`no OSV ecosystem for ${inventory.platform_id} ${inventory.platform_version_id}`)
      return
    }
    // A source package that builds exactly one of this machine's packages, so one finding is expected.
    const sourceOf = (pkg: { name: string; source_name: string }) => pkg.source_name || pkg.name
    const bySource = new Map<string, typeof inventory.packages>()
    for (const pkg of inventory.packages) bySource.set(sourceOf(pkg), [...(bySource.get(sourceOf(pkg)) ?? []), pkg])
    const [source, [target]] = [...bySource].filter(([, list]) => list.length === 1).sort(([a], [b]) => (a < b ? -1 : 1))[0]!
    assert.ok(target)

    // Written here, in OSV's format as Debian's and Ubuntu's records are (source package name,
    // an ECOSYSTEM range and the affected versions); CVE-2999-…: no real CVE has that year.
    const record = {
      schema_version: '1.7.3',
      id: 'DSA-9990-1',
      published: '2026-01-01T00:00:00Z',
      modified: '2026-01-01T00:00:00Z',
      upstream: ['CVE-2999-9001'],
      summary: `${source} - security update (test record)`,
      details: `A test advisory written by the enrolment test: ${source} ${target.version} on ${ecosystem}.`,
      severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
      affected: [
        {
          package: { ecosystem, name: source },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: `${target.version}+test1` }] }],
          versions: [target.version]
        }
      ]
    }
    const file = path.join(work, 'DSA-9990-1.json')
    fs.writeFileSync(file, JSON.stringify(record, null, 2))

    // The embedded database takes one process: the server stops for the CLI, then starts again.
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await exited
    const lines: string[] = []
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) }
    assert.equal(
      await runCli(['import-osv', file], { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, io),
      0,
      lines.join('\n')
    )
    assert.match(lines[0]!, /^Imported 1 OSV record from 1 document: 1 CVE, 1 affected package row;/)
    server = await startServer(dataDir)
    session = await signIn(server.base)

    const base = `/api/v1/tenants/${session.tenant}/devices/${machine.uid}/packages/`
    const count = (await session.call('GET', `${base}count/`)).json
    assert.equal(count.cve_count, 1)
    assert.equal(count.high_risk_cve_count, 1, 'CVSS 9.8')
    const found = (await session.call('GET', `${base}?ordering=-score&limit=3`)).json.results.filter(
      (row: { cve_id: string | null }) => row.cve_id !== null
    )
    assert.deepEqual(
      found.map((row: { name: string; version: string; cve_id: string; score: number }) => [
        row.name,
        row.version,
        row.cve_id,
        row.score
      ]),
      [[target.name, target.version, 'CVE-2999-9001', 9.8]]
    )
  })
})
