import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { and, eq, sql } from 'drizzle-orm'
import { alerts, devicePackages, devices, kevEntries, vulnerabilities } from '../../../src/db/schema/index.js'
import { strategicDashboard } from '../../../src/lib/detect/dashboard.js'
import { regenerateSummary } from '../../../src/lib/detect/summary.js'
import { importOsv } from '../../../src/lib/vulns/import.js'
import { matchDevicePackages, matchDevices } from '../../../src/lib/vulns/match.js'
import { rowsOf } from '../../../src/lib/sql-rows.js'
import { HIGH_RISK_SCORE } from '../../../src/lib/vulns/risk.js'
import { worstCandidates } from '../../../src/lib/vulns/finding-rollups.js'
import { TEST_OSV } from '../../shared-data.js'
import { addDevice, openVulnsDb, type VulnsDb } from './vulns-helpers.js'

// The findings, package and alert rollups (kept by triggers, migration 0022) against independent counts over
// package_findings joined to device_packages, and the dashboard and summary figures read from
// them against the queries over every finding they replaced, after each kind of write.
const bookworm = [
  { name: 'libssl3', version: '3.0.11-1~deb12u2', ecosystem: 'Debian:12', source: 'openssl' },
  { name: 'vim', version: '2:9.0.1378-2', ecosystem: 'Debian:12' },
  { name: 'vim-tiny', version: '9.1.0016-1', ecosystem: 'Debian:12', source: 'vim' },
  { name: 'wget', version: '1.21.3-1+b2', ecosystem: 'Debian:12', source: 'wget' },
  { name: 'intel-microcode', version: '3.20230512.1', ecosystem: 'Debian:12', source: 'intel-microcode' }
]

