// A Linux hardening audit in the contract's shape (GET /v1/insights/reports/{uid}/rules/), as the
// console's scanner produces it for a Debian 12 host. Counts the tests rely on:
// all profiles: 5 PASS, 4 FAIL, 2 SKIPPED; without skipped: 3 critical, 3 high, 1 medium, 2 low.
import type { AuditResult, Rule } from '@console/shared';

const DEBIAN_UBUNTU = { debian: ['11', '12'], ubuntu: ['20.04', '22.04', '24.04'] };

const rule = (r: Omit<Rule, 'version' | 'os'> & Partial<Pick<Rule, 'version' | 'os'>>): Rule => ({
  version: '1.0.0',
  os: { ...DEBIAN_UBUNTU, rhel: ['8', '9'] },
  ...r,
});

export const AUDIT_RULES: Rule[] = [
  rule({
    id: 'ssh-permit-root-login',
    title: 'Ensure SSH root login is disabled',
    severity: 'high',
    version: '1.2.0',
    description: 'Remote root logins bypass per-user accountability; administrators should log in as themselves and escalate.',
    profiles: ['cis-l1', 'iot'],
    regulations: [
      { id: 'CIS Controls v8', controls: ['5.4'] },
      { id: 'NIST SP 800-53', controls: ['AC-6(2)', 'AC-17'] },
    ],
    test: { type: 'file', strategy: 'regex', target: '/etc/ssh/sshd_config', check: '^\\s*PermitRootLogin\\s+no\\b' },
  }),
  rule({
    id: 'ssh-password-auth',
    title: 'Ensure SSH password authentication is disabled',
    severity: 'medium',
    description: 'Password logins can be brute-forced; keys or certificates resist it.',
    profiles: ['cis-l2', 'iot'],
    regulations: [{ id: 'ETSI EN 303 645', controls: ['5.1-1', '5.1-5'] }],
    test: { type: 'file', strategy: 'regex', target: '/etc/ssh/sshd_config', check: '^\\s*PasswordAuthentication\\s+no\\b' },
  }),
  rule({
    id: 'fs-tmp-noexec',
    title: 'Ensure noexec option set on /tmp partition',
    severity: 'low',
    description: 'Binaries dropped in /tmp by an attacker should not run from there.',
    profiles: ['cis-l2'],
    regulations: [{ id: 'CIS Controls v8', controls: ['4.1'] }],
    test: { type: 'command', strategy: 'output-contains', target: 'findmnt -kn /tmp', check: 'noexec' },
  }),
  rule({
    id: 'kernel-aslr',
    title: 'Ensure address space layout randomization (ASLR) is enabled',
    severity: 'high',
    description: 'ASLR makes memory corruption exploits much harder to write reliably.',
    profiles: ['cis-l1'],
    regulations: [{ id: 'NIST SP 800-53', controls: ['SI-16'] }],
    test: { type: 'sysctl', strategy: 'equals', target: 'kernel.randomize_va_space', check: '2' },
  }),
  rule({
    id: 'accounts-empty-passwords',
    title: 'Ensure no accounts have empty passwords',
    severity: 'critical',
    description: 'An account with an empty password lets anyone log in as that user.',
    profiles: ['cis-l1', 'iot'],
    regulations: [
      { id: 'CIS Controls v8', controls: ['5.2'] },
      { id: 'ETSI EN 303 645', controls: ['5.1-1'] },
    ],
    test: { type: 'file', strategy: 'field-empty', target: '/etc/shadow', check: 'field 2 must not be empty' },
  }),
  rule({
    id: 'firewall-active',
    title: 'Ensure a host firewall is active',
    severity: 'high',
    description: 'A default-deny host firewall limits what an exposed service can be reached by.',
    profiles: ['cis-l1', 'iot'],
    regulations: [{ id: 'NIST SP 800-53', controls: ['SC-7'] }],
    test: { type: 'command', strategy: 'exit-code', target: 'nft list ruleset', check: 'at least one chain with policy drop' },
  }),
  rule({
    id: 'auditd-enabled',
    title: 'Ensure auditd service is enabled',
    severity: 'medium',
    description: 'Audit records are needed to investigate an incident after the fact.',
    profiles: ['cis-l2'],
    regulations: [{ id: 'NIST SP 800-53', controls: ['AU-2', 'AU-12'] }],
    test: { type: 'service', strategy: 'enabled', target: 'auditd', check: 'systemctl is-enabled auditd' },
  }),
  rule({
    id: 'updates-security-pending',
    title: 'Ensure security updates are installed',
    severity: 'critical',
    description: 'Known vulnerabilities with available fixes are the most common way in.',
    profiles: ['cis-l1', 'iot'],
    regulations: [
      { id: 'ETSI EN 303 645', controls: ['5.3-1', '5.3-2'] },
      { id: 'NIST SP 800-53', controls: ['SI-2'] },
    ],
    test: {
      type: 'command',
      strategy: 'count-zero',
      target: 'apt-get -s upgrade',
      check: 'no Inst lines from a -security suite',
    },
  }),
  rule({
    id: 'selinux-enforcing',
    title: 'Ensure SELinux is enforcing',
    severity: 'medium',
    description: 'Mandatory access control confines a compromised service.',
    profiles: ['cis-l2'],
    regulations: [{ id: 'NIST SP 800-53', controls: ['AC-3(3)'] }],
    os: { rhel: ['8', '9'], fedora: ['39', '40'] },
    test: { type: 'command', strategy: 'equals', target: 'getenforce', check: 'Enforcing' },
  }),
  rule({
    id: 'telnet-absent',
    title: 'Ensure telnet server is not installed',
    severity: 'critical',
    description: 'Telnet sends credentials in clear text.',
    profiles: ['cis-l1', 'iot'],
    regulations: [{ id: 'ETSI EN 303 645', controls: ['5.5-1'] }],
    test: { type: 'package', strategy: 'absent', target: 'telnetd', check: 'dpkg-query -W telnetd fails' },
  }),
  rule({
    id: 'core-dumps-restricted',
    title: 'Ensure core dumps are restricted',
    severity: 'low',
    description: 'Core dumps of privileged programs can leak secrets from memory.',
    profiles: ['cis-l1'],
    regulations: [{ id: 'CIS Controls v8', controls: ['3.3'] }],
    test: { type: 'sysctl', strategy: 'equals', target: 'fs.suid_dumpable', check: '0' },
  }),
];

