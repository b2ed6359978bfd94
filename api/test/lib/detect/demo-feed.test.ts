import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { devices, vulnerabilities } from '../../../src/db/schema/index.js'
import { demoRecords, LADDERS, nextUpdate } from '../../../src/lib/detect/seed-data/demo-feed.js'
import { FAMILIES } from '../../../src/lib/seed-data/platforms.js'
import { rowsOf } from '../../../src/lib/sql-rows.js'
import { ecosystemComparator } from '../../../src/lib/vulns/ecosystems.js'
import { allDevices, matchDevices } from '../../../src/lib/vulns/match.js'
import { openVulnsDb, type VulnsDb } from '../vulns/vulns-helpers.js'
import { seed } from '../../../src/lib/seed.js'
import { importOsvAndMatch } from '../../../src/lib/feeds/osv-import.js'
import { needsSharedData, sharedData } from '../../shared-data.js'

describe('demo feed: patch ladders', () => {
  it('the next update bumps the last number (before ".elN" on RPM)', () => {
    assert.equal(nextUpdate('1:9.2p1-2+deb12u2'), '1:9.2p1-2+deb12u3')
    assert.equal(nextUpdate('3.0.2-0ubuntu1.15'), '3.0.2-0ubuntu1.16')
    assert.equal(nextUpdate('1.2.4-r2'), '1.2.4-r3')
    assert.equal(nextUpdate('8.7p1-38.el9'), '8.7p1-39.el9')
    assert.equal(nextUpdate('5.14.0-427.13.1.el9_4'), '5.14.0-427.13.2.el9_4')
    assert.equal(nextUpdate('2.16.9'), '2.16.10')
  })

  it('every ladder climbs in its ecosystem\'s own ordering, so each "fixed" version really is newer', () => {
    let checked = 0
    for (const family of FAMILIES) {
      const compare = ecosystemComparator(family.ecosystem)
      if (compare === undefined) continue
      for (const [key, ladder] of LADDERS) {
        if (!key.startsWith(`${family.key}|`)) continue
        assert.equal(ladder.versions.length, ladder.cves.length + 1)
        for (let i = 1; i < ladder.versions.length; i++) {
          assert.ok(
            compare(ladder.versions[i - 1]!, ladder.versions[i]!) < 0,
            `${key}: ${ladder.versions[i - 1]} < ${ladder.versions[i]}`
          )
          checked++
        }
      }
    }
    assert.ok(checked > 100, `${checked} steps`)
  })

  it('one DEMO- record per demo CVE, each affecting something', () => {
    const records = demoRecords()
    for (const record of records) {
      assert.match(record.id, /^DEMO-CVE-\d{4}-\d+$/)
      assert.deepEqual(record.cves, [{ cveId: record.id.slice('DEMO-'.length), relation: 2 }])
      assert.ok(record.affected.length > 0, record.id)
    }
  })
})

