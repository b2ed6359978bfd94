import { createHash } from 'node:crypto'
import type { AssociatedAlert } from '../../db/schema/index.js'
import { HIGH_RISK_SCORE } from '../vulns/risk.js'
import { priorityRank, type Priority } from './priority.js'

/**
 * Built-in detections on inventory changes. Pure: given the previous and the new inventory of a
 * device (and the high-risk findings of its newly installed packages) they return the alerts to
 * write. The caller skips them on a device's first report, which is its baseline.
 */

export interface AccountState {
  username: string
  uid: number
  homeDirectory: string
  shell: string
  groupName: string
  privileges: string
}
export interface InterfaceState {
  name: string
  state: string
  addresses: string[]
}
export interface VulnerablePackage {
  name: string
  version: string
  architecture: string
  sourceName: string
  /** The version installed before this report, when the package was upgraded or downgraded. */
  previousVersion: string | null
  cves: Array<{ cveId: string; score: number }>
}

export interface DetectionInput {
  deviceUid: string
  hostname: string
  before: { accounts: AccountState[]; interfaces: InterfaceState[] }
  after: { accounts: AccountState[]; interfaces: InterfaceState[] }
  vulnerablePackages: VulnerablePackage[]
  now: Date
}

/** What an alert row needs besides its tenant and device. */
export interface DetectedAlert {
  name: string
  priority: Priority
  priorityRank: number
  indicator: string
  description: string
  recommendation: string
  summary: string
  eventData: Record<string, unknown>
  mitreIds: string[]
  model: string
  elasticRuleId: string
  elasticRuleName: string
  elasticAlertId: string
  elasticIndex: string
  elasticAlertCreatedAt: Date
  associatedAlertIds: AssociatedAlert[]
}

export const DETECTION_MODEL = 'console-inventory-detections'
export const DETECTION_INDEX = '.console-inventory-detections'
/** One report can bring a whole OS upgrade: at most this many package alerts per report. */
export const MAX_PACKAGE_ALERTS = 100
/** Alerts of one report link to each other (same change window) when there are this many or fewer. */
const MAX_LINKED = 10

export const PRIVILEGED = new Set(['root', 'sudo', 'wheel', 'admin'])
/** Virtual links that carry traffic out of band: a new one is worth a closer look. */
const TUNNEL = /^(tun|tap|wg|ppp|gre|gretap|ip6?tnl|ipip|sit|vxlan|geneve|l2tp|zt|tailscale|nebula)/i
/** Container plumbing that comes and goes with every container: not a finding. */
const IGNORED_INTERFACE = /^(veth|cali|flannel|cni|docker|br-[0-9a-f]{12}$)/i

const RULES = {
  newAccount: { id: '9a3f1e52-6c1d-4b0e-8f43-2d7b5c9e1a01', name: 'New Privileged Local Account' },
  elevated: { id: '9a3f1e52-6c1d-4b0e-8f43-2d7b5c9e1a02', name: 'Local Account Granted Administrative Privileges' },
  vulnerablePackage: { id: '9a3f1e52-6c1d-4b0e-8f43-2d7b5c9e1a03', name: 'Newly Installed Package With High-Risk CVE' },
  newInterface: { id: '9a3f1e52-6c1d-4b0e-8f43-2d7b5c9e1a04', name: 'New Network Interface' },
  newAddress: { id: '9a3f1e52-6c1d-4b0e-8f43-2d7b5c9e1a05', name: 'New IP Address on Network Interface' }
} as const

/** Deterministic per (device, finding): the same change never makes two alerts. */
export const detectionAlertId = (deviceUid: string, ...finding: Array<string | number>): string =>
  createHash('sha256')
    .update([deviceUid, ...finding].join('\u0000'))
    .digest('hex')

const accountJson = (a: AccountState) => ({
  username: a.username,
  uid: a.uid,
  group_name: a.groupName,
  home_directory: a.homeDirectory,
  shell: a.shell,
  privileges: a.privileges
})

function alert(
  rule: { id: string; name: string },
  input: DetectionInput,
  fields: {
    finding: Array<string | number>
    priority: Priority
    indicator: string
    description: string
    recommendation: string
    summary: string
    mitre: string[]
    event: Record<string, unknown>
  }
): DetectedAlert {
  return {
    name: rule.name,
    priority: fields.priority,
    priorityRank: priorityRank(fields.priority),
    indicator: fields.indicator,
    description: fields.description,
    recommendation: fields.recommendation,
    summary: fields.summary,
    eventData: { 'event.kind': 'alert', 'event.module': 'console-agent', 'host.name': input.hostname, ...fields.event },
    mitreIds: fields.mitre,
    model: DETECTION_MODEL,
    elasticRuleId: rule.id,
    elasticRuleName: rule.name,
    elasticAlertId: detectionAlertId(input.deviceUid, rule.id, ...fields.finding),
    elasticIndex: DETECTION_INDEX,
    elasticAlertCreatedAt: input.now,
    associatedAlertIds: []
  }
}

