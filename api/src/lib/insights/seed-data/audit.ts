import type { AuditDocument, AuditRule, RuleStatus } from '../audit.js'
import type { RuleSeverity } from '../severity.js'

/**
 * The demo's audit result: a small local list of real Linux hardening checks (CIS Debian/Ubuntu
 * benchmark style) with a plausible outcome for an internet-facing web server. Stand-in until the
 * scanner's rule set (lib/insights/scanner/) exists; the shape is exactly what the scanner uploads.
 */

const PROFILES: Record<string, string> = {
  cis_level1: 'CIS Benchmark Level 1: essential hardening with little impact on function',
  cis_level2: 'CIS Benchmark Level 2: defence in depth for high-security environments',
  pci_dss: 'PCI DSS v4.0 requirements for systems that store, process or transmit cardholder data',
  iec62443: 'IEC 62443-4-2 component requirements for industrial automation devices'
}

const REGULATIONS: Record<string, { id: string, controls: string[] }> = {
  pci: { id: 'PCI-DSS-4.0', controls: ['2.2.1', '2.2.4'] },
  pciAuth: { id: 'PCI-DSS-4.0', controls: ['8.2.1', '8.3.6', '8.3.9'] },
  pciLog: { id: 'PCI-DSS-4.0', controls: ['10.2.1', '10.3.3'] },
  pciPatch: { id: 'PCI-DSS-4.0', controls: ['6.3.3'] },
  nistCm: { id: 'NIST-SP-800-53-r5', controls: ['CM-6', 'CM-7'] },
  nistAc: { id: 'NIST-SP-800-53-r5', controls: ['AC-3', 'AC-6'] },
  nistAu: { id: 'NIST-SP-800-53-r5', controls: ['AU-2', 'AU-9', 'AU-12'] },
  nistSc: { id: 'NIST-SP-800-53-r5', controls: ['SC-7', 'SC-8'] },
  nistIa: { id: 'NIST-SP-800-53-r5', controls: ['IA-2', 'IA-5'] },
  iso: { id: 'ISO-IEC-27001-2022', controls: ['A.8.9'] },
  isoAccess: { id: 'ISO-IEC-27001-2022', controls: ['A.5.15', 'A.8.2'] },
  isoLog: { id: 'ISO-IEC-27001-2022', controls: ['A.8.15'] },
  iec: { id: 'IEC-62443-4-2', controls: ['CR 7.7'] },
  iecAuth: { id: 'IEC-62443-4-2', controls: ['CR 1.1', 'CR 1.7'] }
}

const OS_ALL = { debian: ['11', '12'], ubuntu: ['20.04', '22.04', '24.04'], rhel: ['8', '9'] }
const OS_DEB = { debian: ['11', '12'], ubuntu: ['20.04', '22.04', '24.04'] }

type Row = [id: string, title: string, severity: RuleSeverity, profiles: string, test: [string, string, string, string], regulations: string, debianOnly?: boolean]

