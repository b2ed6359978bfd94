// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { auditResultFor, profileScores, type AuditResult } from '../../../src/lib/insights/scanner/audit.js'
import { PROFILES, RULE_SET, RULES, SSHD_DEFAULTS, STRATEGIES } from '../../../src/lib/insights/scanner/rules.js'
import { rulesTable, SCANNER_VERSION, scannerScript } from '../../../src/lib/insights/scanner/script.js'
import { tempDir } from '../../helpers.js'

interface Bom {
  bomFormat: string
  specVersion: string
  serialNumber?: string
  version: number
  metadata: {
    timestamp: string
    tools: { components: Array<{ type: string; name: string; version: string }> }
    component: { type: string; name: string; version?: string }
  }
  components: Array<{
    type: string
    'bom-ref': string
    name: string
    version: string
    purl: string
    licenses?: Array<{ license: { name: string } }>
  }>
}
interface Run {
  status: number | null
  stdout: string
  stderr: string
  bom: Bom
  audit: AuditResult
  out: string
}

const script = path.join(tempDir('console-scan-'), 'console-scan')
fs.writeFileSync(script, scannerScript(), { mode: 0o755 })
fs.chmodSync(path.dirname(script), 0o755) // readable by the non-root run too

const has = (command: string, ...args: string[]): boolean => spawnSync(command, args, { stdio: 'ignore' }).status === 0
// sh (dash on Debian), bash as RHEL's sh, dash where sh is something else, busybox as on Alpine.
const shIsDash = fs.realpathSync('/bin/sh').endsWith('dash')
const SHELLS: string[][] = [
  ['sh'],
  ...(has('bash', '--posix', '-c', 'true') ? [['bash', '--posix']] : []),
  ...(!shIsDash && has('dash', '-c', 'true') ? [['dash']] : []),
  ...(has('busybox', 'sh', '-c', 'true') ? [['busybox', 'sh']] : [])
]
const isRoot = process.getuid?.() === 0
const testEnv = { ...process.env, no_proxy: '*', NO_PROXY: '*' }