function accountAlerts(input: DetectionInput): DetectedAlert[] {
  const before = new Map(input.before.accounts.map((a) => [a.username, a]))
  const out: DetectedAlert[] = []
  for (const account of input.after.accounts) {
    if (!PRIVILEGED.has(account.privileges)) continue
    const previous = before.get(account.username)
    if (previous !== undefined && PRIVILEGED.has(previous.privileges) && !(account.uid === 0 && previous.uid !== 0)) continue
    const who = `${account.username} (uid ${account.uid}, ${account.privileges})`
    // A second uid-0 account is a classic backdoor: root in all but name.
    const priority: Priority = account.uid === 0 && account.username !== 'root' ? 'Critical' : 'High'
    if (previous === undefined) {
      out.push(
        alert(RULES.newAccount, input, {
          finding: [account.username, account.uid, account.privileges],
          priority,
          indicator: `${who} on ${input.hostname}`,
          description:
            'A local user account with administrative privileges appeared on the device since its previous inventory report. Attackers create local accounts, or add them to sudo/wheel/admin, to keep access and act as root.',
          recommendation: `Confirm with the owner of ${input.hostname} that ${account.username} was created on purpose (change ticket, provisioning run). If not: lock it (usermod -L ${account.username}), remove it from the sudo/wheel/admin groups, check /etc/sudoers, /etc/sudoers.d and its ~/.ssh/authorized_keys, and investigate how it was created.`,
          summary: `New account ${account.username} (uid ${account.uid}) with ${account.privileges} privileges appeared on ${input.hostname}.`,
          mitre: ['T1136.001', 'T1078.003'],
          event: {
            'event.category': 'iam',
            'event.type': 'creation',
            'event.action': 'user-added',
            'user.name': account.username,
            'user.id': String(account.uid),
            'user.group.name': account.groupName,
            'user.privileges': account.privileges,
            before: null,
            after: accountJson(account)
          }
        })
      )
    } else {
      out.push(
        alert(RULES.elevated, input, {
          finding: [account.username, previous.privileges, account.privileges, account.uid],
          priority,
          indicator: `${who} on ${input.hostname}, was ${previous.privileges} (uid ${previous.uid})`,
          description:
            'An existing local account gained administrative privileges (uid 0 or membership of sudo/wheel/admin) since the previous inventory report. Elevating a low-privileged or service account is a common way to keep root access without creating a new account.',
          recommendation: `Check why ${account.username} now has ${account.privileges} privileges on ${input.hostname}. If it was not an approved change, revert it (gpasswd -d ${account.username} <group>, or restore its uid), review sudoers and recent logins of the account, and rotate its credentials.`,
          summary: `Account ${account.username} on ${input.hostname} went from ${previous.privileges} to ${account.privileges} privileges.`,
          mitre: ['T1098', 'T1078.003'],
          event: {
            'event.category': 'iam',
            'event.type': 'change',
            'event.action': 'user-privileges-changed',
            'user.name': account.username,
            'user.id': String(account.uid),
            'user.group.name': account.groupName,
            'user.privileges': account.privileges,
            before: accountJson(previous),
            after: accountJson(account)
          }
        })
      )
    }
  }
  return out
}

function packageAlerts(input: DetectionInput): DetectedAlert[] {
  return input.vulnerablePackages.slice(0, MAX_PACKAGE_ALERTS).flatMap((pkg) => {
    const cves = pkg.cves
      .filter((c) => c.score > HIGH_RISK_SCORE)
      .sort((a, b) => b.score - a.score || a.cveId.localeCompare(b.cveId))
    const worst = cves[0]
    if (worst === undefined) return []
    const listed =
      cves
        .slice(0, 5)
        .map((c) => c.cveId)
        .join(', ') + (cves.length > 5 ? `, +${cves.length - 5} more` : '')
    const what = `${pkg.name} ${pkg.version}${pkg.architecture === '' ? '' : ` (${pkg.architecture})`}`
    const change = pkg.previousVersion === null ? 'was installed' : `was changed from ${pkg.previousVersion} to ${pkg.version}`
    return [
      alert(RULES.vulnerablePackage, input, {
        finding: [pkg.name, pkg.version, pkg.architecture],
        priority: worst.score >= 9 ? 'Critical' : 'High',
        indicator: `${what}: ${listed}`,
        description: `A package installed or changed since the previous inventory report carries a known vulnerability rated above CVSS ${HIGH_RISK_SCORE} (high risk). Vulnerable software added to a device, by an operator, an update channel or an attacker, opens it to exploitation.`,
        recommendation: `Upgrade ${pkg.name} on ${input.hostname} to a version that fixes ${worst.cveId} (the distribution's security updates), or remove it, and find out why this version was installed.`,
        summary: `${pkg.name} ${pkg.version} ${change} on ${input.hostname} with ${cves.length === 1 ? 'a high-risk CVE' : `${cves.length} high-risk CVEs`}, the worst ${worst.cveId} (CVSS ${worst.score.toFixed(1)}).`,
        mitre: ['T1195.002'],
        event: {
          'event.category': 'package',
          'event.type': pkg.previousVersion === null ? 'installation' : 'change',
          'package.name': pkg.name,
          'package.version': pkg.version,
          'package.architecture': pkg.architecture,
          'package.source': pkg.sourceName,
          'vulnerability.id': cves.map((c) => c.cveId),
          'vulnerability.score.base': worst.score,
          before: pkg.previousVersion === null ? null : { name: pkg.name, version: pkg.previousVersion },
          after: { name: pkg.name, version: pkg.version, architecture: pkg.architecture, source_name: pkg.sourceName }
        }
      })
    ]
  })
}

