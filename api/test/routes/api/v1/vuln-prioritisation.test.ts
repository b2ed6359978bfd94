import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { devicePackages, devices, vulnerabilities } from '../../../../src/db/schema/index.js'
import { createReport } from '../../../../src/lib/insights/reports.js'
import { prepareScan, storedScan, storeScan } from '../../../../src/lib/insights/scan.js'
import { regenerateSummary } from '../../../../src/lib/detect/summary.js'
import { refreshFeedEcosystems } from '../../../../src/lib/vulns/coverage.js'
import { storeOsvRecords } from '../../../../src/lib/vulns/feed-store.js'
import { matchDevicePackages } from '../../../../src/lib/vulns/match.js'
import { OsvFormatError, parseOsvDocument, type OsvRecord } from '../../../../src/lib/vulns/osv-record.js'
import { buildTestApp, type Session, type TestApp } from '../../../helpers.js'

/**
 * What to fix first, and how sure the console is: KEV and EPSS on every finding, advisory links,
 * coverage gaps said out loud. The OSV records, KEV entries and EPSS scores are ours, written in
 * the real formats; the expected answers follow from them by hand (see each comment).
 */

const record = (json: object): OsvRecord => {
  const [parsed] = parseOsvDocument(JSON.stringify(json))
  assert.ok(parsed !== undefined && !(parsed instanceof OsvFormatError))
  return parsed
}

// openssl in Debian 12 fixed at 3.0.11-1~deb12u2; CVSS 3.1 5.3 (medium, below the 7.5 line).
const OPENSSL = record({
  id: 'DSA-9001-1',
  modified: '2025-01-01T00:00:00Z',
  aliases: ['CVE-2023-5678'],
  summary: 'openssl - security update',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L' }],
  affected: [
    {
      package: { ecosystem: 'Debian:12', name: 'openssl' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '3.0.11-1~deb12u2' }] }]
    }
  ]
})
// curl in Debian 12, no severity; fixed at 7.88.1-10+deb12u5.
const CURL = record({
  id: 'DEBIAN-CVE-2023-38545',
  modified: '2025-01-01T00:00:00Z',
  details: 'SOCKS5 heap buffer overflow.',
  affected: [
    {
      package: { ecosystem: 'Debian:12', name: 'curl' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '7.88.1-10+deb12u5' }] }]
    }
  ]
})