/** Runs the scanner (asynchronously, so a server in this process can answer it). */
function runScanner(
  args: string[],
  { shell = ['sh'], env = {}, user }: { shell?: string[]; env?: Record<string, string>; user?: number } = {}
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const argv = [...shell, script, ...args]
  const [command, ...rest] =
    user === undefined ? argv : ['setpriv', `--reuid=${user}`, `--regid=${user}`, '--clear-groups', ...argv]
  return new Promise((resolve, reject) => {
    const child = spawn(command!, rest, { env: { ...testEnv, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (status) => {
      resolve({ status, stdout, stderr })
    })
  })
}

async function scan({
  root,
  shell,
  user,
  path: searchPath
}: { root?: string; shell?: string[]; user?: number; path?: string } = {}): Promise<Run> {
  const out = path.join(tempDir('console-scan-out-'), 'result')
  if (user !== undefined) fs.chmodSync(path.dirname(out), 0o777)
  const env: Record<string, string> = {
    ...(root === undefined ? {} : { CONSOLE_SCAN_ROOT: root }),
    ...(searchPath === undefined ? {} : { PATH: searchPath })
  }
  const result = await runScanner(['--no-upload', '--out', out], {
    env,
    ...(shell ? { shell } : {}),
    ...(user === undefined ? {} : { user })
  })
  assert.equal(result.status, 0, result.stderr)
  return {
    ...result,
    out,
    bom: JSON.parse(fs.readFileSync(path.join(out, 'bom.json'), 'utf8')) as Bom,
    audit: JSON.parse(fs.readFileSync(path.join(out, 'audit.json'), 'utf8')) as AuditResult
  }
}

const statusOf = (run: Run, id: string): string => {
  const result = run.audit.results.find((r) => r.id === id)
  assert.ok(result, `no result for ${id}`)
  return result.status
}
const messageOf = (run: Run, id: string): string => run.audit.results.find((r) => r.id === id)!.message

/** Every component's purl is a well-formed package URL that names that component. */
function assertPurls(bom: Bom, type: string, namespace: string): void {
  const refs = new Set<string>()
  for (const component of bom.components) {
    assert.equal(component.type, 'library')
    const match = /^pkg:([a-z]+)\/([^/@?#]+)\/([^/@?#]+)@([^?#]+)(?:\?([^#]+))?$/.exec(component.purl)
    assert.ok(match, `malformed purl ${component.purl}`)
    assert.equal(match[1], type)
    assert.equal(decodeURIComponent(match[2]!), namespace)
    assert.equal(decodeURIComponent(match[3]!), component.name)
    for (const pair of (match[5] ?? '').split('&').filter(Boolean)) assert.match(pair, /^[a-z]+=[^&=]+$/)
    assert.ok(!refs.has(component['bom-ref']), `duplicate bom-ref ${component['bom-ref']}`)
    refs.add(component['bom-ref'])
  }
}

/** The checks every audit.json must pass: the shipped rules, one valid result each, consistent scores. */
function assertAuditShape(audit: AuditResult): void {
  assert.deepEqual(Object.keys(audit), ['rules', 'results', 'profile_scores'])
  assert.deepEqual(audit.rules, RULE_SET)
  assert.deepEqual(
    audit.results.map((r) => r.id),
    RULES.map((r) => r.id)
  )
  for (const result of audit.results) {
    assert.ok(['PASS', 'FAIL', 'SKIPPED'].includes(result.status), `${result.id}: ${result.status}`)
    assert.equal(typeof result.message, 'string')
    assert.ok(result.message.length > 0, `${result.id} has no message`)
  }
  assert.deepEqual(audit.profile_scores, profileScores(RULES, audit.results))
}

function machinePackageCount(): { type: string; count: number } | undefined {
  const count = (command: string, args: string[], filter: (line: string) => boolean = () => true) =>
    spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .stdout.split('\n')
      .filter((l) => l !== '' && filter(l)).length
  if (has('dpkg-query', '--version'))
    return { type: 'deb', count: count('dpkg-query', ['-W', '-f=${db:Status-Status}\\n'], (l) => l === 'installed') }
  if (has('rpm', '--version')) return { type: 'rpm', count: count('rpm', ['-qa']) }
  if (has('apk', '--version')) return { type: 'apk', count: count('apk', ['info']) }
  return undefined
}

function osRelease(file = '/etc/os-release'): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z_]+)=("?)(.*)\2$/.exec(line)
    if (match) fields[match[1]!] = match[3]!
  }
  return fields
}

function write(root: string, file: string, content: string, mode?: number): void {
  const target = path.join(root, file)
  fs.mkdirSync(path.dirname(target), { recursive: true })
  fs.writeFileSync(target, content)
  if (mode !== undefined) fs.chmodSync(target, mode)
}

function listTree(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map(
      (entry) =>
        `${path.relative(dir, path.join(entry.parentPath, entry.name))} ${fs.lstatSync(path.join(entry.parentPath, entry.name)).mode}`
    )
    .sort()
}

describe('INSIGHTS scanner: the rule set', () => {
  it('has at least 40 rules with unique ids, every field, defined profiles and an implemented test', () => {
    assert.ok(RULES.length >= 40, `${RULES.length} rules`)
    assert.equal(new Set(RULES.map((r) => r.id)).size, RULES.length)
    const used = new Set<string>()
    for (const rule of RULES) {
      assert.match(rule.id, /^[a-z0-9_]+$/)
      for (const field of ['title', 'version', 'description'] as const)
        assert.ok(rule[field].trim().length > 0, `${rule.id}.${field}`)
      assert.ok(['critical', 'high', 'medium', 'low'].includes(rule.severity), rule.id)
      assert.ok(rule.profiles.length > 0, `${rule.id} has no profile`)
      for (const profile of rule.profiles) {
        assert.ok(profile in RULE_SET.globals.profiles, `${rule.id}: profile ${profile}`)
        used.add(profile)
      }
      assert.ok(rule.regulations.length > 0, `${rule.id} has no regulation`)
      for (const regulation of rule.regulations)
        assert.ok(regulation.id !== '' && regulation.controls.length > 0 && regulation.controls.every((c) => c !== ''), rule.id)
      assert.ok(Object.keys(rule.os).length > 0 && Object.values(rule.os).every((v) => v.length > 0), `${rule.id}.os`)
      assert.ok(STRATEGIES[rule.test.type]?.includes(rule.test.strategy), `${rule.id}: ${rule.test.type}/${rule.test.strategy}`)
      assert.ok(rule.test.target !== '' && rule.test.check !== '', rule.id)
      if (rule.test.type === 'sshd_config')
        assert.ok(rule.test.target in SSHD_DEFAULTS, `${rule.id}: no OpenSSH default for ${rule.test.target}`)
    }
    assert.deepEqual([...used].sort(), Object.keys(PROFILES).sort(), 'every profile has rules')
    for (const profile of Object.values(RULE_SET.globals.profiles)) assert.ok(profile.description.length > 0)
    // The areas: SSH, accounts, file permissions, kernel parameters, services.
    for (const type of ['sshd_config', 'accounts', 'file_permissions', 'sysctl', 'service'])
      assert.ok(
        RULES.some((r) => r.test.type === type),
        type
      )
  })

  it("puts a rule in the CIS profiles only by its cited control's level (Level 2 includes Level 1)", () => {
    // Of the controls cited, these are l2_server only in ComplianceAsCode's controls/cis_debian12.yml (1.1.0).
    const level2Only = new Set([
      '1.1.2.3.1',
      '1.1.2.4.1',
      '1.1.2.5.1',
      '1.1.2.6.1',
      '1.1.2.7.1',
      '5.1.8',
      '5.1.9',
      '5.4.1.2',
      '5.4.3.1'
    ])
    for (const rule of RULES) {
      const cis = rule.regulations.filter((r) => r.id === 'CIS Debian 12 v1.1.0').flatMap((r) => r.controls)
      assert.ok(cis.length <= 1, `${rule.id}: one CIS control at most`)
      const level = cis.length === 0 ? undefined : level2Only.has(cis[0]!) ? 2 : 1
      assert.equal(rule.profiles.includes('cis_level1'), level === 1, `${rule.id}: cis_level1`)
      assert.equal(rule.profiles.includes('cis_level2'), level !== undefined, `${rule.id}: cis_level2`)
    }
  })

  it('fits the scanner table: seven non-empty fields per rule, no tab or line break inside', () => {
    const lines = rulesTable().split('\n')
    assert.equal(lines.length, RULES.length)
    for (const line of lines) assert.equal(line.split('\t').filter((f) => f !== '').length, 7, line)
    assert.throws(() => rulesTable([{ ...RULES[0]!, test: { ...RULES[0]!.test, check: 'a\tb' } }]), /tab or line break/)
  })

  it('auditResultFor builds a consistent result from a map of statuses and rejects unknown rules', () => {
    const audit = auditResultFor({
      ssh_permit_root_login: 'FAIL',
      sysctl_ptrace_scope: 'SKIPPED',
      accounts_uid0_only_root: { status: 'FAIL', message: 'other accounts with UID 0: toor' }
    })
    assertAuditShape(audit)
    assert.equal(audit.results.find((r) => r.id === 'accounts_uid0_only_root')!.message, 'other accounts with UID 0: toor')
    const level1 = RULES.filter((r) => r.profiles.includes('cis_level1'))
    // ptrace_scope (Level 1) is skipped: out of max; root login and UID 0 (Level 1) fail: out of score.
    assert.deepEqual(audit.profile_scores.cis_level1, { score: level1.length - 3, max: level1.length - 1 })
    assert.throws(() => auditResultFor({ no_such_rule: 'PASS' }), /no rule no_such_rule/)
    assert.ok(auditResultFor({}, { otherwise: 'SKIPPED' }).results.every((r) => r.status === 'SKIPPED'))
  })
})

describe('INSIGHTS scanner: on this machine', () => {
  const expected = machinePackageCount()
  for (const shell of SHELLS) {
    it(`${shell.join(' ')}: bom.json lists every installed package, audit.json has a valid result per rule`, async () => {
      const run = await scan({ shell })
      assert.deepEqual(fs.readdirSync(run.out).sort(), ['audit.json', 'bom.json'], 'nothing else is left in --out')
      const { bom, audit } = run
      assert.equal(bom.bomFormat, 'CycloneDX')
      assert.equal(bom.specVersion, '1.6')
      assert.match(bom.serialNumber ?? 'urn:uuid:00000000-0000-0000-0000-000000000000', /^urn:uuid:[0-9a-f-]{36}$/)
      assert.ok(!Number.isNaN(Date.parse(bom.metadata.timestamp)))
      assert.deepEqual(bom.metadata.tools.components, [{ type: 'application', name: 'console-scan', version: SCANNER_VERSION }])
      assert.equal(bom.metadata.component.type, 'operating-system')
      const release = osRelease()
      assert.equal(bom.metadata.component.name, release.NAME)
      assert.equal(bom.metadata.component.version, release.VERSION_ID)
      if (expected !== undefined) {
        assert.equal(bom.components.length, expected.count)
        assertPurls(bom, expected.type, expected.type === 'rpm' && release.ID === 'rhel' ? 'redhat' : release.ID!)
      }
      assertAuditShape(audit)
      assert.match(
        run.stdout,
        new RegExp(`\\(${bom.components.length} packages\\) and .*audit\\.json \\(${RULES.length} rules: `)
      )

      // Facts the test reads itself.
      const aslr = fs.readFileSync('/proc/sys/kernel/randomize_va_space', 'utf8').trim()
      assert.equal(statusOf(run, 'sysctl_randomize_va_space'), aslr === '2' ? 'PASS' : 'FAIL')
      const uid0 = fs
        .readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .filter((l) => l.split(':')[2] === '0')
        .map((l) => l.split(':')[0])
      assert.equal(statusOf(run, 'accounts_uid0_only_root'), uid0.every((u) => u === 'root') ? 'PASS' : 'FAIL')
      const sshd = fs.existsSync('/usr/sbin/sshd') || fs.existsSync('/etc/ssh/sshd_config')
      if (!sshd) assert.equal(statusOf(run, 'ssh_permit_root_login'), 'SKIPPED')
      else assert.notEqual(statusOf(run, 'ssh_permit_root_login'), 'SKIPPED')
    })
  }

  it(
    'as a user other than root: checks it cannot read are SKIPPED with the reason',
    { skip: !(isRoot && has('setpriv', '--version')) },
    async () => {
      const run = await scan({ user: 65534 })
      assertAuditShape(run.audit)
      assert.equal(statusOf(run, 'accounts_no_empty_passwords'), 'SKIPPED')
      assert.equal(messageOf(run, 'accounts_no_empty_passwords'), 'cannot read /etc/shadow (run as root)')
    }
  )
})

describe('INSIGHTS scanner: a known system tree (CONSOLE_SCAN_ROOT)', () => {
  let root: string
  let run: Run
  let treeBefore: string[]
  before(async () => {
    root = tempDir('console-scan-root-')
    write(
      root,
      'etc/os-release',
      'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nID=debian\n'
    )
    write(
      root,
      'etc/ssh/sshd_config',
      [
        '# the main file',
        'Include /etc/ssh/sshd_config.d/*.conf',
        'PermitRootLogin yes',
        'MaxAuthTries 3',
        'PasswordAuthentication no',
        'Ciphers +aes128-cbc',
        'Match User backup',
        '    PasswordAuthentication yes',
        '    PermitRootLogin no',
        ''
      ].join('\n'),
      0o644
    )
    // Included first, so its values win over the main file's (sshd keeps the first value).
    write(root, 'etc/ssh/sshd_config.d/10-site.conf', 'MaxAuthTries 10\nX11Forwarding=yes\n')
    write(root, 'etc/ssh/ssh_host_ed25519_key', 'key\n', 0o600)
    write(
      root,
      'etc/passwd',
      [
        'root:x:0:0:root:/root:/bin/bash',
        'toor:x:0:0::/root:/bin/sh',
        'daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin',
        'alice:x:1000:1000::/home/alice:/bin/bash',
        'bob:x:1000:1000::/home/bob:/bin/bash',
        ''
      ].join('\n'),
      0o666
    )
    write(root, 'etc/group', 'root:x:0:\ndaemon:x:1:\nshadow:x:42:\nalice:x:1000:\n', 0o644)
    write(
      root,
      'etc/shadow',
      'root:$6$salt$hash:19000:0:99999:7:::\ntoor::19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n',
      0o640
    )
    write(root, 'etc/shells', '/bin/sh\n/bin/bash\n', 0o644)
    write(
      root,
      'etc/login.defs',
      '# shadow settings\nPASS_MAX_DAYS\t99999\nPASS_MIN_DAYS\t1\nPASS_WARN_AGE\t7\nENCRYPT_METHOD SHA512\nUMASK\t\t027\n'
    )
    write(root, 'etc/profile', 'readonly TMOUT=600\nexport TMOUT\n')
    write(root, 'etc/issue', 'Debian GNU/Linux 12 \\n \\l\n')
    write(root, 'etc/issue.net', 'Authorised users only. All activity may be monitored.\n')
    write(root, 'etc/app.conf', 'x=1\n', 0o666)
    write(root, 'etc/crontab', '# m h dom mon dow user command\n', 0o600)
    fs.mkdirSync(path.join(root, 'etc/cron.d'), { mode: 0o755 })
    fs.chmodSync(path.join(root, 'etc/cron.d'), 0o755)
    write(root, 'proc/sys/net/ipv4/ip_forward', '1\n')
    write(root, 'proc/sys/kernel/randomize_va_space', '2\n')
    write(
      root,
      'proc/mounts',
      'overlay / overlay rw,relatime 0 0\ntmpfs /tmp tmpfs rw,nosuid,nodev 0 0\nshm /dev/shm tmpfs rw,nosuid,nodev,noexec 0 0\n'
    )
    write(
      root,
      'var/lib/dpkg/status',
      [
        'Package: libssl3',
        'Status: install ok installed',
        'Architecture: amd64',
        'Source: openssl (3.0.11-1~deb12u2)',
        'Version: 3.0.11-1~deb12u2',
        'Description: SSL',
        ' long text',
        '',
        'Package: libstdc++6',
        'Status: install ok installed',
        'Architecture: amd64',
        'Source: gcc-12',
        'Version: 12.2.0-14',
        '',
        'Package: telnetd',
        'Status: install ok installed',
        'Architecture: amd64',
        'Version: 0.17+2.4-2',
        '',
        'Package: oldpkg',
        'Status: deinstall ok config-files',
        'Architecture: amd64',
        'Version: 1.0',
        '',
        'Package: we"ird\\pkg',
        'Status: hold ok installed',
        'Architecture: amd64',
        'Version: 1:2.0\u0001x',
        ''
      ].join('\n')
    )
    // Boots systemd: avahi is enabled; rsync's rc2.d link is ignored since it has a unit of its own.
    fs.mkdirSync(path.join(root, 'sbin'))
    fs.symlinkSync('/lib/systemd/systemd', path.join(root, 'sbin/init'))
    fs.mkdirSync(path.join(root, 'etc/systemd/system/multi-user.target.wants'), { recursive: true })
    fs.symlinkSync(
      '/lib/systemd/system/avahi-daemon.service',
      path.join(root, 'etc/systemd/system/multi-user.target.wants/avahi-daemon.service')
    )
    write(root, 'lib/systemd/system/rsync.service', '[Unit]\n')
    fs.mkdirSync(path.join(root, 'etc/rc2.d'))
    fs.symlinkSync('../init.d/rsync', path.join(root, 'etc/rc2.d/S01rsync'))
    treeBefore = listTree(root)
    run = await scan({ root })
  })

  it('lists the dpkg packages with well-formed purls and valid JSON for any name', () => {
    assertAuditShape(run.audit)
    const { bom } = run
    assert.deepEqual(bom.metadata.component, {
      type: 'operating-system',
      'bom-ref': 'os',
      name: 'Debian GNU/Linux',
      version: '12',
      description: 'Debian GNU/Linux 12 (bookworm)'
    })
    assert.deepEqual(
      bom.components.map((c) => c.name),
      ['libssl3', 'libstdc++6', 'telnetd', 'we"ird\\pkg']
    )
    assertPurls(bom, 'deb', 'debian')
    assert.equal(bom.components[0]!.purl, 'pkg:deb/debian/libssl3@3.0.11-1~deb12u2?arch=amd64&distro=debian-12&upstream=openssl')
    assert.equal(bom.components[1]!.purl, 'pkg:deb/debian/libstdc%2B%2B6@12.2.0-14?arch=amd64&distro=debian-12&upstream=gcc-12')
    assert.equal(bom.components[3]!.version, '1:2.0\u0001x')
    assert.equal(bom.components[3]!.purl, 'pkg:deb/debian/we%22ird%5Cpkg@1:2.0%01x?arch=amd64&distro=debian-12')
    assert.equal(bom.components[0]!.licenses, undefined)
  })

  it('SSH: the effective value of sshd_config with its Includes, up to the first Match block', () => {
    assert.equal(statusOf(run, 'ssh_permit_root_login'), 'FAIL')
    assert.equal(messageOf(run, 'ssh_permit_root_login'), 'permitrootlogin yes (/etc/ssh/sshd_config): expected no')
    assert.equal(statusOf(run, 'ssh_max_auth_tries'), 'FAIL')
    assert.match(messageOf(run, 'ssh_max_auth_tries'), /^maxauthtries 10 /)
    assert.equal(statusOf(run, 'ssh_password_authentication'), 'PASS')
    assert.equal(statusOf(run, 'ssh_x11_forwarding'), 'FAIL')
    assert.equal(statusOf(run, 'ssh_weak_ciphers'), 'FAIL')
    assert.match(messageOf(run, 'ssh_weak_ciphers'), /weak: aes128-cbc$/)
    assert.equal(statusOf(run, 'ssh_permit_empty_passwords'), 'PASS')
    assert.match(messageOf(run, 'ssh_permit_empty_passwords'), /OpenSSH default, not set in \/etc\/ssh\/sshd_config/)
    assert.equal(statusOf(run, 'ssh_weak_kex'), 'PASS')
    assert.equal(statusOf(run, 'ssh_sshd_config_permissions'), 'FAIL')
    assert.match(messageOf(run, 'ssh_sshd_config_permissions'), /mode 0644 is more open than 0600/)
    assert.equal(statusOf(run, 'ssh_private_host_key_permissions'), isRoot ? 'PASS' : 'FAIL')
    assert.equal(statusOf(run, 'ssh_public_host_key_permissions'), 'SKIPPED')
  })

  it('accounts, passwords and file permissions', () => {
    assert.equal(statusOf(run, 'accounts_uid0_only_root'), 'FAIL')
    assert.equal(messageOf(run, 'accounts_uid0_only_root'), 'other accounts with UID 0: toor')
    assert.equal(statusOf(run, 'accounts_no_empty_passwords'), 'FAIL')
    assert.equal(messageOf(run, 'accounts_no_empty_passwords'), 'accounts with an empty password: toor')
    assert.equal(statusOf(run, 'accounts_unique_uids'), 'FAIL')
    assert.equal(messageOf(run, 'accounts_unique_uids'), 'duplicates: UID 0: root, toor; UID 1000: alice, bob')
    assert.equal(statusOf(run, 'accounts_unique_user_names'), 'PASS')
    assert.equal(statusOf(run, 'accounts_groups_exist'), 'PASS')
    assert.equal(statusOf(run, 'accounts_shadow_group_empty'), 'PASS')
    assert.equal(statusOf(run, 'accounts_system_no_login_shell'), 'FAIL')
    assert.equal(messageOf(run, 'accounts_system_no_login_shell'), 'system accounts with a login shell: toor (/bin/sh)')
    assert.equal(statusOf(run, 'perm_etc_passwd'), 'FAIL')
    assert.match(messageOf(run, 'perm_etc_passwd'), /^\/etc\/passwd 0666 [^:]+:[^:]+: mode 0666 is more open than 0644/)
    assert.equal(statusOf(run, 'perm_etc_group'), isRoot ? 'PASS' : 'FAIL')
    assert.equal(
      statusOf(run, 'perm_etc_shadow'),
      isRoot ? 'PASS' : 'FAIL',
      '0640, group root or shadow; the owner is root only when root wrote it'
    )
    assert.equal(statusOf(run, 'perm_etc_passwd_backup'), 'SKIPPED')
    assert.equal(messageOf(run, 'perm_etc_passwd_backup'), '/etc/passwd- does not exist')
    assert.equal(statusOf(run, 'cron_crontab_permissions'), isRoot ? 'PASS' : 'FAIL')
    assert.equal(statusOf(run, 'cron_d_permissions'), 'FAIL')
    assert.equal(statusOf(run, 'files_world_writable_etc'), 'FAIL')
    assert.match(messageOf(run, 'files_world_writable_etc'), /^2 found in \/etc: /)
    assert.ok(messageOf(run, 'files_world_writable_etc').includes('/etc/app.conf'))
    assert.ok(!messageOf(run, 'files_world_writable_etc').includes(root), 'paths are shown inside the scanned tree')
  })

  it('login.defs values, shell timeout and banners', () => {
    assert.equal(statusOf(run, 'login_defs_pass_max_days'), 'FAIL')
    assert.equal(messageOf(run, 'login_defs_pass_max_days'), 'PASS_MAX_DAYS 99999 (/etc/login.defs): expected 1 to 365')
    assert.equal(statusOf(run, 'login_defs_pass_min_days'), 'PASS')
    assert.equal(statusOf(run, 'login_defs_encrypt_method'), 'PASS')
    assert.equal(statusOf(run, 'login_defs_umask'), 'PASS')
    assert.equal(statusOf(run, 'shell_timeout'), 'PASS')
    assert.equal(messageOf(run, 'shell_timeout'), '/etc/profile: readonly TMOUT=600')
    assert.equal(statusOf(run, 'banner_issue'), 'FAIL')
    assert.equal(statusOf(run, 'banner_issue_net'), 'PASS')
    assert.equal(statusOf(run, 'banner_motd'), 'SKIPPED')
  })

  it('kernel parameters from $ROOT/proc/sys, mounts from $ROOT/proc/mounts', () => {
    assert.equal(statusOf(run, 'sysctl_ip_forward'), 'FAIL')
    assert.equal(messageOf(run, 'sysctl_ip_forward'), 'net.ipv4.ip_forward = 1: expected 0')
    assert.equal(statusOf(run, 'sysctl_randomize_va_space'), 'PASS')
    assert.equal(statusOf(run, 'sysctl_suid_dumpable'), 'SKIPPED')
    assert.match(messageOf(run, 'sysctl_suid_dumpable'), /fs\.suid_dumpable does not exist on this kernel/)
    assert.equal(statusOf(run, 'mount_tmp_separate'), 'PASS')
    assert.equal(statusOf(run, 'mount_tmp_nodev'), 'PASS')
    assert.equal(statusOf(run, 'mount_tmp_noexec'), 'FAIL')
    assert.equal(statusOf(run, 'mount_dev_shm_noexec'), 'PASS')
    assert.equal(statusOf(run, 'mount_var_separate'), 'FAIL')
  })

  it('services by the boot links of the init system, packages from the package database', () => {
    assert.equal(statusOf(run, 'service_avahi'), 'FAIL')
    assert.equal(
      messageOf(run, 'service_avahi'),
      'avahi-daemon.service is enabled (/etc/systemd/system/multi-user.target.wants/avahi-daemon.service)'
    )
    assert.equal(statusOf(run, 'service_rsync'), 'PASS')
    assert.equal(statusOf(run, 'package_telnet_server'), 'FAIL')
    assert.equal(messageOf(run, 'package_telnet_server'), 'installed: telnetd 0.17+2.4-2')
    assert.equal(statusOf(run, 'package_prelink'), 'PASS')
  })

  it('reads the tree without changing it and scores profiles from the results', () => {
    assert.deepEqual(listTree(root), treeBefore)
    assert.deepEqual(fs.readdirSync(run.out).sort(), ['audit.json', 'bom.json'])
    const stig = RULES.filter((r) => r.profiles.includes('stig'))
    const applicable = stig.filter((r) => statusOf(run, r.id) !== 'SKIPPED')
    assert.deepEqual(run.audit.profile_scores.stig, {
      score: applicable.filter((r) => statusOf(run, r.id) === 'PASS').length,
      max: applicable.length
    })
  })

  // Debian and Ubuntu ship mawk as awk, RHEL gawk, Alpine busybox awk.
  const awks = [['mawk'], ['gawk', '--posix'], ['busybox', 'awk']].filter(([command, ...args]) =>
    has(command!, ...args, 'BEGIN { }')
  )
  for (const awk of awks) {
    it(`the same results with ${awk.join(' ')} as awk`, async () => {
      const bin = tempDir('console-scan-awk-')
      fs.chmodSync(bin, 0o755)
      write(bin, 'awk', `#!/bin/sh\nexec ${awk.join(' ')} "$@"\n`, 0o755)
      const other = await scan({ root, path: `${bin}:${process.env.PATH}` })
      assert.deepEqual(other.audit.results, run.audit.results)
      assert.deepEqual(other.bom.components, run.bom.components)
    })
  }

  for (const shell of SHELLS.slice(1)) {
    it(`the same results with ${shell.join(' ')} as the shell`, async () => {
      const other = await scan({ root, shell })
      assert.deepEqual(other.audit.results, run.audit.results)
      assert.deepEqual(other.bom.components, run.bom.components)
    })
  }

  it('Alpine: apk packages with licenses; rules written for other systems are SKIPPED', async () => {
    const alpine = tempDir('console-scan-alpine-')
    write(alpine, 'etc/os-release', 'NAME="Alpine Linux"\nID=alpine\nVERSION_ID=3.20.3\nPRETTY_NAME="Alpine Linux v3.20"\n')
    write(
      alpine,
      'lib/apk/db/installed',
      [
        'C:Q1abc=',
        'P:musl',
        'V:1.2.5-r0',
        'A:x86_64',
        'L:MIT',
        'o:musl',
        '',
        'P:busybox-binsh',
        'V:1.36.1-r29',
        'A:x86_64',
        'L:GPL-2.0-only',
        'o:busybox',
        ''
      ].join('\n')
    )
    write(alpine, 'etc/ssh/sshd_config', 'PermitRootLogin no\n')
    write(alpine, 'etc/group', 'root:x:0:root\n')
    write(alpine, 'etc/passwd', 'root:x:0:0:root:/root:/bin/ash\n')
    const result = await scan({ root: alpine })
    assertAuditShape(result.audit)
    assert.deepEqual(
      result.bom.components.map((c) => [c.purl, c.licenses]),
      [
        ['pkg:apk/alpine/musl@1.2.5-r0?arch=x86_64&distro=alpine-3.20.3', [{ license: { name: 'MIT' } }]],
        [
          'pkg:apk/alpine/busybox-binsh@1.36.1-r29?arch=x86_64&distro=alpine-3.20.3&upstream=busybox',
          [{ license: { name: 'GPL-2.0-only' } }]
        ]
      ]
    )
    assert.equal(statusOf(result, 'ssh_permit_root_login'), 'PASS')
    assert.equal(statusOf(result, 'ssh_use_pam'), 'SKIPPED')
    assert.equal(messageOf(result, 'ssh_use_pam'), 'does not apply to Alpine Linux v3.20 (written for debian, ubuntu, rhel)')
    assert.equal(statusOf(result, 'accounts_shadow_group_empty'), 'SKIPPED')
  })

  it('RPM systems: rpm --root lists the packages; epoch, licence and source RPM land in the purl', async () => {
    const rhel = tempDir('console-scan-rhel-')
    write(rhel, 'etc/os-release', 'NAME="Red Hat Enterprise Linux"\nID="rhel"\nID_LIKE="fedora"\nVERSION_ID="9.4"\n')
    fs.mkdirSync(path.join(rhel, 'var/lib/rpm'), { recursive: true })
    // This machine has no rpm: a stand-in prints what rpm -qa --qf prints for these packages,
    // and only when asked about the scanned tree.
    const bin = tempDir('console-scan-bin-')
    fs.chmodSync(bin, 0o755)
    write(
      bin,
      'rpm',
      [
        '#!/bin/sh',
        `[ "$1 $2 $3" = "--root ${rhel} -qa" ] || exit 1`,
        "printf 'openssl-libs\\t3.0.7-27.el9\\tx86_64\\topenssl-3.0.7-27.el9.src.rpm\\tASL 2.0\\t1\\n'",
        "printf 'gpg-pubkey\\tfd431d51-4ae0493b\\t(none)\\t(none)\\tpubkey\\t(none)\\n'",
        ''
      ].join('\n'),
      0o755
    )
    const out = path.join(tempDir('console-scan-rhel-out-'), 'out')
    const result = await runScanner(['--no-upload', '--out', out], {
      env: { CONSOLE_SCAN_ROOT: rhel, PATH: `${bin}:${process.env.PATH}` }
    })
    assert.equal(result.status, 0, result.stderr)
    const bom = JSON.parse(fs.readFileSync(path.join(out, 'bom.json'), 'utf8')) as Bom
    assert.deepEqual(
      bom.components.map((c) => [c.name, c.version, c.purl, c.licenses]),
      [
        [
          'openssl-libs',
          '1:3.0.7-27.el9',
          'pkg:rpm/redhat/openssl-libs@3.0.7-27.el9?arch=x86_64&distro=rhel-9.4&epoch=1&upstream=openssl',
          [{ license: { name: 'ASL 2.0' } }]
        ],
        [
          'gpg-pubkey',
          'fd431d51-4ae0493b',
          'pkg:rpm/redhat/gpg-pubkey@fd431d51-4ae0493b?distro=rhel-9.4',
          [{ license: { name: 'pubkey' } }]
        ]
      ]
    )
    assertPurls(bom, 'rpm', 'redhat')
  })

  it('an empty tree: an SBOM without components and an audit that says why each rule was skipped', async () => {
    const result = await scan({ root: tempDir('console-scan-empty-') })
    assert.deepEqual(result.bom.components, [])
    assert.equal(result.bom.metadata.component.name, 'Linux')
    assertAuditShape(result.audit)
    assert.equal(statusOf(result, 'package_telnet_server'), 'SKIPPED')
    assert.equal(messageOf(result, 'package_telnet_server'), 'no package database (dpkg, rpm or apk) was found')
    assert.equal(statusOf(result, 'ssh_permit_root_login'), 'SKIPPED')
    assert.equal(statusOf(result, 'accounts_uid0_only_root'), 'SKIPPED')
  })
})

describe('INSIGHTS scanner: command line and upload', () => {
  let server: http.Server
  let base: string
  let root: string
  const requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }> = []
  let answer: { status: number; body: string } = { status: 200, body: '{}' }
  const token = 'rt_AbCdEfGhIjKlMnOpQrStUvWxYz012345'

  before(async () => {
    root = tempDir('console-scan-upload-root-')
    write(root, 'etc/os-release', 'NAME="Debian GNU/Linux"\nID=debian\nVERSION_ID="12"\n')
    write(
      root,
      'var/lib/dpkg/status',
      'Package: bash\nStatus: install ok installed\nArchitecture: amd64\nVersion: 5.2.15-2+b7\n\n'
    )
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        requests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks)
        })
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  after(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  it('--help, --version and wrong usage (exit 2 with one line)', async () => {
    const help = await runScanner(['--help'])
    assert.equal(help.status, 0)
    assert.match(help.stdout, /Usage: sh console-scan --server URL --token TOKEN \[--out DIR\] \[--no-upload\]/)
    assert.match(help.stdout, new RegExp(`result of ${RULES.length} hardening checks`))
    assert.equal((await runScanner(['--version'])).stdout, `console-scan ${SCANNER_VERSION}\n`)
    const missing = await runScanner(['--server', base])
    assert.equal(missing.status, 2)
    assert.equal(missing.stderr, 'console-scan: --token TOKEN is required (or CONSOLE_SCAN_TOKEN, or --no-upload) (see --help)\n')
    assert.equal((await runScanner(['--server', 'ftp://x', '--token', token])).status, 2)
    assert.equal((await runScanner(['--bogus'])).status, 2)
    assert.equal((await runScanner(['--no-upload', '--out', '/dev/null/x'])).status, 1)
  })

  const uploaders = ['curl', ...(has('wget', '--version') ? ['wget'] : [])].filter((u) => has(u, '--version'))
  for (const uploader of uploaders) {
    it(`${uploader}: one multipart POST with the token header and the two files; a 400 exits 1 with the API's detail`, async () => {
      requests.length = 0
      answer = { status: 200, body: JSON.stringify({ report_uid: 'r', has_scan_uploaded: true, sbom: null, audit: null }) }
      const out = path.join(tempDir('console-scan-upload-'), 'out')
      const env = { CONSOLE_SCAN_ROOT: root, CONSOLE_SCAN_UPLOADER: uploader }
      const ok = await runScanner(['--server', `${base}/`, '--token', token, '--out', out], { env })
      assert.equal(ok.status, 0, ok.stderr)
      assert.match(ok.stdout, new RegExp(`uploaded bom.json and audit.json to ${base}\\n$`))
      assert.equal(requests.length, 1)
      const [request] = requests
      assert.equal(request!.method, 'POST')
      assert.equal(request!.url, '/api/v1/insights/cli/scan')
      assert.equal(request!.headers['x-api-key'], token)
      const form = await new Response(request!.body, {
        headers: { 'content-type': request!.headers['content-type']! }
      }).formData()
      assert.deepEqual([...form.keys()].sort(), ['audit', 'sbom'])
      const sbom = form.get('sbom') as File
      const audit = form.get('audit') as File
      assert.equal(await sbom.text(), fs.readFileSync(path.join(out, 'bom.json'), 'utf8'))
      assert.equal(await audit.text(), fs.readFileSync(path.join(out, 'audit.json'), 'utf8'))
      assert.equal(
        JSON.parse(await sbom.text()).components[0].purl,
        'pkg:deb/debian/bash@5.2.15-2%2Bb7?arch=amd64&distro=debian-12'
      )
      assert.deepEqual(JSON.parse(await audit.text()).rules, RULE_SET)

      answer = { status: 400, body: JSON.stringify({ detail: 'audit: results[2].status must be PASS, FAIL or SKIPPED' }) }
      const bad = await runScanner(['--server', base, '--token', token, '--out', out], { env })
      assert.equal(bad.status, 1)
      assert.equal(
        bad.stderr.trim().split('\n').at(-1),
        'console-scan: upload failed (HTTP 400): audit: results[2].status must be PASS, FAIL or SKIPPED'
      )

      answer = { status: 401, body: JSON.stringify({ detail: 'Invalid or missing report token.' }) }
      const denied = await runScanner(['--server', base, '--out', out], { env: { ...env, CONSOLE_SCAN_TOKEN: token } })
      assert.equal(denied.status, 1)
      // GNU wget does not keep the body of a 401: the scanner explains the status instead.
      const reason = uploader === 'wget' ? 'the server refused the token (check --token)' : 'Invalid or missing report token.'
      assert.ok(denied.stderr.endsWith(`console-scan: upload failed (HTTP 401): ${reason}\n`), denied.stderr)
      assert.deepEqual(fs.readdirSync(out).sort(), ['audit.json', 'bom.json'], 'no temporary file is left behind')
    })
  }

  it('a server that does not answer: exit 1 and says so', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const result = await runScanner(
      ['--server', `http://127.0.0.1:${port}`, '--token', token, '--out', path.join(tempDir('console-scan-down-'), 'out')],
      { env: { CONSOLE_SCAN_ROOT: root } }
    )
    assert.equal(result.status, 1)
    assert.match(
      result.stderr,
      new RegExp(`console-scan: upload failed: no answer from http://127.0.0.1:${port}/api/v1/insights/cli/scan\\n$`)
    )
  })
})
