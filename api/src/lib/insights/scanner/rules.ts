/**
 * The hardening rule set shipped inside the INSIGHTS scanner (`console-scan`) and echoed in every
 * audit result it writes (spec section 3, "Rule"). Modelled on the CIS Debian Linux 12 Benchmark
 * v1.1.0 and DISA STIG checks; the scanner evaluates each `test` on the machine (see script.ts).
 *
 * Test types and their fields (all strings, so the console shows them as written):
 * - sshd_config  / effective_value: target = sshd keyword in lower case (as `sshd -T` prints it),
 *                  check = a comparison (below). Unset keywords take OpenSSH's default.
 * - sysctl       / runtime_value: target = kernel parameter, read from /proc/sys; check = a comparison.
 * - file_permissions / mode_owner: target = path or glob; check = `mode<=0644` (no permission bit
 *                  beyond), `mode=1777`, `owner=root`, `group=root|shadow`, space-separated.
 * - file_content / present | absent: target = files or globs; check = an awk ERE matched against
 *                  each non-comment line (`(?i)` first: case-insensitive).
 *                / key_value: check = `KEY <comparison>` on a `KEY value` file such as login.defs.
 * - accounts     / <strategy>: checks over /etc/passwd, /etc/group, /etc/shadow; target = the files
 *                  read, check = what must hold, in words.
 * - service      / disabled: target = systemd units (also rc.d and OpenRC links) that must not be
 *                  enabled or running; / not_installed: target = package names.
 * - mount        / separate_partition | mount_option: target = mount point; check = the option.
 * - command      / output_empty: check = a read-only sh command whose output must be empty.
 *
 * Comparisons: `= a|b` (one of, case-insensitive), `!= a`, `<= n`, `>= n`, `between a b`,
 * `excludes a,b` (a comma list holding none of them), `masks 027` (an octal umask with these bits).
 */

export type Severity = 'critical' | 'high' | 'medium' | 'low'
export type TestType =
  'sshd_config' | 'sysctl' | 'file_permissions' | 'file_content' | 'accounts' | 'service' | 'mount' | 'command'

export interface RuleTest {
  type: TestType
  strategy: string
  target: string
  check: string
}
export interface Regulation {
  id: string
  controls: string[]
}
export interface Rule {
  id: string
  title: string
  severity: Severity
  version: string
  description: string
  profiles: ProfileName[]
  regulations: Regulation[]
  os: Record<string, string[]>
  test: RuleTest
}
export interface RuleSet {
  globals: { profiles: Record<string, { description: string }> }
  rules: Rule[]
}

export const PROFILES = {
  cis_level1: {
    description: 'CIS Debian Linux 12 Benchmark v1.1.0, Level 1 - Server: essential hardening that keeps the system fully usable.'
  },
  cis_level2: {
    description:
      'CIS Debian Linux 12 Benchmark v1.1.0, Level 2 - Server: Level 1 plus defence in depth for high-security systems (separate partitions, stricter SSH); may limit some uses.'
  },
  stig: {
    description:
      'DISA STIG (Red Hat Enterprise Linux and Ubuntu): the checks of this rule set that the Security Technical Implementation Guides require.'
  },
  pci_dss: {
    description:
      'PCI DSS v4.0: the checks that support requirements 2 (secure configuration), 8 (identification and authentication) and 10 (logging) on systems in the cardholder data environment.'
  },
  hardened: {
    description:
      'Hardened server: CIS Level 1 plus key-only SSH, no prelink, and the kernel memory and link protections the STIG asks for; recommended for internet-facing machines.'
  }
} as const satisfies Record<string, { description: string }>
export type ProfileName = keyof typeof PROFILES

/** The strategies the scanner implements, per test type. */
export const STRATEGIES: Record<TestType, readonly string[]> = {
  sshd_config: ['effective_value'],
  sysctl: ['runtime_value'],
  file_permissions: ['mode_owner'],
  file_content: ['present', 'absent', 'key_value'],
  accounts: [
    'uid0_only_root',
    'gid0_only_root',
    'group_gid0_only_root',
    'system_accounts_no_shell',
    'no_empty_passwords',
    'shadowed_passwords',
    'groups_exist',
    'shadow_group_empty',
    'unique_uids',
    'unique_gids',
    'unique_user_names',
    'unique_group_names'
  ],
  service: ['disabled', 'not_installed'],
  mount: ['separate_partition', 'mount_option'],
  command: ['output_empty']
}

/**
 * OpenSSH's built-in defaults (8.x/9.x), used when sshd -T cannot run (not root, or a scanned
 * tree) and the config files leave a keyword unset. On RHEL the crypto lists come from the
 * system crypto policy instead, which only sshd -T sees.
 */
export const SSHD_DEFAULTS: Record<string, string> = {
  banner: 'none',
  ciphers: 'chacha20-poly1305@openssh.com,aes128-ctr,aes192-ctr,aes256-ctr,aes128-gcm@openssh.com,aes256-gcm@openssh.com',
  clientaliveinterval: '0',
  clientalivecountmax: '3',
  disableforwarding: 'no',
  gssapiauthentication: 'no',
  hostbasedauthentication: 'no',
  ignorerhosts: 'yes',
  kexalgorithms:
    'sntrup761x25519-sha512@openssh.com,curve25519-sha256,curve25519-sha256@libssh.org,ecdh-sha2-nistp256,ecdh-sha2-nistp384,ecdh-sha2-nistp521,diffie-hellman-group-exchange-sha256,diffie-hellman-group16-sha512,diffie-hellman-group18-sha512,diffie-hellman-group14-sha256',
  logingracetime: '120',
  loglevel: 'INFO',
  macs: 'umac-64-etm@openssh.com,umac-128-etm@openssh.com,hmac-sha2-256-etm@openssh.com,hmac-sha2-512-etm@openssh.com,hmac-sha1-etm@openssh.com,umac-64@openssh.com,umac-128@openssh.com,hmac-sha2-256,hmac-sha2-512,hmac-sha1',
  maxauthtries: '6',
  maxsessions: '10',
  passwordauthentication: 'yes',
  permitemptypasswords: 'no',
  permitrootlogin: 'prohibit-password',
  permituserenvironment: 'no',
  usepam: 'no',
  x11forwarding: 'no'
}

const VERSION = '1.0'
const ALL_OS: Record<string, string[]> = {
  debian: ['11', '12'],
  ubuntu: ['20.04', '22.04', '24.04'],
  rhel: ['8', '9'],
  alpine: ['3.19', '3.20']
}
const NO_ALPINE: Record<string, string[]> = { debian: ALL_OS.debian!, ubuntu: ALL_OS.ubuntu!, rhel: ALL_OS.rhel! }
const DEBIAN_LIKE: Record<string, string[]> = { debian: ALL_OS.debian!, ubuntu: ALL_OS.ubuntu! }

// CIS control ids, titles and levels (l1_server / l2_server) checked against ComplianceAsCode's
// controls/cis_debian12.yml (version 1.1.0); a check with no control there cites none.
const cis = (...controls: string[]): Regulation => ({ id: 'CIS Debian 12 v1.1.0', controls })
const nist = (...controls: string[]): Regulation => ({ id: 'NIST SP 800-53 Rev. 5', controls })
const pci = (...controls: string[]): Regulation => ({ id: 'PCI DSS v4.0', controls })

// A CIS Level 1 recommendation is part of Level 2 too, and of the hardened profile.
const L1: ProfileName[] = ['cis_level1', 'cis_level2', 'hardened']
const L2: ProfileName[] = ['cis_level2']