const RULES: Row[] = [
  ['fs-tmp-separate', 'Ensure /tmp is a separate partition', 'low', 'cis_level1 cis_level2', ['command', 'exit-code', 'findmnt -kn /tmp', 'exit 0'], 'iso'],
  ['fs-tmp-noexec', 'Ensure noexec option set on /tmp partition', 'medium', 'cis_level1 cis_level2 iec62443', ['command', 'regex-match', 'findmnt -kn /tmp', '\\bnoexec\\b'], 'nistCm iec'],
  ['fs-tmp-nosuid', 'Ensure nosuid option set on /tmp partition', 'medium', 'cis_level1 cis_level2', ['command', 'regex-match', 'findmnt -kn /tmp', '\\bnosuid\\b'], 'nistCm'],
  ['fs-shm-noexec', 'Ensure noexec option set on /dev/shm partition', 'medium', 'cis_level1 cis_level2', ['command', 'regex-match', 'findmnt -kn /dev/shm', '\\bnoexec\\b'], 'nistCm'],
  ['fs-cramfs-disabled', 'Ensure mounting of cramfs filesystems is disabled', 'low', 'cis_level1 cis_level2', ['command', 'regex-match', 'modprobe -n -v cramfs', 'install /bin/(true|false)'], 'nistCm'],
  ['fs-usb-storage-disabled', 'Ensure usb-storage is disabled', 'medium', 'cis_level1 cis_level2 iec62443', ['command', 'regex-match', 'modprobe -n -v usb-storage', 'install /bin/(true|false)'], 'nistCm iec'],
  ['fs-sticky-bit', 'Ensure sticky bit is set on all world-writable directories', 'medium', 'cis_level1 cis_level2 pci_dss', ['command', 'empty-output', "df --local -P | awk 'NR>1 {print $6}' | xargs -I '{}' find '{}' -xdev -type d -perm -0002 ! -perm -1000", ''], 'nistAc'],
  ['pkg-updates-installed', 'Ensure security updates are installed', 'high', 'cis_level1 cis_level2 pci_dss iec62443', ['command', 'empty-output', 'apt-get -s upgrade | grep -i security', ''], 'pciPatch nistCm'],
  ['pkg-gpg-keys', 'Ensure package manager GPG keys are configured', 'medium', 'cis_level1 cis_level2 pci_dss', ['command', 'exit-code', 'apt-key list', 'exit 0'], 'pciPatch', true],
  ['boot-grub-password', 'Ensure bootloader password is set', 'high', 'cis_level1 cis_level2 iec62443', ['file', 'regex-match', '/boot/grub/grub.cfg', '^\\s*password_pbkdf2\\s+\\S+'], 'nistAc iecAuth'],
  ['boot-grub-perms', 'Ensure permissions on bootloader config are configured', 'medium', 'cis_level1 cis_level2', ['file', 'mode-at-most', '/boot/grub/grub.cfg', '0400 root:root'], 'nistAc'],
  ['proc-aslr-enabled', 'Ensure address space layout randomization (ASLR) is enabled', 'high', 'cis_level1 cis_level2 pci_dss iec62443', ['sysctl', 'value-equals', 'kernel.randomize_va_space', '2'], 'nistSc iec'],
  ['proc-core-dumps', 'Ensure core dumps are restricted', 'medium', 'cis_level1 cis_level2', ['sysctl', 'value-equals', 'fs.suid_dumpable', '0'], 'nistCm'],
  ['proc-ptrace-scope', 'Ensure ptrace_scope is restricted', 'medium', 'cis_level2', ['sysctl', 'value-at-least', 'kernel.yama.ptrace_scope', '1'], 'nistAc'],
  ['mac-apparmor-enabled', 'Ensure AppArmor is installed and enabled in the bootloader', 'high', 'cis_level1 cis_level2 iec62443', ['command', 'regex-match', 'aa-status --enabled; echo $?', '^0$'], 'nistAc iec', true],
  ['mac-apparmor-enforce', 'Ensure all AppArmor profiles are enforcing', 'medium', 'cis_level2', ['command', 'regex-match', 'aa-status', '0 profiles are in complain mode'], 'nistAc', true],
  ['banner-motd-perms', 'Ensure permissions on /etc/motd are configured', 'low', 'cis_level1 cis_level2', ['file', 'mode-at-most', '/etc/motd', '0644 root:root'], 'iso'],
  ['banner-issue-net', 'Ensure remote login warning banner is configured properly', 'low', 'cis_level1 cis_level2 pci_dss', ['file', 'regex-not-match', '/etc/issue.net', '\\\\[mrsv]'], 'iso'],
  ['svc-avahi-disabled', 'Ensure Avahi server is not installed', 'medium', 'cis_level1 cis_level2 pci_dss', ['package', 'not-installed', 'avahi-daemon', ''], 'pci nistCm'],
  ['svc-cups-disabled', 'Ensure CUPS is not installed', 'low', 'cis_level1 cis_level2', ['package', 'not-installed', 'cups', ''], 'nistCm'],
  ['svc-rpcbind-disabled', 'Ensure rpcbind is not installed', 'medium', 'cis_level1 cis_level2 pci_dss', ['package', 'not-installed', 'rpcbind', ''], 'pci nistCm'],
  ['svc-telnet-removed', 'Ensure telnet client and server are not installed', 'high', 'cis_level1 cis_level2 pci_dss iec62443', ['package', 'not-installed', 'telnetd telnet', ''], 'pci nistSc iec'],
  ['svc-ntp-sync', 'Ensure time synchronization is in use', 'medium', 'cis_level1 cis_level2 pci_dss', ['service', 'active', 'systemd-timesyncd chrony', ''], 'pciLog nistAu'],
  ['net-ip-forward', 'Ensure IP forwarding is disabled', 'medium', 'cis_level1 cis_level2 pci_dss', ['sysctl', 'value-equals', 'net.ipv4.ip_forward', '0'], 'nistSc'],
  ['net-redirects', 'Ensure ICMP redirects are not accepted', 'medium', 'cis_level1 cis_level2', ['sysctl', 'value-equals', 'net.ipv4.conf.all.accept_redirects', '0'], 'nistSc'],
  ['net-source-route', 'Ensure source routed packets are not accepted', 'medium', 'cis_level1 cis_level2', ['sysctl', 'value-equals', 'net.ipv4.conf.all.accept_source_route', '0'], 'nistSc'],
  ['net-syncookies', 'Ensure TCP SYN cookies are enabled', 'medium', 'cis_level1 cis_level2 pci_dss', ['sysctl', 'value-equals', 'net.ipv4.tcp_syncookies', '1'], 'nistSc'],
  ['net-rp-filter', 'Ensure reverse path filtering is enabled', 'medium', 'cis_level1 cis_level2', ['sysctl', 'value-equals', 'net.ipv4.conf.all.rp_filter', '1'], 'nistSc'],
  ['net-firewall-active', 'Ensure a host firewall is active with a default deny policy', 'critical', 'cis_level1 cis_level2 pci_dss iec62443', ['command', 'regex-match', 'nft list ruleset', 'policy drop'], 'pci nistSc iec'],
  ['net-ipv6-disabled-if-unused', 'Ensure IPv6 is disabled when not used', 'low', 'cis_level2', ['sysctl', 'value-equals', 'net.ipv6.conf.all.disable_ipv6', '1'], 'nistCm'],
  ['log-auditd-installed', 'Ensure auditd is installed and enabled', 'high', 'cis_level2 pci_dss iec62443', ['service', 'active', 'auditd', ''], 'pciLog nistAu isoLog'],
  ['log-audit-logins', 'Ensure login and logout events are collected', 'medium', 'cis_level2 pci_dss', ['file', 'regex-match', '/etc/audit/rules.d/*.rules', '-w /var/log/lastlog -p wa'], 'pciLog nistAu'],
  ['log-audit-sudoers', 'Ensure changes to sudoers are collected', 'medium', 'cis_level2 pci_dss', ['file', 'regex-match', '/etc/audit/rules.d/*.rules', '-w /etc/sudoers -p wa'], 'pciLog nistAu'],
  ['log-journald-persistent', 'Ensure journald writes logs to persistent disk', 'low', 'cis_level1 cis_level2 pci_dss', ['file', 'regex-match', '/etc/systemd/journald.conf', '^\\s*Storage=persistent'], 'pciLog isoLog'],
  ['log-rsyslog-remote', 'Ensure logs are sent to a remote log host', 'medium', 'cis_level1 cis_level2 pci_dss iec62443', ['file', 'regex-match', '/etc/rsyslog.d/*.conf', '^\\*\\.\\*\\s+@@?\\S+'], 'pciLog nistAu iec'],
  ['log-varlog-perms', 'Ensure permissions on all log files are configured', 'medium', 'cis_level1 cis_level2 pci_dss', ['command', 'empty-output', 'find /var/log -type f -perm /g+wx,o+rwx', ''], 'pciLog nistAu'],
  ['cron-perms', 'Ensure permissions on /etc/crontab are configured', 'low', 'cis_level1 cis_level2', ['file', 'mode-at-most', '/etc/crontab', '0600 root:root'], 'nistAc'],
  ['ssh-root-login', 'Ensure SSH root login is disabled', 'critical', 'cis_level1 cis_level2 pci_dss iec62443', ['command', 'regex-match', 'sshd -T', '^permitrootlogin no$'], 'pciAuth nistAc iecAuth'],
  ['ssh-password-auth', 'Ensure SSH password authentication is disabled', 'high', 'cis_level2 pci_dss iec62443', ['command', 'regex-match', 'sshd -T', '^passwordauthentication no$'], 'pciAuth nistIa iecAuth'],
  ['ssh-empty-passwords', 'Ensure SSH PermitEmptyPasswords is disabled', 'critical', 'cis_level1 cis_level2 pci_dss', ['command', 'regex-match', 'sshd -T', '^permitemptypasswords no$'], 'pciAuth nistIa'],
  ['ssh-max-auth-tries', 'Ensure SSH MaxAuthTries is set to 4 or less', 'medium', 'cis_level1 cis_level2 pci_dss', ['command', 'value-at-most', 'sshd -T | grep maxauthtries', '4'], 'pciAuth nistIa'],
  ['ssh-strong-ciphers', 'Ensure only strong ciphers are used', 'high', 'cis_level1 cis_level2 pci_dss iec62443', ['command', 'regex-not-match', 'sshd -T | grep ciphers', '3des-cbc|aes128-cbc|arcfour'], 'pci nistSc iec'],
  ['ssh-idle-timeout', 'Ensure SSH idle timeout interval is configured', 'medium', 'cis_level1 cis_level2 pci_dss', ['command', 'value-at-most', 'sshd -T | grep clientaliveinterval', '900'], 'pciAuth nistAc'],
  ['ssh-config-perms', 'Ensure permissions on /etc/ssh/sshd_config are configured', 'medium', 'cis_level1 cis_level2', ['file', 'mode-at-most', '/etc/ssh/sshd_config', '0600 root:root'], 'nistAc'],
  ['auth-pw-min-length', 'Ensure password creation requirements are configured (minlen 14)', 'high', 'cis_level1 cis_level2 pci_dss', ['file', 'value-at-least', '/etc/security/pwquality.conf', 'minlen = 14'], 'pciAuth nistIa'],
  ['auth-lockout', 'Ensure lockout for failed password attempts is configured', 'high', 'cis_level1 cis_level2 pci_dss iec62443', ['file', 'regex-match', '/etc/pam.d/common-auth', 'pam_faillock\\.so.*deny=[1-5]\\b'], 'pciAuth nistIa iecAuth', true],
  ['auth-pass-max-days', 'Ensure password expiration is 365 days or less', 'medium', 'cis_level1 cis_level2 pci_dss', ['file', 'value-at-most', '/etc/login.defs', 'PASS_MAX_DAYS 365'], 'pciAuth nistIa'],
  ['auth-sudo-logfile', 'Ensure sudo log file exists', 'low', 'cis_level1 cis_level2 pci_dss', ['file', 'regex-match', '/etc/sudoers', '^\\s*Defaults\\s+logfile='], 'pciLog nistAu'],
  ['auth-su-restricted', 'Ensure access to the su command is restricted', 'medium', 'cis_level1 cis_level2', ['file', 'regex-match', '/etc/pam.d/su', '^\\s*auth\\s+required\\s+pam_wheel\\.so'], 'nistAc isoAccess'],
  ['acct-uid0-only-root', 'Ensure root is the only UID 0 account', 'critical', 'cis_level1 cis_level2 pci_dss iec62443', ['command', 'value-equals', "awk -F: '($3 == 0) { print $1 }' /etc/passwd", 'root'], 'pciAuth nistAc iecAuth'],
  ['acct-shadow-perms', 'Ensure permissions on /etc/shadow are configured', 'high', 'cis_level1 cis_level2 pci_dss', ['file', 'mode-at-most', '/etc/shadow', '0640 root:shadow'], 'pciAuth nistAc'],
  ['acct-no-empty-passwords', 'Ensure password fields are not empty', 'critical', 'cis_level1 cis_level2 pci_dss', ['command', 'empty-output', "awk -F: '($2 == \"\") { print $1 }' /etc/shadow", ''], 'pciAuth nistIa'],
  ['acct-default-umask', 'Ensure default user umask is 027 or more restrictive', 'low', 'cis_level1 cis_level2', ['file', 'regex-match', '/etc/login.defs', '^\\s*UMASK\\s+0?27'], 'nistAc']
]