function interfaceAlerts(input: DetectionInput): DetectedAlert[] {
  const before = new Map(input.before.interfaces.map((i) => [i.name, i]))
  const known = new Set(input.before.interfaces.flatMap((i) => i.addresses))
  const out: DetectedAlert[] = []
  for (const iface of input.after.interfaces) {
    if (iface.name === 'lo' || IGNORED_INTERFACE.test(iface.name)) continue
    const previous = before.get(iface.name)
    const ifaceJson = { name: iface.name, state: iface.state, ip_addresses: iface.addresses.join(', ') }
    if (previous === undefined) {
      const tunnel = TUNNEL.test(iface.name)
      out.push(
        alert(RULES.newInterface, input, {
          finding: [iface.name],
          priority: tunnel ? 'Medium' : 'Low',
          indicator: `${iface.name}${iface.addresses.length > 0 ? ` (${iface.addresses.join(', ')})` : ''} on ${input.hostname}`,
          description: tunnel
            ? 'A tunnel or VPN interface appeared on the device since its previous inventory report. Tunnels can carry command-and-control or exfiltration traffic past network monitoring.'
            : 'A network interface appeared on the device since its previous inventory report (new hardware, a bridge, a VLAN or a virtual link).',
          recommendation: tunnel
            ? `Identify the process that owns ${iface.name} on ${input.hostname} (ip -d link show ${iface.name}; ss -tunap) and confirm it is an approved VPN; otherwise take it down and investigate.`
            : `Confirm that ${iface.name} on ${input.hostname} is expected (hardware change, virtualisation, network configuration); otherwise find what created it.`,
          summary: `Interface ${iface.name} (${iface.state}) appeared on ${input.hostname}${iface.addresses.length > 0 ? ` with ${iface.addresses.join(', ')}` : ''}.`,
          mitre: tunnel ? ['T1572'] : [],
          event: {
            'event.category': 'network',
            'event.type': 'creation',
            'event.action': 'interface-added',
            'interface.name': iface.name,
            'host.ip': iface.addresses,
            before: null,
            after: ifaceJson
          }
        })
      )
      continue
    }
    for (const address of iface.addresses) {
      if (known.has(address) || address === '127.0.0.1' || address === '::1') continue
      out.push(
        alert(RULES.newAddress, input, {
          finding: [iface.name, address],
          priority: 'Low',
          indicator: `${address} on ${iface.name} of ${input.hostname}`,
          description:
            'An IP address that the device did not have in its previous inventory report was assigned to one of its interfaces (DHCP change, re-addressing, or an address added by hand).',
          recommendation: `Confirm that ${address} on ${input.hostname} comes from your address plan or DHCP; an unexpected address can expose services on another network or evade allow lists.`,
          summary: `${input.hostname} gained address ${address} on ${iface.name}.`,
          mitre: [],
          event: {
            'event.category': 'network',
            'event.type': 'change',
            'event.action': 'address-added',
            'interface.name': iface.name,
            'host.ip': address,
            before: { name: previous.name, state: previous.state, ip_addresses: previous.addresses.join(', ') },
            after: ifaceJson
          }
        })
      )
    }
  }
  return out
}

/** Every alert the change from `before` to `after` raises, alerts of one report linked together. */
export function detectInventoryChanges(input: DetectionInput): DetectedAlert[] {
  const found = [...accountAlerts(input), ...packageAlerts(input), ...interfaceAlerts(input)]
  if (found.length > 1 && found.length <= MAX_LINKED) {
    for (const a of found) {
      a.associatedAlertIds = found
        .filter((b) => b !== a)
        .map((b) => ({ elastic_rule_name: b.elasticRuleName, elastic_alert_id: b.elasticAlertId }))
    }
  }
  return found
}