describe('prioritisation and coverage on real findings', () => {
  let t: TestApp
  let demo: Session
  let tenant: string
  let web: string
  let db: TestApp['app']['db']
  const get = async (url: string) => await t.app.inject({ url, headers: demo.headers(false) })

  before(async () => {
    t = await buildTestApp()
    db = t.app.db
    demo = await t.login()
    tenant = t.seeded.demo.tenantUid
    // An enrolled-like (non-demo) Debian 12 machine, and firmware no feed covers.
    const [device] = await db.insert(devices).values({ tenantUid: tenant, hostname: 'web-1', deviceType: 'linux' }).returning()
    web = device!.uid
    await db.insert(devicePackages).values([
      {
        tenantUid: tenant,
        deviceUid: web,
        name: 'libssl3',
        version: '3.0.11-1~deb12u1',
        ecosystem: 'Debian:12',
        sourceName: 'openssl'
      },
      {
        tenantUid: tenant,
        deviceUid: web,
        name: 'libcurl4',
        version: '7.88.1-10+deb12u4',
        ecosystem: 'Debian:12',
        sourceName: 'curl'
      },
      { tenantUid: tenant, deviceUid: web, name: 'bash', version: '5.2.15-2+b2', ecosystem: 'Debian:12', sourceName: 'bash' },
      { tenantUid: tenant, deviceUid: web, name: 'vendor-firmware', version: '1.0', ecosystem: '', sourceName: '' }
    ])
    await matchDevicePackages(db, tenant, web)
  })
  after(async () => {
    await t.close()
  })

  it('no advisories loaded: coverage says so, the summary never calls it clean', async () => {
    const counts = (await get(`/api/v1/tenants/${tenant}/devices/${web}/packages/count/`)).json()
    assert.deepEqual(
      [counts.kev_count, counts.kev_loaded, counts.epss_loaded],
      [0, false, false],
      'KEV unknown, not "0 known exploited"'
    )
    const device = (await get(`/api/v1/tenants/${tenant}/devices/${web}/`)).json()
    assert.deepEqual(device.coverage, [{ ecosystem: 'Debian:12', packages: 3, advisories: 0, demo_advisories: 0 }])
    assert.equal(device.unmatched_packages, 1)
    assert.equal(device.cve_count, 0)
    const summary = await regenerateSummary(db, tenant)
    assert.match(summary.text, /No advisories are loaded for Debian:12: findings there are incomplete\./)
    assert.match(summary.text, /1 package is not checked: no vulnerability feed covers their platform\./)
    assert.doesNotMatch(summary.text, /No known vulnerabilities were found/)
  })

  it('KEV and EPSS on every finding; a KEV finding makes the device High whatever its CVSS', async () => {
    await storeOsvRecords(db, [
      { record: OPENSSL, source: 'test' },
      { record: CURL, source: 'test' }
    ])
    await refreshFeedEcosystems(db)
    await db.execute(sql`INSERT INTO kev_entries (cve_id, vendor_project, product, vulnerability_name, date_added, required_action, due_date, known_ransomware_campaign_use)
      VALUES ('CVE-2023-5678', 'OpenSSL', 'OpenSSL', 'OpenSSL DH Denial of Service', '2025-02-01', 'Apply updates per vendor instructions.', '2025-02-22', 'Known')`)
    await db.execute(
      sql`INSERT INTO epss_scores (cve_id, epss, percentile) VALUES ('CVE-2023-5678', 0.00123, 0.4), ('CVE-2023-38545', 0.21, 0.96)`
    )
    assert.deepEqual(await matchDevicePackages(db, tenant, web), { packages: 4, findings: 2, highRisk: 0, kev: 1 })

    const device = (await get(`/api/v1/tenants/${tenant}/devices/${web}/`)).json()
    // CVSS 5.3 and no score: Medium at most by CVSS, High because CVE-2023-5678 is in KEV.
    assert.deepEqual([device.risk_score, device.kev_count, device.cve_count, device.high_risk_cve_count], ['High', 1, 2, 0])
    assert.deepEqual(device.coverage, [{ ecosystem: 'Debian:12', packages: 3, advisories: 2, demo_advisories: 0 }])
    assert.deepEqual((await get(`/api/v1/tenants/${tenant}/devices/${web}/packages/count/`)).json(), {
      count: 4,
      cve_count: 2,
      high_risk_cve_count: 0,
      kev_count: 1,
      kev_loaded: true,
      epss_loaded: true
    })

    const rows = (await get(`/api/v1/tenants/${tenant}/devices/${web}/packages/?ordering=-kev`)).json().results
    assert.deepEqual(rows.map((r: { name: string; cve_id: string | null }) => [r.name, r.cve_id]).slice(0, 2), [
      ['libssl3', 'CVE-2023-5678'],
      ['libcurl4', 'CVE-2023-38545']
    ])
    assert.deepEqual(rows[0].kev, {
      date_added: '2025-02-01',
      due_date: '2025-02-22',
      known_ransomware: true,
      vendor_project: 'OpenSSL',
      product: 'OpenSSL',
      vulnerability_name: 'OpenSSL DH Denial of Service',
      required_action: 'Apply updates per vendor instructions.'
    })
    assert.deepEqual([rows[0].epss, rows[0].epss_percentile, rows[0].source], [0.00123, 0.4, 'osv'])
    assert.deepEqual([rows[1].kev, rows[1].epss], [null, 0.21])
    const bash = rows.find((r: { name: string }) => r.name === 'bash')
    assert.deepEqual([bash.source, bash.kev, bash.epss], [null, null, null])
    const byEpss = (await get(`/api/v1/tenants/${tenant}/devices/${web}/packages/?ordering=-epss`)).json().results
    assert.deepEqual(
      byEpss.slice(0, 2).map((r: { cve_id: string }) => r.cve_id),
      ['CVE-2023-38545', 'CVE-2023-5678']
    )
  })

  it('the CVE dialog: KEV, EPSS, aliases and safe advisory links', async () => {
    const [cve] = await db
      .select({ uid: vulnerabilities.uid })
      .from(vulnerabilities)
      .where(eq(vulnerabilities.cveId, 'CVE-2023-5678'))
    const response = await get(`/api/v1/cves/${cve!.uid}/description/`)
    assert.equal(response.statusCode, 200, response.body)
    const body = response.json()
    assert.equal(body.demo, false)
    assert.deepEqual(body.aliases, ['DSA-9001-1'])
    assert.equal(body.kev.known_ransomware, true)
    assert.equal(body.epss, 0.00123)
    assert.deepEqual(
      body.links.map((l: { label: string }) => l.label),
      ['OSV DSA-9001-1', 'NVD', 'Debian security tracker DSA-9001-1', 'CISA KEV']
    )
    for (const link of body.links) assert.match(link.url, /^https:\/\/[a-z.-]+\//)
  })

  it('the dashboard counts known exploited CVEs and lists their devices first', async () => {
    await db.insert(devices).values({
      tenantUid: tenant,
      hostname: 'aaa-no-kev',
      deviceType: 'linux',
      riskScore: 'High',
      riskRank: 3,
      highRiskCveCount: 9,
      cveCount: 9
    })
    const d = (await get(`/api/v1/tenants/${tenant}/dashboard/strategic/`)).json()
    assert.deepEqual([d.cve_counts.kev, d.cve_counts.kev_devices, d.cve_counts.demo, d.cve_counts.kev_loaded], [1, 1, 0, true])
    assert.deepEqual(
      d.riskiest_devices.slice(0, 2).map((r: { hostname: string; kev_count: number }) => [r.hostname, r.kev_count]),
      [
        ['web-1', 1],
        ['aaa-no-kev', 0]
      ],
      'the KEV device first although the other has more high-risk findings'
    )
    const summary = await regenerateSummary(db, tenant)
    assert.equal(summary.counts.kev_cves, 1)
    assert.match(summary.text, /1 known to be exploited \(CISA KEV\)/)
    assert.equal(summary.worstFindings[0]!.cve_id, 'CVE-2023-5678', 'the KEV finding is named first')
  })

  it('an SBOM: coverage of its components and KEV/EPSS by vulnerability id', async () => {
    const report = await createReport(db, tenant, { name: 'app', assessmentType: 'application' })
    const sbom = new TextEncoder().encode(
      JSON.stringify({
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        components: [
          {
            type: 'library',
            name: 'libssl3',
            version: '3.0.11-1~deb12u1',
            'bom-ref': 'ssl',
            purl: 'pkg:deb/debian/libssl3@3.0.11-1~deb12u1?distro=debian-12&upstream=openssl'
          },
          { type: 'library', name: 'left-pad', version: '1.3.0', 'bom-ref': 'lp', purl: 'pkg:npm/left-pad@1.3.0' },
          { type: 'library', name: 'thing', version: '1', 'bom-ref': 'x', purl: 'pkg:generic/thing@1' },
          { type: 'library', name: 'no-purl', version: '1', 'bom-ref': 'np' }
        ],
        // The SBOM's own entry under the advisory's id: resolved to its CVE for KEV/EPSS.
        vulnerabilities: [{ id: 'DSA-9001-1', affects: [{ ref: 'ssl' }] }]
      })
    )
    await storeScan(db, tenant, report.uid, storedScan(await prepareScan({ sbom }, db)))
    const response = await get(`/api/v1/insights/reports/${report.uid}/sbom/feed/`)
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.deepEqual(
      [body.demo, body.checked, body.unsupported, body.no_purl, body.kev_loaded, body.epss_loaded],
      [false, 2, 1, 1, true, true]
    )
    assert.deepEqual(body.coverage, [
      { ecosystem: 'Debian:12', packages: 1, advisories: 2, demo_advisories: 0 },
      { ecosystem: 'npm', packages: 1, advisories: 0, demo_advisories: 0 }
    ])
    assert.deepEqual(Object.keys(body.vulnerabilities), ['DSA-9001-1'])
    assert.equal(body.vulnerabilities['DSA-9001-1'].kev.due_date, '2025-02-22')
    // Another tenant's report: 404, never its data.
    const other = await t.login('other@example.com', 'other-password')
    assert.equal(
      (await t.app.inject({ url: `/api/v1/insights/reports/${report.uid}/sbom/feed/`, headers: other.headers(false) }))
        .statusCode,
      404
    )
  })
})