const sshd = (target: string, check: string): RuleTest => ({ type: 'sshd_config', strategy: 'effective_value', target, check })
const sysctl = (target: string, check: string): RuleTest => ({ type: 'sysctl', strategy: 'runtime_value', target, check })
const perms = (target: string, check: string): RuleTest => ({ type: 'file_permissions', strategy: 'mode_owner', target, check })
const content = (strategy: 'present' | 'absent' | 'key_value', target: string, check: string): RuleTest => ({
  type: 'file_content',
  strategy,
  target,
  check
})
const accounts = (strategy: string, target: string, check: string): RuleTest => ({ type: 'accounts', strategy, target, check })
const service = (strategy: 'disabled' | 'not_installed', target: string, check: string): RuleTest => ({
  type: 'service',
  strategy,
  target,
  check
})
const mount = (strategy: 'separate_partition' | 'mount_option', target: string, check: string): RuleTest => ({
  type: 'mount',
  strategy,
  target,
  check
})
const command = (target: string, check: string): RuleTest => ({ type: 'command', strategy: 'output_empty', target, check })

type Draft = Omit<Rule, 'version' | 'os'> & { os?: Record<string, string[]> }
const rule = ({ os = ALL_OS, ...draft }: Draft): Rule => ({ ...draft, version: VERSION, os })

const SHADOW_MODE = 'mode<=0640 owner=root group=root|shadow'
const ACCOUNT_FILE_MODE = 'mode<=0644 owner=root group=root'
const CRON_DIR_MODE = 'mode<=0700 owner=root group=root'
const OS_BANNER = '(?i)\\\\[mrsv]|debian|ubuntu|red hat|rhel|centos|rocky|alma|fedora|alpine'

