import { fillAsset } from '../../assets.js'

/**
 * The Linux agent served by /api/v1/agents/{uid}/download: a dependency-free POSIX sh program
 * (sh, awk, sed, coreutils, and curl or GNU wget to talk to the console), as found on Debian,
 * Ubuntu, RHEL, Alpine/busybox (with curl) and Yocto images.
 *
 *   console-agent enroll --server URL --token TOKEN [--state-dir DIR]
 *   console-agent report    one inventory report now
 *   console-agent run       reports on a schedule (the systemd unit)
 *   console-agent inventory prints the inventory JSON, sends nothing
 *   console-agent uninstall
 *
 * The state dir (default /var/lib/console-agent, 0700) holds agent.conf (server, device uid,
 * device credential; 0600). Secrets never appear on a command line: curl reads its headers from
 * stdin (--config -), GNU wget from a private wgetrc.
 *
 * The program is api/assets/agents/linux-agent.sh; only its version is filled in here.
 */
export function linuxAgentScript(version: string): string {
  return fillAsset('agents/linux-agent.sh', { '@@VERSION@@': version })
}
