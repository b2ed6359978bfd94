import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  alpineInventory,
  buildEnrolApp,
  enrolled,
  loadOsvRecord,
  machine,
  type EnrolApp
} from '../../routes/api/v1/enrolment-fixtures.js'

interface AlertItem {
  uid: string
  name: string
  device: string
  priority: string
  status: string
}

describe('built-in detections on inventory changes', () => {
  let t: EnrolApp
  let token: string
  let n = 300

  const alertsOf = async (deviceUid: string): Promise<AlertItem[]> => {
    const list = (await t.get(`/api/v1/tenants/${t.demoTenant}/alerts/?limit=200`)).json().results as AlertItem[]
    return list.filter((a) => a.device === deviceUid)
  }
  const detail = async (uid: string) => (await t.get(`/api/v1/tenants/${t.demoTenant}/alerts/${uid}/`)).json()
  const byName = (list: AlertItem[], name: string) => list.filter((a) => a.name === name)

  before(async () => {
    t = await buildEnrolApp()
    token = (await t.token()).token
    // openvpn, Alpine v3.18, fixed in 2.6.7-r0: CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H = 9.8 (critical).
    await loadOsvRecord(t.app.db, 'alpine/ALPINE-CVE-2999-0010.json', 9.8)
    // wget (Alpine v3.21 before 1.25.0-r0), its record carries no severity at all: a finding, but not a high-risk one.
    await loadOsvRecord(t.app.db, 'debian/CVE-2999-0004.json', null)
  })
  after(async () => {
    await t.close()
  })

  it('the first report is the baseline: privileged accounts, interfaces and vulnerable packages raise nothing', async () => {
    const { uid, credential } = await enrolled(t, token, machine(n++))
    const inventory = alpineInventory({
      user_accounts: [
        ...alpineInventory().user_accounts,
        { username: 'ops', uid: 1001, group_name: 'ops', home_directory: '/home/ops', shell: '/bin/ash', privileges: 'wheel' }
      ],
      packages: [{ name: 'openvpn', version: '2.6.5-r0', source_name: 'openvpn', architecture: 'x86_64' }]
    })
    const response = await t.report(uid, credential, inventory)
    assert.equal(response.json().alerts_raised, 0)
    assert.equal(response.json().high_risk_cve_count, 1)
    assert.deepEqual(await alertsOf(uid), [])
  })

  it('a new privileged account, an elevated account, a vulnerable package, a new interface and a new address each raise an alert', async () => {
    const { uid, credential } = await enrolled(t, token, machine(n++))
    await t.report(uid, credential, alpineInventory())
    const base = alpineInventory()
    const changed = alpineInventory({
      user_accounts: [
        ...base.user_accounts.map((a) => (a.username === 'alice' ? { ...a, privileges: 'wheel' } : a)),
        {
          username: 'mallory',
          uid: 1002,
          group_name: 'mallory',
          home_directory: '/home/mallory',
          shell: '/bin/ash',
          privileges: 'sudo'
        },
        { username: 'toor', uid: 0, group_name: 'root', home_directory: '/tmp', shell: '/bin/sh', privileges: 'root' },
        { username: 'bob', uid: 1003, group_name: 'bob', home_directory: '/home/bob', shell: '/bin/ash', privileges: 'standard' }
      ],
      network_interfaces: [
        ...base.network_interfaces.map((i) =>
          i.name === 'eth0' ? { ...i, ip_addresses: [...i.ip_addresses, '10.20.0.99'] } : i
        ),
        { name: 'wg0', state: 'UNKNOWN', ip_addresses: ['10.99.0.2'] },
        { name: 'veth1a2b3c', state: 'UP', ip_addresses: [] }
      ],
      packages: [
        ...base.packages.map((p) => (p.name === 'openvpn' ? { ...p, version: '2.6.5-r0' } : p)),
        { name: 'wget', version: '1.21.4-r0', source_name: 'wget', architecture: 'x86_64', ecosystem: 'Alpine:v3.21' }
      ]
    })
    const response = await t.report(uid, credential, changed)
    assert.equal(response.statusCode, 200, response.body)
    assert.equal(response.json().cve_count, 2, 'openvpn and wget both have findings')

    const raised = await alertsOf(uid)
    assert.equal(response.json().alerts_raised, raised.length)
    const names = raised.map((a) => a.name).sort()
    assert.deepEqual(names, [
      'Local Account Granted Administrative Privileges', // alice: standard → wheel
      'New IP Address on Network Interface', // 10.20.0.99 on eth0
      'New Network Interface', // wg0 (veth* is container plumbing)
      'New Privileged Local Account', // mallory
      'New Privileged Local Account', // toor
      'Newly Installed Package With High-Risk CVE' // openvpn 2.6.5-r0 (wget's finding has no score)
    ])

    const [toor, mallory] = await Promise.all(byName(raised, 'New Privileged Local Account').map((a) => detail(a.uid))).then(
      (all) => all.sort((a, b) => (a.event_data['user.name'] === 'toor' ? -1 : b.event_data['user.name'] === 'toor' ? 1 : 0))
    )
    assert.equal(toor.priority, 'Critical', 'a second uid-0 account is root under another name')
    assert.equal(mallory.priority, 'High')
    assert.deepEqual(mallory.mitre_ids, ['T1136.001', 'T1078.003'])
    assert.equal(mallory.status, 'OPEN')
    assert.equal(mallory.device, uid)
    assert.equal(mallory.device_hostname, 'edge-gw-01')
    assert.match(mallory.summary, /mallory \(uid 1002\) with sudo privileges appeared on edge-gw-01/)
    assert.equal(mallory.event_data.before, null)
    assert.deepEqual(mallory.event_data.after, {
      username: 'mallory',
      uid: 1002,
      group_name: 'mallory',
      home_directory: '/home/mallory',
      shell: '/bin/ash',
      privileges: 'sudo'
    })
    assert.ok(mallory.description.length > 0 && mallory.recommendation.includes('usermod -L mallory'))

    const elevated = await detail(byName(raised, 'Local Account Granted Administrative Privileges')[0]!.uid)
    assert.equal(elevated.event_data.before.privileges, 'standard')
    assert.equal(elevated.event_data.after.privileges, 'wheel')
    assert.deepEqual(elevated.mitre_ids, ['T1098', 'T1078.003'])

    const vulnerable = await detail(byName(raised, 'Newly Installed Package With High-Risk CVE')[0]!.uid)
    assert.equal(vulnerable.priority, 'Critical', 'CVSS 9.8')
    assert.match(vulnerable.indicator, /^openvpn 2\.6\.5-r0 \(x86_64\): CVE-2999-0010$/)
    assert.match(vulnerable.summary, /changed from 2\.6\.8-r0 to 2\.6\.5-r0 on edge-gw-01/)
    assert.deepEqual(vulnerable.event_data.before, { name: 'openvpn', version: '2.6.8-r0' })
    assert.deepEqual(vulnerable.event_data['vulnerability.id'], ['CVE-2999-0010'])

    const tunnel = await detail(byName(raised, 'New Network Interface')[0]!.uid)
    assert.equal(tunnel.event_data['interface.name'], 'wg0')
    assert.equal(tunnel.priority, 'Medium')
    assert.deepEqual(tunnel.mitre_ids, ['T1572'])
    const address = await detail(byName(raised, 'New IP Address on Network Interface')[0]!.uid)
    assert.equal(address.event_data['host.ip'], '10.20.0.99')
    assert.equal(address.event_data.before.ip_addresses, '10.20.0.5, fe80::5054:ff:fe12:3456')

    // The alerts of one change window link to each other.
    assert.equal(mallory.associated_alert_ids.length, raised.length - 1)
    assert.ok(mallory.associated_alert_ids.every((link: { link: string | null }) => link.link !== null))

    // The same report again changes nothing and raises nothing.
    const again = await t.report(uid, credential, changed)
    assert.equal(again.json().alerts_raised, 0)
    assert.equal((await alertsOf(uid)).length, raised.length)
  })

  it('a repeated change reopens its alert instead of duplicating it; alerts are per device', async () => {
    const a = await enrolled(t, token, machine(n++))
    const b = await enrolled(t, token, machine(n++))
    const base = alpineInventory()
    const withEve = alpineInventory({
      user_accounts: [
        ...base.user_accounts,
        { username: 'eve', uid: 1005, group_name: 'eve', home_directory: '/home/eve', shell: '/bin/ash', privileges: 'admin' }
      ]
    })
    for (const d of [a, b]) {
      await t.report(d.uid, d.credential, base)
      assert.equal((await t.report(d.uid, d.credential, withEve)).json().alerts_raised, 1)
    }
    const [first] = await alertsOf(a.uid)
    assert.equal((await alertsOf(b.uid)).length, 1, 'the same finding on another device is its own alert')
    assert.equal(
      (await t.send('PATCH', `/api/v1/tenants/${t.demoTenant}/alerts/${first!.uid}/`, { status: 'CLOSED' })).statusCode,
      200
    )

    await t.report(a.uid, a.credential, base) // eve removed
    assert.equal((await t.report(a.uid, a.credential, withEve)).json().alerts_raised, 1) // and back
    const list = await alertsOf(a.uid)
    assert.equal(list.length, 1)
    assert.equal(list[0]!.uid, first!.uid)
    assert.equal(list[0]!.status, 'OPEN', 'reopened')
  })

  it('installing a package whose CVE is not high risk raises nothing', async () => {
    const { uid, credential } = await enrolled(t, token, machine(n++))
    await t.report(uid, credential, alpineInventory())
    const withWget = alpineInventory({
      packages: [
        ...alpineInventory().packages,
        { name: 'wget', version: '1.21.4-r0', source_name: 'wget', ecosystem: 'Alpine:v3.21' }
      ]
    })
    const response = await t.report(uid, credential, withWget)
    assert.equal(response.json().cve_count, 1)
    assert.equal(response.json().alerts_raised, 0)
  })

  it('new alerts show in the tenant summary', async () => {
    const { uid, credential } = await enrolled(t, token, machine(n++))
    await t.report(uid, credential, alpineInventory())
    const before = (await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)).json().counts.open_alerts
    await t.report(
      uid,
      credential,
      alpineInventory({
        network_interfaces: [
          ...alpineInventory().network_interfaces,
          { name: 'eth1', state: 'UP', ip_addresses: ['192.168.7.2'] }
        ]
      })
    )
    const after = (await t.get(`/api/v1/tenants/${t.demoTenant}/summaries/latest/`)).json().counts.open_alerts
    assert.equal(after, before + 1)
  })
})