describe('findings rollups stay equal to counts over the findings', () => {
  let t: VulnsDb
  const uids: Record<string, string> = {}
  before(async () => {
    t = await openVulnsDb()
    await importOsv(t.db, TEST_OSV)
    for (const host of ['web-1', 'web-2', 'web-3']) uids[host] = await addDevice(t.db, t.tenant, host, bookworm)
    uids.jammy = await addDevice(t.db, t.tenant, 'jammy', [
      { name: 'dpkg', version: '1.21.1ubuntu2.3', ecosystem: 'Ubuntu:22.04:LTS', source: 'dpkg' },
      { name: 'linux-image-5.15.0-124-generic', version: '5.15.0-124.134', ecosystem: 'Ubuntu:22.04:LTS', source: 'linux' }
    ])
    uids.other = await addDevice(t.db, t.otherTenant, 'other-web', bookworm)
    uids.rtos = await addDevice(t.db, t.tenant, 'sensor', [
      { name: 'zephyr-app', version: '1.0', ecosystem: '' },
      { name: 'mbedtls', version: '2.28.0', ecosystem: '' }
    ])
    await matchDevices(
      t.db,
      Object.entries(uids).map(([host, deviceUid]) => ({ tenantUid: host === 'other' ? t.otherTenant : t.tenant, deviceUid }))
    )
  })
  after(async () => {
    await t.cleanup()
  })

  const sorted = <T>(rows: T[]): string[] => rows.map((row) => JSON.stringify(row)).sort()
  const query = async <T>(text: ReturnType<typeof sql>): Promise<T[]> => [...rowsOf<T>(await t.db.execute(text))]

  /** Every rollup row equals a GROUP BY over package_findings joined to its package's name. */
  async function assertRollupsExact(): Promise<void> {
    assert.deepEqual(
      sorted(
        await query(sql`SELECT tenant_uid, package_name AS name, vulnerability_uid, score, findings AS n, demo_findings AS demo
          FROM finding_rollups`)
      ),
      sorted(
        await query(sql`SELECT f.tenant_uid, p.name, f.vulnerability_uid, f.score, count(*)::integer AS n,
          (count(*) FILTER (WHERE f.demo))::integer AS demo
          FROM package_findings f JOIN device_packages p ON p.id = f.package_id GROUP BY 1, 2, 3, 4`)
      )
    )
    assert.deepEqual(
      sorted(await query(sql`SELECT tenant_uid, package_name AS name, device_uid, findings AS n FROM finding_device_rollups`)),
      sorted(
        await query(sql`SELECT f.tenant_uid, p.name, f.device_uid, count(*)::integer AS n
          FROM package_findings f JOIN device_packages p ON p.id = f.package_id GROUP BY 1, 2, 3`)
      )
    )
    assert.deepEqual(
      sorted(await query(sql`SELECT tenant_uid, package_name AS name, devices AS n, max_score FROM finding_name_rollups`)),
      sorted(
        await query(sql`SELECT f.tenant_uid, p.name, count(DISTINCT f.device_uid)::integer AS n, max(f.score) AS max_score
          FROM package_findings f JOIN device_packages p ON p.id = f.package_id GROUP BY 1, 2`)
      )
    )
  }

  /** The CVE, tenant, package-ecosystem (per tenant and per device) and alert counts equal GROUP BYs over their rows. */
  async function assertCountsExact(): Promise<void> {
    assert.deepEqual(
      sorted(
        await query(sql`SELECT tenant_uid, vulnerability_uid, findings, high_findings, demo_findings FROM finding_cve_rollups`)
      ),
      sorted(
        await query(sql`SELECT tenant_uid, vulnerability_uid, count(*)::integer AS findings,
          (count(*) FILTER (WHERE score > ${HIGH_RISK_SCORE}))::integer AS high_findings,
          (count(*) FILTER (WHERE demo))::integer AS demo_findings
          FROM package_findings GROUP BY 1, 2`)
      )
    )
    assert.deepEqual(
      sorted(
        await query(sql`SELECT t.uid, coalesce(r.cves, 0) AS cves, coalesce(r.high_cves, 0) AS high_cves, coalesce(r.demo_findings, 0) AS demo
          FROM tenants t LEFT JOIN finding_tenant_rollups r ON r.tenant_uid = t.uid`)
      ),
      sorted(
        await query(sql`SELECT t.uid, count(DISTINCT f.vulnerability_uid)::integer AS cves,
          (count(DISTINCT f.vulnerability_uid) FILTER (WHERE f.score > ${HIGH_RISK_SCORE}))::integer AS high_cves,
          (count(f.id) FILTER (WHERE f.demo))::integer AS demo
          FROM tenants t LEFT JOIN package_findings f ON f.tenant_uid = t.uid GROUP BY t.uid`)
      )
    )
    assert.deepEqual(
      sorted(await query(sql`SELECT tenant_uid, ecosystem, packages AS n FROM package_ecosystem_rollups`)),
      sorted(await query(sql`SELECT tenant_uid, ecosystem, count(*)::integer AS n FROM device_packages GROUP BY 1, 2`))
    )
    assert.deepEqual(
      sorted(await query(sql`SELECT tenant_uid, device_uid, ecosystem, packages AS n FROM device_ecosystem_rollups`)),
      sorted(
        await query(sql`SELECT tenant_uid, device_uid, ecosystem, count(*)::integer AS n FROM device_packages GROUP BY 1, 2, 3`)
      )
    )
    assert.deepEqual(
      sorted(await query(sql`SELECT tenant_uid, status, priority, priority_rank, day::text, alerts AS n FROM alert_rollups`)),
      sorted(
        await query(sql`SELECT tenant_uid, status, priority, priority_rank, to_char(elastic_alert_created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
          count(*)::integer AS n FROM alerts GROUP BY 1, 2, 3, 4, 5`)
      )
    )
  }

  /** The dashboard's and the summary's finding figures, as they were computed over every finding. */
  async function assertFiguresExact(tenantUid: string): Promise<void> {
    const board = await strategicDashboard(t.db, tenantUid)
    const top = await query<{
      name: string
      device_count: number
      cve_count: number
      kev_count: number
      max_score: number | null
    }>(sql`
      SELECT p.name, count(DISTINCT f.device_uid)::integer AS device_count, count(DISTINCT f.vulnerability_uid)::integer AS cve_count,
        (count(DISTINCT f.vulnerability_uid) FILTER (WHERE EXISTS (SELECT 1 FROM kev_entries k WHERE k.cve_id = v.cve_id)))::integer AS kev_count,
        max(f.score) AS max_score
      FROM package_findings f JOIN device_packages p ON p.id = f.package_id JOIN vulnerabilities v ON v.uid = f.vulnerability_uid
      WHERE f.tenant_uid = ${tenantUid}
      GROUP BY p.name ORDER BY count(DISTINCT f.device_uid) DESC, max(f.score) DESC NULLS LAST, p.name LIMIT 10`)
    assert.deepEqual(board.top_vulnerable_packages, top)
    const [counts] = await query<{ total: number; high_risk: number; kev: number; demo: number }>(sql`
      SELECT count(DISTINCT f.vulnerability_uid)::integer AS total,
        (count(DISTINCT f.vulnerability_uid) FILTER (WHERE f.score > 7.5))::integer AS high_risk,
        (count(DISTINCT f.vulnerability_uid) FILTER (WHERE EXISTS (SELECT 1 FROM kev_entries k WHERE k.cve_id = v.cve_id)))::integer AS kev,
        (count(*) FILTER (WHERE f.demo))::integer AS demo
      FROM package_findings f JOIN vulnerabilities v ON v.uid = f.vulnerability_uid WHERE f.tenant_uid = ${tenantUid}`)
    const { total, high_risk, kev, demo } = board.cve_counts
    assert.deepEqual({ total, high_risk, kev, demo }, counts)

    const summary = await regenerateSummary(t.db, tenantUid)
    assert.deepEqual(
      [summary.counts.cves, summary.counts.high_risk_cves, summary.counts.kev_cves, summary.counts.demo_findings],
      [counts!.total, counts!.high_risk, counts!.kev, counts!.demo]
    )
    const worst = await query(sql`
      SELECT d.uid AS device_uid, d.hostname, v.cve_id, f.score, p.name AS package
      FROM package_findings f JOIN devices d ON d.uid = f.device_uid JOIN device_packages p ON p.id = f.package_id
        JOIN vulnerabilities v ON v.uid = f.vulnerability_uid
      WHERE f.tenant_uid = ${tenantUid}
      ORDER BY EXISTS (SELECT 1 FROM kev_entries k WHERE k.cve_id = v.cve_id) DESC, f.score DESC NULLS LAST, d.hostname, v.cve_id, p.name
      LIMIT 5`)
    assert.deepEqual(summary.worstFindings, worst)

    const [alertCounts] = await query<{ open: number; closed: number; critical: number }>(sql`
      SELECT (count(*) FILTER (WHERE status = 'OPEN'))::integer AS open, (count(*) FILTER (WHERE status = 'CLOSED'))::integer AS closed,
        (count(*) FILTER (WHERE status = 'OPEN' AND priority = 'Critical'))::integer AS critical
      FROM alerts WHERE tenant_uid = ${tenantUid}`)
    assert.deepEqual([summary.counts.open_alerts, summary.counts.closed_alerts], [alertCounts!.open, alertCounts!.closed])
    assert.deepEqual(board.alerts_by_status, [
      { status: 'OPEN', count: alertCounts!.open },
      { status: 'CLOSED', count: alertCounts!.closed }
    ])
    assert.equal(summary.text.includes(`${alertCounts!.critical} of them Critical`), alertCounts!.critical > 0)
    const since = new Date(Date.now() - 29 * 86_400_000)
    since.setUTCHours(0, 0, 0, 0)
    const byDay = await query(sql`
      SELECT to_char(elastic_alert_created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, priority, count(*)::integer AS count
      FROM alerts WHERE tenant_uid = ${tenantUid} AND status = 'OPEN' AND elastic_alert_created_at >= ${since.toISOString()}
      GROUP BY 1, 2, priority_rank ORDER BY 1, priority_rank DESC`)
    assert.deepEqual(board.open_alerts_by_priority, byDay)
    const [unchecked] = await query<{ n: number }>(
      sql`SELECT count(*)::integer AS n FROM device_packages WHERE tenant_uid = ${tenantUid} AND ecosystem = ''`
    )
    assert.equal(
      summary.text.includes(`${unchecked!.n} ${unchecked!.n === 1 ? 'package is' : 'packages are'} not checked`),
      unchecked!.n > 0,
      summary.text
    )
  }

  /** worstCandidates() holds the CVE rows of the top findings, whatever the page size and count asked. */
  async function assertWorstCandidates(tenantUid: string): Promise<void> {
    for (const limit of [1, 2, 3, 5, 8]) {
      const top = await query<{ uid: string }>(sql`
        SELECT f.vulnerability_uid AS uid
        FROM package_findings f JOIN devices d ON d.uid = f.device_uid JOIN device_packages p ON p.id = f.package_id
          JOIN vulnerabilities v ON v.uid = f.vulnerability_uid
        WHERE f.tenant_uid = ${tenantUid}
        ORDER BY EXISTS (SELECT 1 FROM kev_entries k WHERE k.cve_id = v.cve_id) DESC, f.score DESC NULLS LAST, d.hostname, v.cve_id, p.name
        LIMIT ${limit}`)
      for (const pageSize of [1, 2, 3, 500]) {
        const candidates = new Set(await worstCandidates(t.db, tenantUid, limit, pageSize))
        for (const row of top) assert.ok(candidates.has(row.uid), `limit ${limit}, pages of ${pageSize}`)
      }
    }
  }

  async function assertAll(): Promise<void> {
    await assertWorstCandidates(t.tenant)
    await assertRollupsExact()
    await assertCountsExact()
    await assertFiguresExact(t.tenant)
    await assertFiguresExact(t.otherTenant)
  }

  it('after the first match of two tenants', async () => {
    const [names] = await query<{ n: number }>(sql`SELECT count(*)::integer AS n FROM finding_name_rollups`)
    assert.ok(names!.n > 5, 'the fixture devices have findings in several packages')
    await assertAll()
  })

  it('after a re-match where a package was upgraded past its fix and another added', async () => {
    await t.db
      .update(devicePackages)
      .set({ version: '3.0.11-1~deb12u3' })
      .where(and(eq(devicePackages.deviceUid, uids['web-2']!), eq(devicePackages.name, 'libssl3')))
    await t.db.insert(devicePackages).values({
      tenantUid: t.tenant,
      deviceUid: uids['web-3']!,
      name: 'openssl',
      version: '3.0.11-1~deb12u2',
      ecosystem: 'Debian:12',
      sourceName: 'openssl'
    })
    await matchDevicePackages(t.db, t.tenant, uids['web-2']!)
    await matchDevicePackages(t.db, t.tenant, uids['web-3']!)
    await assertAll()
  })

  it('after a CVE is rescored and re-matched, a finding turns demo, and KEV lists a CVE', async () => {
    await t.db.update(vulnerabilities).set({ score: 9.1 }).where(eq(vulnerabilities.cveId, 'CVE-2999-0004'))
    await matchDevices(
      t.db,
      ['web-1', 'web-3', 'jammy'].map((host) => ({ tenantUid: t.tenant, deviceUid: uids[host]! }))
    )
    await t.db.execute(sql`UPDATE package_findings SET demo = true
      WHERE device_uid = ${uids['web-1']!} AND package_id IN (SELECT id FROM device_packages WHERE name = 'vim')`)
    await t.db.insert(kevEntries).values({ cveId: 'CVE-2999-0001' })
    await assertAll()
    // The KEV finding leads the worst findings; the rescored one follows (9.1 on web-1 and web-3 only).
    const summary = await regenerateSummary(t.db, t.tenant)
    assert.equal(summary.worstFindings[0]?.cve_id, 'CVE-2999-0001')
    assert.equal(summary.counts.kev_cves, 1)
  })

  it('after findings written without their package name, one below and one above the worst score of that name', async () => {
    // Another writer (a bulk load, a seed) leaves package_name empty: the row trigger fills it. Each
    // INSERT only adds, so the name's worst score rises to the new finding's or stays.
    const [vim] = await query<{ id: number; worst: number }>(sql`SELECT p.id,
        (SELECT max_score FROM finding_name_rollups r WHERE r.tenant_uid = p.tenant_uid AND r.package_name = 'vim') AS worst
      FROM device_packages p WHERE p.device_uid = ${uids['web-2']!} AND p.name = 'vim'`)
    const others = await query<{ uid: string }>(sql`SELECT uid FROM vulnerabilities v WHERE NOT EXISTS
      (SELECT 1 FROM package_findings f WHERE f.package_id = ${vim!.id} AND f.vulnerability_uid = v.uid) ORDER BY cve_id LIMIT 2`)
    assert.equal(others.length, 2)
    for (const [vuln, score] of [
      [others[0]!.uid, Number(vim!.worst) - 1],
      [others[1]!.uid, 9.7]
    ] as const) {
      await t.db.execute(sql`INSERT INTO package_findings (tenant_uid, device_uid, package_id, vulnerability_uid, score)
        VALUES (${t.tenant}, ${uids['web-2']!}, ${vim!.id}, ${vuln}, ${score})`)
      await assertAll()
    }
    const names = await query<{ package_name: string }>(
      sql`SELECT DISTINCT package_name FROM package_findings WHERE package_id = ${vim!.id}`
    )
    assert.deepEqual(names, [{ package_name: 'vim' }])
    const [rollup] = await query<{ max_score: number }>(
      sql`SELECT max_score FROM finding_name_rollups WHERE tenant_uid = ${t.tenant} AND package_name = 'vim'`
    )
    assert.ok(Math.abs(Number(rollup!.max_score) - 9.7) < 1e-6)
  })

  it('after a package row, then a whole device, is deleted (cascades), and an alert changes status', async () => {
    await t.db.delete(devicePackages).where(and(eq(devicePackages.deviceUid, uids['web-1']!), eq(devicePackages.name, 'wget')))
    await assertAll()
    await t.db.delete(devices).where(eq(devices.uid, uids['web-3']!))
    await assertAll()
    const [alert] = await t.db
      .insert(alerts)
      .values({
        tenantUid: t.tenant,
        deviceUid: uids.jammy!,
        name: 'x',
        priority: 'Critical',
        priorityRank: 4,
        elasticAlertId: 'a-1',
        elasticAlertCreatedAt: new Date()
      })
      .returning()
    // Open alerts on other days: inside the chart's 30 days and before them.
    for (const [days, priority, rank] of [
      [3, 'High', 3],
      [3, 'Low', 1],
      [40, 'Medium', 2]
    ] as const) {
      await t.db.insert(alerts).values({
        tenantUid: t.tenant,
        name: `old ${days}`,
        priority,
        priorityRank: rank,
        elasticAlertId: `a-${days}-${rank}`,
        elasticAlertCreatedAt: new Date(Date.now() - days * 86_400_000)
      })
    }
    await t.db.insert(alerts).values({
      tenantUid: t.tenant,
      deviceUid: uids.jammy!,
      name: 'y',
      priority: 'Critical',
      priorityRank: 4,
      elasticAlertId: 'a-2',
      elasticAlertCreatedAt: new Date()
    })
    await assertAll()
    await t.db.update(alerts).set({ status: 'CLOSED' }).where(eq(alerts.uid, alert!.uid))
    await assertAll()
    await t.db.delete(devicePackages).where(and(eq(devicePackages.deviceUid, uids.rtos!), eq(devicePackages.name, 'mbedtls')))
    await assertAll()
    const summary = await regenerateSummary(t.db, t.tenant)
    assert.deepEqual([summary.counts.open_alerts, summary.counts.closed_alerts], [4, 1])
  })

  it('a tenant with no findings has empty rollups, zero counts and no worst findings', async () => {
    await t.db.delete(devices).where(eq(devices.tenantUid, t.otherTenant))
    const [rows] = await query<{ n: number }>(
      sql`SELECT count(*)::integer AS n FROM finding_rollups WHERE tenant_uid = ${t.otherTenant}`
    )
    assert.equal(rows!.n, 0)
    await assertAll()
    const board = await strategicDashboard(t.db, t.otherTenant)
    assert.deepEqual(board.top_vulnerable_packages, [])
  })

  // matchDevices() over more than one batch: on PGlite its findings go in without the per-row
  // foreign-key checks (the insert's joins check existence) while the rollup triggers still fire.
  const fleet = (): Array<{ tenantUid: string; deviceUid: string }> =>
    Object.entries(uids)
      .filter(([host]) => host.startsWith('fleet-'))
      .map(([, deviceUid]) => ({ tenantUid: t.tenant, deviceUid }))

  it('a re-match of several batches cut short, then whole: the rollups are exact after each', async () => {
    for (let i = 0; i < 30; i++) {
      const host = `fleet-${String(i).padStart(2, '0')}`
      uids[host] = await addDevice(t.db, t.tenant, host, i % 2 === 0 ? bookworm : bookworm.filter((pkg) => pkg.name !== 'wget'))
    }
    const controller = new AbortController()
    await assert.rejects(
      matchDevices(t.db, fleet(), { signal: controller.signal, onProgress: () => controller.abort(new Error('stopped')) }),
      /stopped/
    )
    // The first batch's findings are in, and counted.
    const [written] = await query<{ n: number }>(
      sql`SELECT count(DISTINCT device_uid)::integer AS n FROM package_findings WHERE device_uid IN (SELECT uid FROM devices WHERE hostname LIKE 'fleet-%')`
    )
    assert.equal(written!.n, 25)
    await assertAll()
    const totals = await matchDevices(t.db, fleet())
    assert.equal(totals.devices, 30)
    await assertAll()
  })

  it('a CVE row removed while a re-match of several batches runs: no finding points at a row that is gone', async () => {
    const [gone] = await query<{ uid: string }>(sql`SELECT f.vulnerability_uid AS uid FROM package_findings f
      WHERE f.device_uid = ${uids['fleet-29']!} ORDER BY f.vulnerability_uid LIMIT 1`)
    assert.ok(gone, 'the last device of the fleet has a finding')
    // Between the first and second batch (the run's cache still links the CVE to its records).
    let removal: Promise<unknown> | undefined
    await matchDevices(t.db, fleet(), {
      onProgress: (done) => {
        // then() starts the query now (a drizzle query runs when awaited).
        if (done === 25)
          removal = t.db
            .delete(vulnerabilities)
            .where(eq(vulnerabilities.uid, gone!.uid))
            .then(() => 'removed')
      }
    })
    assert.equal(await removal, 'removed')
    const [orphans] = await query<{ n: number }>(sql`SELECT count(*)::integer AS n FROM package_findings f
      WHERE NOT EXISTS (SELECT 1 FROM vulnerabilities v WHERE v.uid = f.vulnerability_uid)`)
    assert.equal(orphans!.n, 0)
    await assertAll()
  })
})