describe('demo seed: findings come from the matcher', () => {
  let t: VulnsDb
  before(async () => {
    t = await openVulnsDb()
    await seed(t.db, { demoPassword: 'demo-password', otherPassword: 'other-password', honeynet: false })
  })
  after(async () => {
    await t.cleanup()
  })

  it('keeps its guarantees: 60+ devices, 3,000+ packages, real CVE ids with scores, High, Medium and Low devices', async () => {
    const [totals] = rowsOf<Record<string, number>>(
      await t.db.execute(sql`SELECT
      (SELECT count(*)::int FROM devices WHERE tenant_uid = ${t.tenant}) AS devices,
      (SELECT count(*)::int FROM device_packages WHERE tenant_uid = ${t.tenant}) AS packages,
      (SELECT count(*)::int FROM package_findings WHERE tenant_uid = ${t.tenant}) AS findings,
      (SELECT count(*)::int FROM package_findings WHERE tenant_uid = ${t.tenant} AND score IS NULL) AS unscored`)
    )
    assert.ok(totals!.devices >= 60 && totals!.packages >= 3000 && totals!.findings > 300, JSON.stringify(totals))
    assert.equal(totals!.unscored, 0)
    const ids = rowsOf<{ cve_id: string }>(
      await t.db.execute(sql`SELECT DISTINCT v.cve_id FROM package_findings f
      JOIN vulnerabilities v ON v.uid = f.vulnerability_uid WHERE f.tenant_uid = ${t.tenant}`)
    )
    assert.ok(ids.length >= 40 && ids.every((row) => /^CVE-\d{4}-\d{4,}$/.test(row.cve_id)), `${ids.length} CVE ids`)
    const risks = new Set(
      (await t.db.select({ risk: devices.riskScore }).from(devices).where(eq(devices.tenantUid, t.tenant))).map((d) => d.risk)
    )
    assert.deepEqual([...risks].sort(), ['High', 'Low', 'Medium'])
  })

  it('matching again changes nothing (one source of truth)', async () => {
    const snapshot = async () =>
      [
        ...(await t.db
          .execute(sql`SELECT id, package_id, vulnerability_uid, score FROM package_findings ORDER BY id`)
          .then((r) => rowsOf(r))),
        ...(await t.db
          .execute(sql`SELECT uid, risk_score, package_count, cve_count, high_risk_cve_count FROM devices ORDER BY uid`)
          .then((r) => rowsOf(r)))
      ].map((row) => ({ ...(row as object) }))
    const before = await snapshot()
    await matchDevices(t.db, await allDevices(t.db))
    assert.deepEqual(await snapshot(), before)
  })

  it('loads no real advisory: every record, affected row and finding is demo data, described by the demo catalogue', async () => {
    const [counts] = rowsOf<Record<string, number>>(
      await t.db.execute(sql`SELECT
      (SELECT count(*)::int FROM osv_records WHERE NOT demo) AS real_records,
      (SELECT count(*)::int FROM vulnerability_affected WHERE NOT demo) AS real_rows,
      (SELECT count(*)::int FROM package_findings WHERE NOT demo) AS real_findings,
      (SELECT count(*)::int FROM package_findings) AS findings,
      (SELECT count(*)::int FROM vulnerabilities WHERE source <> 'seed') AS described_elsewhere`)
    )
    assert.deepEqual(counts, {
      real_records: 0,
      real_rows: 0,
      real_findings: 0,
      findings: counts!.findings,
      described_elsewhere: 0
    })
    assert.ok(counts!.findings > 300)
    assert.equal(
      (await t.db.select().from(devices).where(eq(devices.demo, false))).length,
      0,
      'every seeded device is a demo device'
    )
  })

  it(
    'a real record of a demo CVE describes it; its affected packages are matched on the demo devices too',
    { skip: needsSharedData('osv', 'alpine') },
    async () => {
      // ALPINE-CVE-2025-26519: musl on Alpine 3.18 until 1.2.4-r3, CVSS:3.1/AV:L/AC:H/PR:L/UI:N/S:U/C:H/I:H/A:H
      // = 7.0, a CVE the demo catalogue also lists (with its NVD score).
      const [before] = await t.db.select().from(vulnerabilities).where(eq(vulnerabilities.cveId, 'CVE-2025-26519'))
      assert.equal(before?.source, 'seed')
      await importOsvAndMatch(t.db, sharedData('osv', 'alpine', 'ALPINE-CVE-2025-26519.json'))
      const [musl] = await t.db.select().from(vulnerabilities).where(eq(vulnerabilities.cveId, 'CVE-2025-26519'))
      assert.equal(musl?.source, 'osv:ALPINE-CVE-2025-26519')
      assert.match(musl?.description ?? '', /^musl libc 0\.9\.13 through 1\.2\.5 before 1\.2\.6 has an out-of-bounds write/)
      assert.equal(musl?.vector, 'CVSS:3.1/AV:L/AC:H/PR:L/UI:N/S:U/C:H/I:H/A:H')
      assert.equal(musl?.score, 7)
      // The demo Alpine devices' musl findings are now backed by a real record: no longer demo only.
      const [findings] = rowsOf<{ demo: number; real: number }>(
        await t.db.execute(sql`SELECT
      count(*) FILTER (WHERE f.demo)::int AS demo, count(*) FILTER (WHERE NOT f.demo)::int AS real
      FROM package_findings f JOIN vulnerabilities v ON v.uid = f.vulnerability_uid WHERE v.cve_id = 'CVE-2025-26519'`)
      )
      assert.ok(findings!.real > 0, JSON.stringify(findings))
    }
  )
})