export const RULES: Rule[] = [
  // --- SSH server (CIS 5.1) ---
  rule({
    id: 'ssh_sshd_config_permissions',
    title: 'Ensure permissions on /etc/ssh/sshd_config are configured',
    severity: 'medium',
    description:
      'The SSH server configuration decides who may log in and how. Only root may change or read it: chown root:root /etc/ssh/sshd_config && chmod 0600 /etc/ssh/sshd_config.',
    profiles: [...L1, 'stig'],
    regulations: [cis('5.1.1'), nist('AC-3', 'CM-6')],
    test: perms('/etc/ssh/sshd_config', 'mode<=0600 owner=root group=root')
  }),
  rule({
    id: 'ssh_private_host_key_permissions',
    title: 'Ensure permissions on SSH private host key files are configured',
    severity: 'high',
    description:
      'Anyone who can read a host private key can impersonate this server. Keys must be owned by root and readable by root only (or by the ssh_keys group on Red Hat systems): chmod 0600 /etc/ssh/ssh_host_*_key.',
    profiles: [...L1, 'stig'],
    regulations: [cis('5.1.2'), nist('AC-3', 'SC-12')],
    test: perms('/etc/ssh/ssh_host_*_key', 'mode<=0640 owner=root group=root|ssh_keys')
  }),
  rule({
    id: 'ssh_public_host_key_permissions',
    title: 'Ensure permissions on SSH public host key files are configured',
    severity: 'low',
    description:
      'Public host keys must not be writable by other users, who could otherwise replace them: chmod 0644 /etc/ssh/ssh_host_*_key.pub.',
    profiles: [...L1, 'stig'],
    regulations: [cis('5.1.3'), nist('AC-3')],
    test: perms('/etc/ssh/ssh_host_*_key.pub', 'mode<=0644 owner=root group=root')
  }),
  rule({
    id: 'ssh_banner',
    title: 'Ensure sshd Banner is configured',
    severity: 'low',
    description:
      'A warning banner shown before login states that access is monitored and restricted to authorised users, which supports legal action. Set Banner /etc/issue.net in sshd_config.',
    profiles: [...L1, 'stig'],
    regulations: [cis('5.1.5'), nist('AC-8')],
    test: sshd('banner', '!= none')
  }),
  rule({
    id: 'ssh_weak_ciphers',
    title: 'Ensure sshd Ciphers are configured',
    severity: 'medium',
    description:
      'CBC-mode and RC4 ciphers are vulnerable to plaintext recovery. Remove them from the Ciphers line (current OpenSSH servers do not offer them by default).',
    profiles: [...L1, 'stig', 'pci_dss'],
    regulations: [cis('5.1.6'), nist('SC-8', 'SC-13'), pci('2.2.7')],
    test: sshd(
      'ciphers',
      'excludes 3des-cbc,aes128-cbc,aes192-cbc,aes256-cbc,arcfour,arcfour128,arcfour256,blowfish-cbc,cast128-cbc,rijndael-cbc@lysator.liu.se'
    )
  }),
  rule({
    id: 'ssh_client_alive_interval',
    title: 'Ensure sshd ClientAliveInterval is configured',
    severity: 'medium',
    description:
      'Idle SSH sessions left open on an unattended terminal can be taken over. Set ClientAliveInterval between 1 and 900 seconds (PCI DSS asks for re-authentication after 15 idle minutes).',
    profiles: [...L1, 'stig', 'pci_dss'],
    regulations: [cis('5.1.7'), nist('AC-12', 'SC-10'), pci('8.2.8')],
    test: sshd('clientaliveinterval', 'between 1 900')
  }),
  rule({
    id: 'ssh_client_alive_count_max',
    title: 'Ensure sshd ClientAliveCountMax is configured',
    severity: 'low',
    description:
      'With ClientAliveInterval, ClientAliveCountMax decides how many unanswered keep-alives end an idle session. Set it between 1 and 3.',
    profiles: [...L1, 'stig'],
    regulations: [cis('5.1.7'), nist('AC-12', 'SC-10')],
    test: sshd('clientalivecountmax', 'between 1 3')
  }),
  rule({
    id: 'ssh_disable_forwarding',
    title: 'Ensure sshd DisableForwarding is enabled',
    severity: 'medium',
    description:
      'Port, agent, X11 and stream-local forwarding let SSH users tunnel around firewalls. Set DisableForwarding yes unless forwarding is needed.',
    profiles: L2,
    regulations: [cis('5.1.8'), nist('AC-17', 'CM-7')],
    test: sshd('disableforwarding', '= yes')
  }),
  rule({
    id: 'ssh_x11_forwarding',
    title: 'Ensure SSH X11 forwarding is disabled',
    severity: 'medium',
    description:
      'X11 forwarding exposes the client X server to the remote host, whose users can capture keystrokes and screens. Set X11Forwarding no.',
    profiles: ['stig', 'hardened'],
    regulations: [nist('CM-7')],
    test: sshd('x11forwarding', '= no')
  }),
  rule({
    id: 'ssh_gssapi_authentication',
    title: 'Ensure sshd GSSAPIAuthentication is disabled',
    severity: 'low',
    description: 'GSSAPI (Kerberos) authentication adds attack surface when it is not used. Set GSSAPIAuthentication no.',
    profiles: L2,
    regulations: [cis('5.1.9'), nist('CM-7')],
    test: sshd('gssapiauthentication', '= no')
  }),
  rule({
    id: 'ssh_hostbased_authentication',
    title: 'Ensure sshd HostbasedAuthentication is disabled',
    severity: 'medium',
    description:
      'Host-based authentication trusts a whole client machine (.rhosts, /etc/hosts.equiv) instead of the user. Set HostbasedAuthentication no.',
    profiles: [...L1, 'stig'],
    regulations: [cis('5.1.10'), nist('IA-2')],
    test: sshd('hostbasedauthentication', '= no')
  }),
  rule({
    id: 'ssh_ignore_rhosts',
    title: 'Ensure sshd IgnoreRhosts is enabled',
    severity: 'medium',
    description: "Users' .rhosts and .shosts files must not grant access without a password or key. Set IgnoreRhosts yes.",
    profiles: [...L1, 'stig'],
    regulations: [cis('5.1.11'), nist('IA-2')],
    test: sshd('ignorerhosts', '= yes')
  }),
  rule({
    id: 'ssh_weak_kex',
    title: 'Ensure sshd KexAlgorithms is configured',
    severity: 'medium',
    description:
      'SHA-1 based key exchange (diffie-hellman-group1-sha1, group14-sha1, group-exchange-sha1) is weak. Remove those from KexAlgorithms.',
    profiles: [...L1, 'stig', 'pci_dss'],
    regulations: [cis('5.1.12'), nist('SC-8', 'SC-13'), pci('2.2.7')],
    test: sshd(
      'kexalgorithms',
      'excludes diffie-hellman-group1-sha1,diffie-hellman-group14-sha1,diffie-hellman-group-exchange-sha1'
    )
  }),
  rule({
    id: 'ssh_login_grace_time',
    title: 'Ensure sshd LoginGraceTime is configured',
    severity: 'low',
    description:
      'A long login grace time lets unauthenticated connections pile up (denial of service). Set LoginGraceTime between 1 and 60 seconds (0 means no limit).',
    profiles: L1,
    regulations: [cis('5.1.13'), nist('AC-7', 'SC-5')],
    test: sshd('logingracetime', 'between 1 60')
  }),
  rule({
    id: 'ssh_log_level',
    title: 'Ensure sshd LogLevel is configured',
    severity: 'low',
    description:
      'INFO or VERBOSE records logins and key fingerprints, which investigations need. Set LogLevel VERBOSE (or INFO).',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('5.1.14'), nist('AU-3', 'AU-12'), pci('10.2.1')],
    test: sshd('loglevel', '= info|verbose')
  }),
  rule({
    id: 'ssh_weak_macs',
    title: 'Ensure sshd MACs are configured',
    severity: 'medium',
    description:
      'MD5, RIPEMD-160, truncated SHA-1 and 64-bit UMAC message authentication codes are weak. List only strong MACs (hmac-sha2-512-etm@openssh.com, hmac-sha2-256-etm@openssh.com, ...).',
    profiles: [...L1, 'stig', 'pci_dss'],
    regulations: [cis('5.1.15'), nist('SC-8', 'SC-13'), pci('2.2.7')],
    test: sshd(
      'macs',
      'excludes hmac-md5,hmac-md5-96,hmac-ripemd160,hmac-sha1-96,umac-64@openssh.com,hmac-md5-etm@openssh.com,hmac-md5-96-etm@openssh.com,hmac-ripemd160-etm@openssh.com,hmac-sha1-96-etm@openssh.com,umac-64-etm@openssh.com'
    )
  }),
  rule({
    id: 'ssh_max_auth_tries',
    title: 'Ensure sshd MaxAuthTries is configured',
    severity: 'medium',
    description: 'Limiting authentication attempts per connection slows down password guessing. Set MaxAuthTries 4 or less.',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('5.1.16'), nist('AC-7'), pci('8.3.4')],
    test: sshd('maxauthtries', '<= 4')
  }),
  rule({
    id: 'ssh_max_sessions',
    title: 'Ensure sshd MaxSessions is configured',
    severity: 'low',
    description:
      'Limits the sessions multiplexed over one connection, bounding what one stolen connection can do. Set MaxSessions 10 or less.',
    profiles: L1,
    regulations: [cis('5.1.17'), nist('AC-10')],
    test: sshd('maxsessions', '<= 10')
  }),
  rule({
    id: 'ssh_permit_empty_passwords',
    title: 'Ensure sshd PermitEmptyPasswords is disabled',
    severity: 'high',
    description: 'An account with an empty password must never be reachable over the network. Set PermitEmptyPasswords no.',
    profiles: [...L1, 'stig', 'pci_dss'],
    regulations: [cis('5.1.19'), nist('IA-5'), pci('8.3.1')],
    test: sshd('permitemptypasswords', '= no')
  }),
  rule({
    id: 'ssh_permit_root_login',
    title: 'Ensure sshd PermitRootLogin is disabled',
    severity: 'high',
    description:
      'Direct root logins leave no trace of which administrator acted and give attackers a known account name to guess. Log in as a named user and use sudo; set PermitRootLogin no.',
    profiles: [...L1, 'stig', 'pci_dss'],
    regulations: [cis('5.1.20'), nist('AC-6(2)', 'AC-17'), pci('8.2.2')],
    test: sshd('permitrootlogin', '= no')
  }),
  rule({
    id: 'ssh_permit_user_environment',
    title: 'Ensure sshd PermitUserEnvironment is disabled',
    severity: 'medium',
    description:
      'Letting users pass environment variables to sshd (~/.ssh/environment) can bypass restrictions such as forced commands (LD_PRELOAD). Set PermitUserEnvironment no.',
    profiles: [...L1, 'stig'],
    regulations: [cis('5.1.21'), nist('CM-6')],
    test: sshd('permituserenvironment', '= no')
  }),
  rule({
    id: 'ssh_use_pam',
    title: 'Ensure sshd UsePAM is enabled',
    severity: 'low',
    description:
      "PAM applies the system's account, password and session policies (lockout, expiry, limits) to SSH logins. Set UsePAM yes.",
    profiles: L1,
    regulations: [cis('5.1.22'), nist('IA-2', 'CM-6')],
    os: NO_ALPINE,
    test: sshd('usepam', '= yes')
  }),
  rule({
    id: 'ssh_password_authentication',
    title: 'Ensure sshd PasswordAuthentication is disabled',
    severity: 'medium',
    description:
      'Internet-facing SSH servers receive password guessing around the clock. Use keys (or certificates) only: set PasswordAuthentication no (and KbdInteractiveAuthentication no).',
    profiles: ['hardened'],
    regulations: [nist('IA-2', 'IA-5')],
    test: sshd('passwordauthentication', '= no')
  }),

  // --- Local accounts and groups (CIS 5.4.2, 7.2) ---
  rule({
    id: 'accounts_uid0_only_root',
    title: 'Ensure root is the only UID 0 account',
    severity: 'critical',
    description:
      'Any account with UID 0 has full control of the system; a second one is a classic backdoor. Remove it or give it another UID.',
    profiles: [...L1, 'stig', 'pci_dss'],
    regulations: [cis('5.4.2.1'), nist('AC-6'), pci('8.2.2')],
    test: accounts('uid0_only_root', '/etc/passwd', 'only root has UID 0')
  }),
  rule({
    id: 'accounts_gid0_only_root',
    title: 'Ensure root is the only GID 0 account',
    severity: 'medium',
    description:
      'Accounts whose primary group is GID 0 get access to root-group files. Only root (and the historical sync, shutdown, halt and operator accounts) may have GID 0.',
    profiles: L1,
    regulations: [cis('5.4.2.2'), nist('AC-6')],
    test: accounts('gid0_only_root', '/etc/passwd', 'only root (and sync, shutdown, halt, operator) has primary GID 0')
  }),
  rule({
    id: 'accounts_group_gid0_only_root',
    title: 'Ensure group root is the only GID 0 group',
    severity: 'medium',
    description: 'Another group with GID 0 grants its members root-group access under a different name.',
    profiles: L1,
    regulations: [cis('5.4.2.3'), nist('AC-6')],
    test: accounts('group_gid0_only_root', '/etc/group', 'only the group root has GID 0')
  }),
  rule({
    id: 'accounts_system_no_login_shell',
    title: 'Ensure system accounts do not have a valid login shell',
    severity: 'medium',
    description:
      'Service accounts (UID below UID_MIN) must not be usable for interactive logins. Set their shell to /usr/sbin/nologin.',
    profiles: L1,
    regulations: [cis('5.4.2.7'), nist('AC-2', 'CM-6')],
    test: accounts(
      'system_accounts_no_shell',
      '/etc/passwd',
      'accounts below UID_MIN other than root, sync, shutdown, halt have no shell from /etc/shells'
    )
  }),
  rule({
    id: 'accounts_no_empty_passwords',
    title: 'Ensure /etc/shadow password fields are not empty',
    severity: 'critical',
    description:
      'An account with an empty password field can be logged into without a password. Lock it (passwd -l) or set a password.',
    profiles: [...L1, 'stig', 'pci_dss'],
    regulations: [cis('7.2.2'), nist('IA-5'), pci('8.3.1')],
    test: accounts('no_empty_passwords', '/etc/shadow', 'no account has an empty password field')
  }),
  rule({
    id: 'accounts_shadowed_passwords',
    title: 'Ensure accounts in /etc/passwd use shadowed passwords',
    severity: 'high',
    description:
      '/etc/passwd is readable by everyone; a password hash stored there can be cracked offline. Every password field must be x (run pwconv).',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('7.2.1'), nist('IA-5'), pci('8.3.2')],
    test: accounts('shadowed_passwords', '/etc/passwd', 'every password field is x')
  }),
  rule({
    id: 'accounts_groups_exist',
    title: 'Ensure all groups in /etc/passwd exist in /etc/group',
    severity: 'low',
    description:
      'A primary GID without a group entry is a leftover that a new group would silently inherit, with the files it owns.',
    profiles: L1,
    regulations: [cis('7.2.3'), nist('AC-2')],
    test: accounts('groups_exist', '/etc/passwd /etc/group', 'every primary GID exists in /etc/group')
  }),
  rule({
    id: 'accounts_shadow_group_empty',
    title: 'Ensure shadow group is empty',
    severity: 'medium',
    description:
      "Members of the shadow group can read /etc/shadow and crack the password hashes. The group must have no members and be no one's primary group.",
    profiles: L1,
    regulations: [cis('7.2.4'), nist('AC-6')],
    os: DEBIAN_LIKE,
    test: accounts('shadow_group_empty', '/etc/group /etc/passwd', 'the shadow group has no members')
  }),
  rule({
    id: 'accounts_unique_uids',
    title: 'Ensure no duplicate UIDs exist',
    severity: 'medium',
    description:
      'Two accounts sharing a UID are the same user to the kernel: actions cannot be attributed and file access is shared.',
    profiles: [...L1, 'stig', 'pci_dss'],
    regulations: [cis('7.2.5'), nist('IA-2', 'IA-4'), pci('8.2.1')],
    test: accounts('unique_uids', '/etc/passwd', 'every UID is used once')
  }),
  rule({
    id: 'accounts_unique_gids',
    title: 'Ensure no duplicate GIDs exist',
    severity: 'low',
    description: 'Two groups sharing a GID share every file permission granted to either.',
    profiles: L1,
    regulations: [cis('7.2.6'), nist('IA-4')],
    test: accounts('unique_gids', '/etc/group', 'every GID is used once')
  }),
  rule({
    id: 'accounts_unique_user_names',
    title: 'Ensure no duplicate user names exist',
    severity: 'medium',
    description: 'A duplicated user name makes login resolve to whichever entry comes first, hiding the other account.',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('7.2.7'), nist('IA-4'), pci('8.2.1')],
    test: accounts('unique_user_names', '/etc/passwd', 'every user name is used once')
  }),
  rule({
    id: 'accounts_unique_group_names',
    title: 'Ensure no duplicate group names exist',
    severity: 'low',
    description: 'A duplicated group name makes group lookups ambiguous, so permissions may go to the wrong group.',
    profiles: L1,
    regulations: [cis('7.2.8'), nist('IA-4')],
    test: accounts('unique_group_names', '/etc/group', 'every group name is used once')
  }),
  rule({
    id: 'shells_no_nologin',
    title: 'Ensure nologin is not listed in /etc/shells',
    severity: 'low',
    description:
      '/etc/shells lists valid login shells; listing nologin there makes locked service accounts look like login accounts to programs such as FTP servers.',
    profiles: L2,
    regulations: [cis('5.4.3.1'), nist('CM-6')],
    test: content('absent', '/etc/shells', '/nologin$')
  }),

  // --- Passwords and the shell environment (CIS 5.4.1, 5.4.3) ---
  rule({
    id: 'login_defs_pass_max_days',
    title: 'Ensure password expiration is configured',
    severity: 'medium',
    description:
      'Passwords must expire so a leaked one stops working. Set PASS_MAX_DAYS 365 or less in /etc/login.defs (and chage --maxdays for existing users).',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('5.4.1.1'), nist('IA-5(1)'), pci('8.3.9')],
    test: content('key_value', '/etc/login.defs', 'PASS_MAX_DAYS between 1 365')
  }),
  rule({
    id: 'login_defs_pass_min_days',
    title: 'Ensure minimum password days is configured',
    severity: 'low',
    description:
      'A minimum age stops users from cycling through passwords straight back to the old one. Set PASS_MIN_DAYS 1 or more in /etc/login.defs.',
    profiles: [...L2, 'stig'],
    regulations: [cis('5.4.1.2'), nist('IA-5(1)')],
    test: content('key_value', '/etc/login.defs', 'PASS_MIN_DAYS >= 1')
  }),
  rule({
    id: 'login_defs_pass_warn_age',
    title: 'Ensure password expiration warning days is configured',
    severity: 'low',
    description: 'Users should be warned a week before their password expires. Set PASS_WARN_AGE 7 or more in /etc/login.defs.',
    profiles: L1,
    regulations: [cis('5.4.1.3'), nist('IA-5(1)')],
    test: content('key_value', '/etc/login.defs', 'PASS_WARN_AGE >= 7')
  }),
  rule({
    id: 'login_defs_encrypt_method',
    title: 'Ensure strong password hashing algorithm is configured',
    severity: 'medium',
    description:
      'New passwords must be hashed with SHA-512 or yescrypt, not MD5 or DES. Set ENCRYPT_METHOD SHA512 or YESCRYPT in /etc/login.defs.',
    profiles: [...L1, 'stig', 'pci_dss'],
    regulations: [cis('5.4.1.4'), nist('IA-5(1)'), pci('8.3.2')],
    test: content('key_value', '/etc/login.defs', 'ENCRYPT_METHOD = SHA512|YESCRYPT')
  }),
  rule({
    id: 'login_defs_umask',
    title: 'Ensure default user umask is configured',
    severity: 'medium',
    description:
      'A umask of 027 or stricter keeps new files from being readable by every user. Set UMASK 027 in /etc/login.defs.',
    profiles: [...L1, 'stig'],
    regulations: [cis('5.4.3.3'), nist('AC-6', 'CM-6')],
    test: content('key_value', '/etc/login.defs', 'UMASK masks 027')
  }),
  rule({
    id: 'shell_timeout',
    title: 'Ensure default user shell timeout is configured',
    severity: 'low',
    description:
      'An idle shell left open can be used by someone else. Set readonly TMOUT=900 (or less) and export TMOUT in /etc/profile or a file in /etc/profile.d.',
    profiles: [...L1, 'stig', 'pci_dss'],
    regulations: [cis('5.4.3.2'), nist('AC-12'), pci('8.2.8')],
    test: content(
      'present',
      '/etc/profile /etc/profile.d/*.sh /etc/bash.bashrc',
      '^[[:blank:]]*(readonly[[:blank:]]+|export[[:blank:]]+|typeset[[:blank:]]+-[a-z]*[[:blank:]]+)*TMOUT=([1-9]|[1-9][0-9]|[1-8][0-9][0-9]|900)([^0-9]|$)'
    )
  }),

  // --- System file permissions (CIS 7.1) ---
  rule({
    id: 'perm_etc_passwd',
    title: 'Ensure permissions on /etc/passwd are configured',
    severity: 'medium',
    description:
      'Everyone must be able to read /etc/passwd, but only root may change it; a writable file lets any user make themselves root.',
    profiles: [...L1, 'stig'],
    regulations: [cis('7.1.1'), nist('AC-3')],
    test: perms('/etc/passwd', ACCOUNT_FILE_MODE)
  }),
  rule({
    id: 'perm_etc_passwd_backup',
    title: 'Ensure permissions on /etc/passwd- are configured',
    severity: 'low',
    description: 'The backup copy of /etc/passwd needs the same protection as the file itself.',
    profiles: L1,
    regulations: [cis('7.1.2'), nist('AC-3')],
    test: perms('/etc/passwd-', ACCOUNT_FILE_MODE)
  }),
  rule({
    id: 'perm_etc_group',
    title: 'Ensure permissions on /etc/group are configured',
    severity: 'medium',
    description: 'Only root may change group membership; a writable /etc/group lets a user join the sudo or root group.',
    profiles: [...L1, 'stig'],
    regulations: [cis('7.1.3'), nist('AC-3')],
    test: perms('/etc/group', ACCOUNT_FILE_MODE)
  }),
  rule({
    id: 'perm_etc_group_backup',
    title: 'Ensure permissions on /etc/group- are configured',
    severity: 'low',
    description: 'The backup copy of /etc/group needs the same protection as the file itself.',
    profiles: L1,
    regulations: [cis('7.1.4'), nist('AC-3')],
    test: perms('/etc/group-', ACCOUNT_FILE_MODE)
  }),
  rule({
    id: 'perm_etc_shadow',
    title: 'Ensure permissions on /etc/shadow are configured',
    severity: 'high',
    description:
      '/etc/shadow holds the password hashes. Only root (and the shadow group on Debian) may read it: chmod 0640 /etc/shadow, owner root.',
    profiles: [...L1, 'stig', 'pci_dss'],
    regulations: [cis('7.1.5'), nist('AC-3', 'IA-5'), pci('8.3.2')],
    test: perms('/etc/shadow', SHADOW_MODE)
  }),
  rule({
    id: 'perm_etc_shadow_backup',
    title: 'Ensure permissions on /etc/shadow- are configured',
    severity: 'high',
    description: 'The backup copy of /etc/shadow holds the same password hashes and needs the same protection.',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('7.1.6'), nist('AC-3', 'IA-5'), pci('8.3.2')],
    test: perms('/etc/shadow-', SHADOW_MODE)
  }),
  rule({
    id: 'perm_etc_gshadow',
    title: 'Ensure permissions on /etc/gshadow are configured',
    severity: 'medium',
    description: '/etc/gshadow holds group passwords and administrators. Only root (and the shadow group) may read it.',
    profiles: L1,
    regulations: [cis('7.1.7'), nist('AC-3')],
    test: perms('/etc/gshadow', SHADOW_MODE)
  }),
  rule({
    id: 'perm_etc_gshadow_backup',
    title: 'Ensure permissions on /etc/gshadow- are configured',
    severity: 'low',
    description: 'The backup copy of /etc/gshadow needs the same protection as the file itself.',
    profiles: L1,
    regulations: [cis('7.1.8'), nist('AC-3')],
    test: perms('/etc/gshadow-', SHADOW_MODE)
  }),
  rule({
    id: 'perm_etc_shells',
    title: 'Ensure permissions on /etc/shells are configured',
    severity: 'low',
    description: 'Programs trust /etc/shells to decide which accounts may log in; only root may change it.',
    profiles: L1,
    regulations: [cis('7.1.9'), nist('AC-3')],
    test: perms('/etc/shells', ACCOUNT_FILE_MODE)
  }),
  rule({
    id: 'perm_security_opasswd',
    title: 'Ensure permissions on /etc/security/opasswd are configured',
    severity: 'medium',
    description: 'pam_pwhistory keeps old password hashes in /etc/security/opasswd; only root may read them.',
    profiles: L1,
    regulations: [cis('7.1.10'), nist('AC-3', 'IA-5')],
    test: perms('/etc/security/opasswd', 'mode<=0600 owner=root group=root')
  }),
  rule({
    id: 'files_world_writable_etc',
    title: 'Ensure no world writable files exist in /etc',
    severity: 'high',
    description:
      'A world-writable file under /etc lets any local user change system configuration, often up to root. Remove the write bit (chmod o-w).',
    profiles: [...L1, 'stig'],
    regulations: [cis('7.1.11'), nist('AC-3', 'CM-6')],
    test: command('/etc', 'find "${SCAN_ROOT}/etc" -xdev -type f -perm -0002')
  }),
  rule({
    id: 'files_unowned_etc',
    title: 'Ensure no unowned or ungrouped files exist in /etc',
    severity: 'low',
    description: 'Files whose owner or group no longer exists would belong to whoever is next given that UID or GID.',
    profiles: L1,
    regulations: [cis('7.1.12'), nist('AC-3')],
    test: command('/etc', 'find "${SCAN_ROOT}/etc" -xdev \\( -nouser -o -nogroup \\)')
  }),

  // --- Job schedulers (CIS 2.4.1) ---
  rule({
    id: 'cron_crontab_permissions',
    title: 'Ensure permissions on /etc/crontab are configured',
    severity: 'medium',
    description: 'Jobs in /etc/crontab run as root; only root may read or change it: chmod 0600 /etc/crontab.',
    profiles: L1,
    regulations: [cis('2.4.1.2'), nist('AC-3')],
    test: perms('/etc/crontab', 'mode<=0600 owner=root group=root')
  }),
  rule({
    id: 'cron_hourly_permissions',
    title: 'Ensure permissions on /etc/cron.hourly are configured',
    severity: 'medium',
    description: 'Scripts in /etc/cron.hourly run as root; only root may see or change them: chmod 0700 /etc/cron.hourly.',
    profiles: L1,
    regulations: [cis('2.4.1.3'), nist('AC-3')],
    test: perms('/etc/cron.hourly', CRON_DIR_MODE)
  }),
  rule({
    id: 'cron_daily_permissions',
    title: 'Ensure permissions on /etc/cron.daily are configured',
    severity: 'medium',
    description: 'Scripts in /etc/cron.daily run as root; only root may see or change them: chmod 0700 /etc/cron.daily.',
    profiles: L1,
    regulations: [cis('2.4.1.4'), nist('AC-3')],
    test: perms('/etc/cron.daily', CRON_DIR_MODE)
  }),
  rule({
    id: 'cron_weekly_permissions',
    title: 'Ensure permissions on /etc/cron.weekly are configured',
    severity: 'medium',
    description: 'Scripts in /etc/cron.weekly run as root; only root may see or change them: chmod 0700 /etc/cron.weekly.',
    profiles: L1,
    regulations: [cis('2.4.1.5'), nist('AC-3')],
    test: perms('/etc/cron.weekly', CRON_DIR_MODE)
  }),
  rule({
    id: 'cron_monthly_permissions',
    title: 'Ensure permissions on /etc/cron.monthly are configured',
    severity: 'medium',
    description: 'Scripts in /etc/cron.monthly run as root; only root may see or change them: chmod 0700 /etc/cron.monthly.',
    profiles: L1,
    regulations: [cis('2.4.1.6'), nist('AC-3')],
    test: perms('/etc/cron.monthly', CRON_DIR_MODE)
  }),
  rule({
    id: 'cron_d_permissions',
    title: 'Ensure permissions on /etc/cron.d are configured',
    severity: 'medium',
    description: 'Files in /etc/cron.d can run jobs as any user; only root may see or change them: chmod 0700 /etc/cron.d.',
    profiles: L1,
    regulations: [cis('2.4.1.7'), nist('AC-3')],
    test: perms('/etc/cron.d', CRON_DIR_MODE)
  }),

  // --- Process hardening (CIS 1.5) and kernel parameters ---
  rule({
    id: 'sysctl_randomize_va_space',
    title: 'Ensure address space layout randomization is enabled',
    severity: 'high',
    description:
      'ASLR places stacks, heaps and libraries at random addresses so memory-corruption exploits cannot rely on them. Set kernel.randomize_va_space = 2 in /etc/sysctl.d.',
    profiles: [...L1, 'stig'],
    regulations: [cis('1.5.1'), nist('SI-16')],
    test: sysctl('kernel.randomize_va_space', '= 2')
  }),
  rule({
    id: 'sysctl_ptrace_scope',
    title: 'Ensure ptrace_scope is restricted',
    severity: 'medium',
    description:
      "With ptrace unrestricted, any process can read the memory (keys, passwords) of the user's other processes. Set kernel.yama.ptrace_scope = 1 (or 2, 3).",
    profiles: L1,
    regulations: [cis('1.5.2'), nist('AC-6', 'SI-16')],
    test: sysctl('kernel.yama.ptrace_scope', '= 1|2|3')
  }),
  rule({
    id: 'sysctl_suid_dumpable',
    title: 'Ensure core dumps of setuid programs are restricted',
    severity: 'medium',
    description:
      'A core dump of a setuid program can hold privileged data such as password hashes. Set fs.suid_dumpable = 0 (and hard core 0 in limits.conf).',
    profiles: [...L1, 'stig'],
    regulations: [cis('1.5.3'), nist('CM-6')],
    test: sysctl('fs.suid_dumpable', '= 0')
  }),
  rule({
    id: 'sysctl_dmesg_restrict',
    title: 'Ensure kernel.dmesg_restrict is enabled',
    severity: 'low',
    description:
      'The kernel log reveals addresses and hardware details useful to exploits. Restrict it to privileged users: kernel.dmesg_restrict = 1.',
    profiles: ['stig', 'hardened'],
    regulations: [nist('SI-11', 'CM-6')],
    test: sysctl('kernel.dmesg_restrict', '= 1')
  }),
  rule({
    id: 'sysctl_kptr_restrict',
    title: 'Ensure kernel pointers are hidden',
    severity: 'medium',
    description:
      'Kernel addresses in /proc defeat kernel ASLR. Hide them from unprivileged users: kernel.kptr_restrict = 1 (or 2).',
    profiles: ['stig', 'hardened'],
    regulations: [nist('SI-16', 'CM-6')],
    test: sysctl('kernel.kptr_restrict', '= 1|2')
  }),
  rule({
    id: 'sysctl_protected_symlinks',
    title: 'Ensure protected symlinks are enabled',
    severity: 'medium',
    description: 'Stops symlink attacks in world-writable sticky directories such as /tmp: fs.protected_symlinks = 1.',
    profiles: ['stig', 'hardened'],
    regulations: [nist('AC-6', 'CM-6')],
    test: sysctl('fs.protected_symlinks', '= 1')
  }),
  rule({
    id: 'sysctl_protected_hardlinks',
    title: 'Ensure protected hardlinks are enabled',
    severity: 'medium',
    description:
      'Stops users from hard-linking files they do not own (for example setuid programs) to keep them after an update: fs.protected_hardlinks = 1.',
    profiles: ['stig', 'hardened'],
    regulations: [nist('AC-6', 'CM-6')],
    test: sysctl('fs.protected_hardlinks', '= 1')
  }),
  rule({
    id: 'sysctl_ip_forward',
    title: 'Ensure IP forwarding is disabled',
    severity: 'medium',
    description:
      'A host that is not a router must not forward packets between its interfaces, or it can bridge networks that should stay apart. Set net.ipv4.ip_forward = 0 (container hosts and routers need it on, so this check fails there by design).',
    profiles: [...L1, 'stig'],
    regulations: [cis('3.3.1'), nist('CM-7', 'SC-7')],
    test: sysctl('net.ipv4.ip_forward', '= 0')
  }),
  rule({
    id: 'sysctl_send_redirects',
    title: 'Ensure packet redirect sending is disabled',
    severity: 'medium',
    description:
      'Only routers send ICMP redirects; a compromised host could use them to reroute traffic. Set net.ipv4.conf.all.send_redirects = 0.',
    profiles: [...L1, 'stig'],
    regulations: [cis('3.3.2'), nist('CM-7', 'SC-7')],
    test: sysctl('net.ipv4.conf.all.send_redirects', '= 0')
  }),
  rule({
    id: 'sysctl_default_send_redirects',
    title: 'Ensure packet redirect sending is disabled for new interfaces',
    severity: 'low',
    description: 'The same setting for interfaces created later: net.ipv4.conf.default.send_redirects = 0.',
    profiles: [...L1, 'stig'],
    regulations: [cis('3.3.2'), nist('CM-7', 'SC-7')],
    test: sysctl('net.ipv4.conf.default.send_redirects', '= 0')
  }),
  rule({
    id: 'sysctl_icmp_ignore_bogus_errors',
    title: 'Ensure bogus ICMP responses are ignored',
    severity: 'low',
    description: 'Keeps bogus ICMP error responses from filling the logs: net.ipv4.icmp_ignore_bogus_error_responses = 1.',
    profiles: L1,
    regulations: [cis('3.3.3'), nist('SC-5')],
    test: sysctl('net.ipv4.icmp_ignore_bogus_error_responses', '= 1')
  }),
  rule({
    id: 'sysctl_icmp_echo_ignore_broadcasts',
    title: 'Ensure broadcast ICMP requests are ignored',
    severity: 'low',
    description: 'Answering broadcast pings makes the host a Smurf amplifier: net.ipv4.icmp_echo_ignore_broadcasts = 1.',
    profiles: L1,
    regulations: [cis('3.3.4'), nist('SC-5')],
    test: sysctl('net.ipv4.icmp_echo_ignore_broadcasts', '= 1')
  }),
  rule({
    id: 'sysctl_accept_redirects',
    title: 'Ensure ICMP redirects are not accepted',
    severity: 'medium',
    description:
      "Accepted ICMP redirects let an attacker on the network change this host's routes and intercept its traffic: net.ipv4.conf.all.accept_redirects = 0.",
    profiles: [...L1, 'stig'],
    regulations: [cis('3.3.5'), nist('CM-7', 'SC-7')],
    test: sysctl('net.ipv4.conf.all.accept_redirects', '= 0')
  }),
  rule({
    id: 'sysctl_default_accept_redirects',
    title: 'Ensure ICMP redirects are not accepted on new interfaces',
    severity: 'low',
    description: 'The same setting for interfaces created later: net.ipv4.conf.default.accept_redirects = 0.',
    profiles: [...L1, 'stig'],
    regulations: [cis('3.3.5'), nist('CM-7', 'SC-7')],
    test: sysctl('net.ipv4.conf.default.accept_redirects', '= 0')
  }),
  rule({
    id: 'sysctl_ipv6_accept_redirects',
    title: 'Ensure IPv6 ICMP redirects are not accepted',
    severity: 'medium',
    description: 'The IPv6 counterpart: net.ipv6.conf.all.accept_redirects = 0 (skipped when IPv6 is disabled).',
    profiles: [...L1, 'stig'],
    regulations: [cis('3.3.5'), nist('CM-7', 'SC-7')],
    test: sysctl('net.ipv6.conf.all.accept_redirects', '= 0')
  }),
  rule({
    id: 'sysctl_secure_redirects',
    title: 'Ensure secure ICMP redirects are not accepted',
    severity: 'low',
    description:
      '"Secure" redirects come from a listed gateway, which an attacker who controls it can still abuse: net.ipv4.conf.all.secure_redirects = 0.',
    profiles: L1,
    regulations: [cis('3.3.6'), nist('CM-7', 'SC-7')],
    test: sysctl('net.ipv4.conf.all.secure_redirects', '= 0')
  }),
  rule({
    id: 'sysctl_rp_filter',
    title: 'Ensure reverse path filtering is enabled',
    severity: 'medium',
    description:
      'Drops packets whose source address could not be answered through the interface they came in on, a common spoofing trick: net.ipv4.conf.all.rp_filter = 1.',
    profiles: L1,
    regulations: [cis('3.3.7'), nist('SC-7')],
    test: sysctl('net.ipv4.conf.all.rp_filter', '= 1')
  }),
  rule({
    id: 'sysctl_accept_source_route',
    title: 'Ensure source routed packets are not accepted',
    severity: 'medium',
    description:
      'Source routing lets the sender choose the path of a packet, for example through a firewall: net.ipv4.conf.all.accept_source_route = 0.',
    profiles: [...L1, 'stig'],
    regulations: [cis('3.3.8'), nist('CM-7', 'SC-7')],
    test: sysctl('net.ipv4.conf.all.accept_source_route', '= 0')
  }),
  rule({
    id: 'sysctl_log_martians',
    title: 'Ensure suspicious packets are logged',
    severity: 'low',
    description:
      'Logs packets with impossible source addresses ("martians"), an early sign of spoofing: net.ipv4.conf.all.log_martians = 1.',
    profiles: L1,
    regulations: [cis('3.3.9'), nist('AU-12', 'SI-4')],
    test: sysctl('net.ipv4.conf.all.log_martians', '= 1')
  }),
  rule({
    id: 'sysctl_tcp_syncookies',
    title: 'Ensure TCP SYN cookies are enabled',
    severity: 'medium',
    description: 'SYN cookies keep the host reachable during a SYN flood: net.ipv4.tcp_syncookies = 1.',
    profiles: [...L1, 'stig'],
    regulations: [cis('3.3.10'), nist('SC-5')],
    test: sysctl('net.ipv4.tcp_syncookies', '= 1')
  }),
  rule({
    id: 'sysctl_ipv6_accept_ra',
    title: 'Ensure IPv6 router advertisements are not accepted',
    severity: 'low',
    description:
      'A rogue router advertisement can give this host a new default route through the attacker: net.ipv6.conf.all.accept_ra = 0 on statically configured servers.',
    profiles: L1,
    regulations: [cis('3.3.11'), nist('CM-7', 'SC-7')],
    test: sysctl('net.ipv6.conf.all.accept_ra', '= 0')
  }),

  // --- Services and packages (CIS 2.1, 2.2) ---
  rule({
    id: 'service_autofs',
    title: 'Ensure autofs services are not in use',
    severity: 'low',
    description:
      'autofs mounts removable media and network shares on access, which lets anyone with physical access bring in files. Disable it: systemctl disable --now autofs.',
    profiles: L1,
    regulations: [cis('2.1.1'), nist('CM-7'), pci('2.2.4')],
    test: service('disabled', 'autofs.service', 'not enabled and not running')
  }),
  rule({
    id: 'service_avahi',
    title: 'Ensure avahi daemon services are not in use',
    severity: 'medium',
    description:
      'Avahi (mDNS/DNS-SD) advertises this host and its services on the local network. Servers do not need it: systemctl disable --now avahi-daemon.service avahi-daemon.socket.',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('2.1.2'), nist('CM-7'), pci('2.2.4')],
    test: service('disabled', 'avahi-daemon.service avahi-daemon.socket', 'not enabled and not running')
  }),
  rule({
    id: 'service_nfs_server',
    title: 'Ensure network file system services are not in use',
    severity: 'medium',
    description:
      'An NFS server exports file systems over the network; disable it unless this host is a file server: systemctl disable --now nfs-server.',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('2.1.9'), nist('CM-7'), pci('2.2.4')],
    test: service('disabled', 'nfs-server.service', 'not enabled and not running')
  }),
  rule({
    id: 'service_nis_server',
    title: 'Ensure NIS server services are not in use',
    severity: 'high',
    description: 'NIS sends account data, including password hashes, unencrypted over the network. Disable ypserv and remove it.',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('2.1.10'), nist('CM-7'), pci('2.2.4', '2.2.5')],
    test: service('disabled', 'ypserv.service', 'not enabled and not running')
  }),
  rule({
    id: 'service_cups',
    title: 'Ensure print server services are not in use',
    severity: 'low',
    description:
      'CUPS listens for print jobs and has had remote vulnerabilities; servers that do not print should not run it: systemctl disable --now cups.service cups.socket.',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('2.1.11'), nist('CM-7'), pci('2.2.4')],
    test: service('disabled', 'cups.service cups.socket cups-browsed.service', 'not enabled and not running')
  }),
  rule({
    id: 'service_rpcbind',
    title: 'Ensure rpcbind services are not in use',
    severity: 'medium',
    description:
      'rpcbind maps RPC services to ports and is used in reflection attacks; it is only needed by NFS and NIS: systemctl disable --now rpcbind.service rpcbind.socket.',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('2.1.12'), nist('CM-7'), pci('2.2.4')],
    test: service('disabled', 'rpcbind.service rpcbind.socket', 'not enabled and not running')
  }),
  rule({
    id: 'service_rsync',
    title: 'Ensure rsync services are not in use',
    severity: 'medium',
    description:
      'The rsync daemon serves files over an unencrypted protocol. Use rsync over SSH instead: systemctl disable --now rsync.service.',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('2.1.13'), nist('CM-7'), pci('2.2.4', '2.2.5')],
    test: service('disabled', 'rsync.service rsyncd.service', 'not enabled and not running')
  }),
  rule({
    id: 'service_snmpd',
    title: 'Ensure SNMP services are not in use',
    severity: 'medium',
    description:
      'SNMP v1/v2c uses clear-text community strings and reveals a lot about the host. Disable snmpd unless it is monitored through SNMPv3.',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('2.1.15'), nist('CM-7'), pci('2.2.4', '2.2.5')],
    test: service('disabled', 'snmpd.service', 'not enabled and not running')
  }),
  rule({
    id: 'service_tftp',
    title: 'Ensure TFTP server services are not in use',
    severity: 'high',
    description:
      'TFTP has no authentication and no encryption. Disable it unless this host boots other machines over the network.',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('2.1.16'), nist('CM-7'), pci('2.2.4', '2.2.5')],
    test: service('disabled', 'tftpd-hpa.service tftp.socket', 'not enabled and not running')
  }),
  rule({
    id: 'service_xinetd',
    title: 'Ensure xinetd services are not in use',
    severity: 'medium',
    description:
      'xinetd starts legacy network services (echo, chargen, telnet...) on demand. Disable it: systemctl disable --now xinetd.',
    profiles: [...L1, 'pci_dss'],
    regulations: [cis('2.1.19'), nist('CM-7'), pci('2.2.4')],
    test: service('disabled', 'xinetd.service', 'not enabled and not running')
  }),
  rule({
    id: 'package_telnet_server',
    title: 'Ensure a telnet server is not installed',
    severity: 'high',
    description:
      'Telnet sends passwords and sessions in clear text. Remove the telnet server and use SSH (apt purge telnetd / dnf remove telnet-server).',
    profiles: ['stig', 'pci_dss', 'hardened'],
    regulations: [nist('CM-7', 'SC-8'), pci('2.2.5', '2.2.7')],
    test: service('not_installed', 'telnetd inetutils-telnetd telnetd-ssl telnet-server', 'none of these packages is installed')
  }),
  rule({
    id: 'package_rsh_server',
    title: 'Ensure an rsh server is not installed',
    severity: 'high',
    description:
      'rsh, rlogin and rexec authenticate by host name and send everything in clear text. Remove the server and use SSH.',
    profiles: ['stig', 'pci_dss', 'hardened'],
    regulations: [nist('CM-7', 'SC-8'), pci('2.2.5', '2.2.7')],
    test: service('not_installed', 'rsh-server rsh-redone-server', 'none of these packages is installed')
  }),
  rule({
    id: 'package_rsh_client',
    title: 'Ensure rsh client is not installed',
    severity: 'low',
    description: 'The rsh client sends credentials in clear text; keeping it installed invites its use. Remove it and use ssh.',
    profiles: L1,
    regulations: [cis('2.2.2'), nist('CM-7')],
    test: service('not_installed', 'rsh-client rsh-redone-client rsh', 'none of these packages is installed')
  }),
  rule({
    id: 'package_telnet_client',
    title: 'Ensure telnet client is not installed',
    severity: 'low',
    description:
      'The telnet client sends credentials in clear text; keeping it installed invites its use. Remove it and use ssh.',
    profiles: L1,
    regulations: [cis('2.2.4'), nist('CM-7')],
    test: service('not_installed', 'telnet inetutils-telnet', 'none of these packages is installed')
  }),
  // CIS Debian 12 v1.1.0 has no prelink control (its section 1.5 ends at 1.5.3).
  rule({
    id: 'package_prelink',
    title: 'Ensure prelink is not installed',
    severity: 'low',
    description:
      'prelink rewrites binaries, which defeats file-integrity checking (AIDE) and weakens ASLR. Restore the binaries (prelink -ua) and remove it.',
    profiles: ['hardened'],
    regulations: [nist('SI-7')],
    test: service('not_installed', 'prelink', 'the package is not installed')
  }),

  // --- File systems (CIS 1.1.2) ---
  rule({
    id: 'mount_tmp_separate',
    title: 'Ensure /tmp is a separate partition',
    severity: 'low',
    description:
      'A separate /tmp (often tmpfs) cannot fill the root file system and can be mounted noexec, nosuid and nodev: systemctl unmask tmp.mount.',
    profiles: L1,
    regulations: [cis('1.1.2.1.1'), nist('CM-6', 'SC-5')],
    test: mount('separate_partition', '/tmp', 'a separate mount')
  }),
  rule({
    id: 'mount_tmp_nodev',
    title: 'Ensure nodev option set on /tmp partition',
    severity: 'low',
    description: 'Device files have no place in /tmp; nodev stops a user from creating one there to reach hardware.',
    profiles: L1,
    regulations: [cis('1.1.2.1.2'), nist('CM-6')],
    test: mount('mount_option', '/tmp', 'nodev')
  }),
  rule({
    id: 'mount_tmp_nosuid',
    title: 'Ensure nosuid option set on /tmp partition',
    severity: 'medium',
    description: 'nosuid keeps a setuid program planted in /tmp from gaining privileges.',
    profiles: L1,
    regulations: [cis('1.1.2.1.3'), nist('CM-6')],
    test: mount('mount_option', '/tmp', 'nosuid')
  }),
  rule({
    id: 'mount_tmp_noexec',
    title: 'Ensure noexec option set on /tmp partition',
    severity: 'medium',
    description: 'noexec stops programs downloaded into /tmp by an attacker from being run directly.',
    profiles: L1,
    regulations: [cis('1.1.2.1.4'), nist('CM-6')],
    test: mount('mount_option', '/tmp', 'noexec')
  }),
  rule({
    id: 'mount_dev_shm_nodev',
    title: 'Ensure nodev option set on /dev/shm partition',
    severity: 'low',
    description: 'Shared memory is world-writable; nodev stops device files from being created there.',
    profiles: L1,
    regulations: [cis('1.1.2.2.2'), nist('CM-6')],
    test: mount('mount_option', '/dev/shm', 'nodev')
  }),
  rule({
    id: 'mount_dev_shm_nosuid',
    title: 'Ensure nosuid option set on /dev/shm partition',
    severity: 'medium',
    description: 'nosuid keeps a setuid program planted in /dev/shm from gaining privileges.',
    profiles: [...L1, 'stig'],
    regulations: [cis('1.1.2.2.3'), nist('CM-6')],
    test: mount('mount_option', '/dev/shm', 'nosuid')
  }),
  rule({
    id: 'mount_dev_shm_noexec',
    title: 'Ensure noexec option set on /dev/shm partition',
    severity: 'medium',
    description: 'noexec stops programs written into shared memory from being run directly, a common fileless-malware trick.',
    profiles: [...L1, 'stig'],
    regulations: [cis('1.1.2.2.4'), nist('CM-6')],
    test: mount('mount_option', '/dev/shm', 'noexec')
  }),
  rule({
    id: 'mount_home_separate',
    title: 'Ensure separate partition exists for /home',
    severity: 'low',
    description:
      'Users filling their home directories must not fill the system partition; a separate /home can also be mounted nodev.',
    profiles: L2,
    regulations: [cis('1.1.2.3.1'), nist('CM-6', 'SC-5')],
    test: mount('separate_partition', '/home', 'a separate mount')
  }),
  rule({
    id: 'mount_var_separate',
    title: 'Ensure separate partition exists for /var',
    severity: 'low',
    description: 'Daemons and logs grow /var; a separate partition keeps them from filling the root file system.',
    profiles: L2,
    regulations: [cis('1.1.2.4.1'), nist('CM-6', 'SC-5')],
    test: mount('separate_partition', '/var', 'a separate mount')
  }),
  rule({
    id: 'mount_var_tmp_separate',
    title: 'Ensure separate partition exists for /var/tmp',
    severity: 'low',
    description: '/var/tmp is world-writable and survives reboots; a separate partition can be mounted noexec, nosuid and nodev.',
    profiles: L2,
    regulations: [cis('1.1.2.5.1'), nist('CM-6', 'SC-5')],
    test: mount('separate_partition', '/var/tmp', 'a separate mount')
  }),
  rule({
    id: 'mount_var_log_separate',
    title: 'Ensure separate partition exists for /var/log',
    severity: 'low',
    description:
      'A separate /var/log keeps log floods from filling the system and keeps logs writable when the system partition is full.',
    profiles: L2,
    regulations: [cis('1.1.2.6.1'), nist('AU-4')],
    test: mount('separate_partition', '/var/log', 'a separate mount')
  }),
  rule({
    id: 'mount_var_log_audit_separate',
    title: 'Ensure separate partition exists for /var/log/audit',
    severity: 'low',
    description:
      'The audit daemon stops (or halts the system) when its partition is full; a dedicated partition protects the audit trail.',
    profiles: L2,
    regulations: [cis('1.1.2.7.1'), nist('AU-4')],
    test: mount('separate_partition', '/var/log/audit', 'a separate mount')
  }),

  // --- Warning banners (CIS 1.6) ---
  rule({
    id: 'banner_motd',
    title: 'Ensure message of the day is configured properly',
    severity: 'low',
    description:
      'The message of the day must not reveal the operating system or its version (agetty escapes \\m \\r \\s \\v or the distribution name), which helps attackers pick exploits.',
    profiles: L1,
    regulations: [cis('1.6.1'), nist('CM-6')],
    test: content('absent', '/etc/motd', OS_BANNER)
  }),
  rule({
    id: 'banner_issue',
    title: 'Ensure local login warning banner is configured properly',
    severity: 'low',
    description:
      '/etc/issue is shown before local logins; it should state the usage policy, not the operating system or its version.',
    profiles: L1,
    regulations: [cis('1.6.2'), nist('AC-8', 'CM-6')],
    test: content('absent', '/etc/issue', OS_BANNER)
  }),
  rule({
    id: 'banner_issue_net',
    title: 'Ensure remote login warning banner is configured properly',
    severity: 'low',
    description:
      '/etc/issue.net is shown before remote logins; it should state the usage policy, not the operating system or its version.',
    profiles: L1,
    regulations: [cis('1.6.3'), nist('AC-8', 'CM-6')],
    test: content('absent', '/etc/issue.net', OS_BANNER)
  })
]

/** The rule set as it appears in an audit result's `rules`. */
export const RULE_SET: RuleSet = {
  globals: { profiles: Object.fromEntries(Object.entries(PROFILES).map(([name, p]) => [name, { description: p.description }])) },
  rules: RULES
}