/** What the demo host answers: failures and skips with the message the scanner would write. */
const OUTCOMES: Record<string, [RuleStatus, string]> = {
  'fs-tmp-separate': ['FAIL', '/tmp is on the root filesystem'],
  'fs-tmp-noexec': ['SKIPPED', '/tmp is not a separate partition'],
  'fs-tmp-nosuid': ['SKIPPED', '/tmp is not a separate partition'],
  'pkg-updates-installed': ['FAIL', '7 security updates pending: openssl, libssl3, libc6, nodejs, curl, libcurl4, tzdata'],
  'boot-grub-password': ['FAIL', 'no password_pbkdf2 entry in /boot/grub/grub.cfg'],
  'proc-ptrace-scope': ['FAIL', 'kernel.yama.ptrace_scope = 0'],
  'mac-apparmor-enforce': ['FAIL', '3 profiles are in complain mode'],
  'svc-cups-disabled': ['SKIPPED', 'cups is not available for this architecture'],
  'net-firewall-active': ['FAIL', 'nftables ruleset has policy accept on chain input'],
  'net-ipv6-disabled-if-unused': ['SKIPPED', 'IPv6 is in use on eth0 (2001:db8:12::40/64)'],
  'log-auditd-installed': ['FAIL', 'auditd is not installed'],
  'log-audit-logins': ['SKIPPED', 'auditd is not installed'],
  'log-audit-sudoers': ['SKIPPED', 'auditd is not installed'],
  'log-rsyslog-remote': ['FAIL', 'no remote log target in /etc/rsyslog.conf or /etc/rsyslog.d/'],
  'ssh-root-login': ['FAIL', 'sshd -T: permitrootlogin prohibit-password'],
  'ssh-password-auth': ['FAIL', 'sshd -T: passwordauthentication yes'],
  'auth-pw-min-length': ['FAIL', 'minlen = 8 in /etc/security/pwquality.conf'],
  'auth-lockout': ['FAIL', 'pam_faillock is not configured in /etc/pam.d/common-auth'],
}

