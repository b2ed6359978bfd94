import { auditResultFor, type AuditResult, type RuleStatus } from '../scanner/audit.js'

/**
 * The demo's audit result: the shipped rule set (lib/insights/scanner/rules.ts) with the outcome
 * console-scan reports on a typical internet-facing Debian 12 web server that was never hardened:
 * default sshd settings, no separate partitions, a few world-readable backups. Messages read like
 * the scanner's own. Rules not listed pass.
 */
const OUTCOMES: Record<string, [RuleStatus, string]> = {
  ssh_permit_root_login: ['FAIL', 'permitrootlogin is prohibit-password (sshd -T)'],
  ssh_password_authentication: ['FAIL', 'passwordauthentication is yes (sshd -T)'],
  ssh_max_auth_tries: ['FAIL', 'maxauthtries is 6 (sshd -T)'],
  ssh_x11_forwarding: ['FAIL', 'x11forwarding is yes (sshd -T)'],
  ssh_banner: ['FAIL', 'banner is none (sshd -T)'],
  ssh_client_alive_interval: ['FAIL', 'clientaliveinterval is 0 (sshd -T)'],
  ssh_disable_forwarding: ['FAIL', 'disableforwarding is no (sshd -T)'],
  ssh_login_grace_time: ['FAIL', 'logingracetime is 120 (sshd -T)'],
  login_defs_pass_max_days: ['FAIL', 'PASS_MAX_DAYS is 99999 in /etc/login.defs'],
  login_defs_pass_min_days: ['FAIL', 'PASS_MIN_DAYS is 0 in /etc/login.defs'],
  shell_timeout: ['FAIL', 'no TMOUT in /etc/profile, /etc/profile.d/*.sh or /etc/bash.bashrc'],
  perm_etc_shadow_backup: ['FAIL', '/etc/shadow- is 0644 root:shadow (expected mode<=0640)'],
  perm_etc_gshadow_backup: ['FAIL', '/etc/gshadow- is 0644 root:shadow (expected mode<=0640)'],
  cron_crontab_permissions: ['FAIL', '/etc/crontab is 0644 root:root (expected mode<=0600)'],
  cron_d_permissions: ['FAIL', '/etc/cron.d is 0755 root:root (expected mode<=0700)'],
  sysctl_ptrace_scope: ['FAIL', 'kernel.yama.ptrace_scope is 0'],
  sysctl_kptr_restrict: ['FAIL', 'kernel.kptr_restrict is 0'],
  sysctl_log_martians: ['FAIL', 'net.ipv4.conf.all.log_martians is 0'],
  sysctl_accept_redirects: ['FAIL', 'net.ipv4.conf.all.accept_redirects is 1'],
  sysctl_ipv6_accept_ra: ['FAIL', 'net.ipv6.conf.all.accept_ra is 1'],
  service_rpcbind: ['FAIL', 'rpcbind.service is enabled'],
  service_avahi: ['FAIL', 'avahi-daemon.service is enabled'],
  package_telnet_client: ['FAIL', 'telnet is installed'],
  banner_issue_net: ['FAIL', '/etc/issue.net shows the OS version (\\r, \\v or "Debian")'],
  mount_tmp_separate: ['FAIL', '/tmp is not a separate partition'],
  mount_tmp_nodev: ['SKIPPED', '/tmp is not a separate partition'],
  mount_tmp_nosuid: ['SKIPPED', '/tmp is not a separate partition'],
  mount_tmp_noexec: ['SKIPPED', '/tmp is not a separate partition'],
  mount_home_separate: ['FAIL', '/home is not a separate partition'],
  mount_var_separate: ['FAIL', '/var is not a separate partition'],
  mount_var_tmp_separate: ['FAIL', '/var/tmp is not a separate partition'],
  mount_var_log_separate: ['FAIL', '/var/log is not a separate partition'],
  mount_var_log_audit_separate: ['SKIPPED', '/var/log/audit does not exist'],
  perm_security_opasswd: ['SKIPPED', '/etc/security/opasswd does not exist'],
  service_nfs_server: ['SKIPPED', 'nfs-kernel-server is not installed'],
  service_nis_server: ['SKIPPED', 'ypserv is not installed'],
  service_cups: ['SKIPPED', 'cups is not installed'],
  service_tftp: ['SKIPPED', 'tftpd-hpa is not installed'],
  service_xinetd: ['SKIPPED', 'xinetd is not installed'],
  service_snmpd: ['SKIPPED', 'snmpd is not installed'],
  cron_hourly_permissions: ['PASS', '/etc/cron.hourly is 0700 root:root'],
  sysctl_randomize_va_space: ['PASS', 'kernel.randomize_va_space is 2'],
  accounts_uid0_only_root: ['PASS', 'only root has UID 0'],
  ssh_permit_empty_passwords: ['PASS', 'permitemptypasswords is no (sshd -T)']
}

export function demoAudit(): AuditResult {
  return auditResultFor(Object.fromEntries(Object.entries(OUTCOMES).map(([id, [status, message]]) => [id, { status, message }])))
}