export const AUDIT: AuditResult = {
  rules: {
    globals: {
      profiles: {
        'cis-l1': { description: 'CIS Linux Benchmark Level 1: essential hardening' },
        'cis-l2': { description: 'CIS Linux Benchmark Level 2: defence in depth' },
        iot: { description: 'ETSI EN 303 645 baseline for connected devices' },
      },
    },
    rules: AUDIT_RULES,
  },
  results: [
    { id: 'ssh-permit-root-login', status: 'PASS', message: 'PermitRootLogin no' },
    { id: 'ssh-password-auth', status: 'FAIL', message: 'PasswordAuthentication yes in /etc/ssh/sshd_config' },
    { id: 'fs-tmp-noexec', status: 'FAIL', message: '/tmp is not a separate mount' },
    { id: 'kernel-aslr', status: 'PASS', message: 'kernel.randomize_va_space = 2' },
    { id: 'accounts-empty-passwords', status: 'PASS', message: 'no account has an empty password' },
    { id: 'firewall-active', status: 'FAIL', message: 'no nftables or iptables rules are loaded' },
    { id: 'auditd-enabled', status: 'SKIPPED', message: 'auditd is not installed' },
    { id: 'updates-security-pending', status: 'FAIL', message: '12 security updates pending (openssl, libssl3, curl)' },
    { id: 'selinux-enforcing', status: 'SKIPPED', message: 'SELinux is not available on this OS' },
    { id: 'telnet-absent', status: 'PASS', message: 'telnetd is not installed' },
    { id: 'core-dumps-restricted', status: 'PASS', message: 'fs.suid_dumpable = 0' },
  ],
  // 58.75 % red, 77.5 % amber, 90 % green.
  profile_scores: {
    'cis-l1': { score: 47, max: 80 },
    'cis-l2': { score: 31, max: 40 },
    iot: { score: 45, max: 50 },
  },
};