const PASS_MESSAGES: Partial<Record<string, string>> = {
  'proc-aslr-enabled': 'kernel.randomize_va_space = 2',
  'ssh-empty-passwords': 'sshd -T: permitemptypasswords no',
  'acct-uid0-only-root': 'only root has UID 0',
  'net-syncookies': 'net.ipv4.tcp_syncookies = 1'
}

/** Severity weights for profile scores: a failed critical rule costs more than a failed low one. */
const WEIGHT: Record<RuleSeverity, number> = { critical: 10, high: 5, medium: 3, low: 1 }

export function demoAudit (): AuditDocument {
  const rules: AuditRule[] = RULES.map(([id, title, severity, profiles, [type, strategy, target, check], regulations, debianOnly]) => ({
    id,
    title,
    severity,
    version: '1.2.0',
    description: `${title}. Checked with ${type === 'sysctl' ? `the running kernel parameter ${target}` : `\`${target}\``}; see the CIS Benchmark for Debian Linux 12 and Ubuntu 22.04 LTS for the rationale and remediation.`,
    profiles: profiles.split(' '),
    regulations: regulations.split(' ').map((key) => REGULATIONS[key]!),
    os: debianOnly === true ? OS_DEB : OS_ALL,
    test: { type, strategy, target, check }
  }))
  const results = rules.map((rule) => {
    const [status, message] = OUTCOMES[rule.id] ?? ['PASS', PASS_MESSAGES[rule.id] ?? 'compliant']
    return { id: rule.id, status, message }
  })
  const profileScores = Object.fromEntries(Object.keys(PROFILES).map((profile) => {
    let score = 0
    let max = 0
    rules.forEach((rule, index) => {
      if (!rule.profiles.includes(profile) || results[index]!.status === 'SKIPPED') return
      max += WEIGHT[rule.severity]
      if (results[index]!.status === 'PASS') score += WEIGHT[rule.severity]
    })
    return [profile, { score, max }]
  }))
  return {
    rules: { globals: { profiles: Object.fromEntries(Object.entries(PROFILES).map(([name, description]) => [name, { description }])) }, rules },
    results,
    profile_scores: profileScores
  }
}
