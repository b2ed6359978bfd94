import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { eq } from 'drizzle-orm'
import { devices, packageFindings, vulnerabilities } from '../../../src/db/schema/index.js'
import { prepareScan } from '../../../src/lib/insights/scan.js'
import { storeOsvRecords } from '../../../src/lib/vulns/feed-store.js'
import { matchDevicePackages } from '../../../src/lib/vulns/match.js'
import { OsvFormatError, parseOsvDocument, type OsvRecord } from '../../../src/lib/vulns/osv-record.js'
import { addDevice, openVulnsDb, type VulnsDb } from './vulns-helpers.js'

/**
 * The demo catalogue never touches real data: DEMO-… records match only devices and SBOMs the
 * demo seed wrote, and never lend their invented fixes or copied scores to a real advisory.
 * Records here are written by us in the OSV format; the expected answers follow from them.
 */

const record = (json: object): OsvRecord => {
  const [parsed] = parseOsvDocument(JSON.stringify(json))
  assert.ok(parsed !== undefined && !(parsed instanceof OsvFormatError), 'a valid OSV record')
  return parsed
}

// The demo ladder's kind of record: Debian 12 expat fixed at an invented "2.5.0-2".
const DEMO_EXPAT = record({
  id: 'DEMO-CVE-2024-45490',
  modified: '2024-09-01T00:00:00Z',
  details: 'Demo catalogue entry.',
  affected: [
    {
      package: { ecosystem: 'Debian:12', name: 'expat' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.5.0-2' }] }]
    }
  ]
})
// A real-format advisory for the same CVE, with no severity (as many Debian records have).
const REAL_EXPAT = record({
  id: 'DEBIAN-CVE-2024-45490',
  modified: '2024-10-01T00:00:00Z',
  details: 'An issue was discovered in libexpat before 2.6.3. xmlparse.c does not reject a negative length for XML_ParseBuffer.',
  affected: [
    {
      package: { ecosystem: 'Debian:12', name: 'expat' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.5.0-1+deb12u1' }] }]
    }
  ]
})

describe('the demo catalogue never touches real data', () => {
  let t: VulnsDb
  before(async () => {
    t = await openVulnsDb()
    await storeOsvRecords(t.db, [{ record: { ...DEMO_EXPAT, score: 7.5 }, source: 'seed', demo: true }])
  })
  after(async () => {
    await t.cleanup()
  })

  const expat = { name: 'libexpat1', version: '2.5.0-1', ecosystem: 'Debian:12', source: 'expat' }
  const demoDevice = async (hostname: string): Promise<string> => {
    const uid = await addDevice(t.db, t.tenant, hostname, [expat])
    await t.db.update(devices).set({ demo: true }).where(eq(devices.uid, uid))
    return uid
  }
  const sources = async (deviceUid: string) =>
    await t.db
      .select({ cve: vulnerabilities.cveId, demo: packageFindings.demo, score: packageFindings.score })
      .from(packageFindings)
      .innerJoin(vulnerabilities, eq(vulnerabilities.uid, packageFindings.vulnerabilityUid))
      .where(eq(packageFindings.deviceUid, deviceUid))

  it('matches a demo device and marks the finding demo; a real device of the same tenant gets nothing', async () => {
    const demo = await demoDevice('demo-web')
    const real = await addDevice(t.db, t.tenant, 'real-web', [expat])
    const other = await addDevice(t.db, t.otherTenant, 'other-web', [expat])
    assert.deepEqual(await matchDevicePackages(t.db, t.tenant, demo), { packages: 1, findings: 1, highRisk: 0, kev: 0 })
    assert.deepEqual(await sources(demo), [{ cve: 'CVE-2024-45490', demo: true, score: 7.5 }])
    for (const [tenant, uid] of [
      [t.tenant, real],
      [t.otherTenant, other]
    ] as const) {
      assert.deepEqual(await matchDevicePackages(t.db, tenant, uid), { packages: 1, findings: 0, highRisk: 0, kev: 0 })
    }
  })

  it('a real advisory for the same CVE describes it alone: its fix, no borrowed demo score', async () => {
    await storeOsvRecords(t.db, [{ record: REAL_EXPAT, source: 'test' }])
    const [row] = await t.db.select().from(vulnerabilities).where(eq(vulnerabilities.cveId, 'CVE-2024-45490'))
    assert.equal(row!.source, 'osv:DEBIAN-CVE-2024-45490')
    assert.equal(row!.score, null, "the real record has no severity: the demo catalogue's 7.5 must not stand in")
    assert.match(row!.description, /libexpat before 2\.6\.3/)
    assert.ok(!row!.aliases.some((alias) => alias.startsWith('DEMO-')), 'demo ids are not aliases of a real CVE')

    // The real fix is 2.5.0-1+deb12u1: 2.5.0-1 is affected per the real record, 2.5.0-1+deb12u1 is not
    // (although the demo ladder would call it affected until 2.5.0-2).
    const real = await addDevice(t.db, t.tenant, 'real-patched', [{ ...expat, version: '2.5.0-1+deb12u1' }])
    const unpatched = await addDevice(t.db, t.tenant, 'real-unpatched', [expat])
    assert.equal((await matchDevicePackages(t.db, t.tenant, real)).findings, 0)
    assert.deepEqual(await sources(unpatched), [])
    await matchDevicePackages(t.db, t.tenant, unpatched)
    assert.deepEqual(await sources(unpatched), [{ cve: 'CVE-2024-45490', demo: false, score: null }])
    // A demo device the real record also covers: the finding is real, not demo data.
    const demo = await demoDevice('demo-db')
    await matchDevicePackages(t.db, t.tenant, demo)
    assert.deepEqual(await sources(demo), [{ cve: 'CVE-2024-45490', demo: false, score: null }])
  })

  it('an uploaded SBOM is matched against real records only; a demo SBOM gains demo findings, marked', async () => {
    const sbom = (version: string) =>
      new TextEncoder().encode(
        JSON.stringify({
          bomFormat: 'CycloneDX',
          specVersion: '1.5',
          components: [
            {
              type: 'library',
              name: 'libexpat1',
              version,
              'bom-ref': 'expat',
              purl: `pkg:deb/debian/libexpat1@${version}?distro=debian-12&upstream=expat`
            }
          ]
        })
      )
    // 2.5.0-1+deb12u1: fixed per the real record, affected only per the demo ladder.
    const upload = await prepareScan({ sbom: sbom('2.5.0-1+deb12u1') }, t.db)
    assert.deepEqual(upload.sbom!.document.vulnerabilities, [])
    assert.equal(upload.sbom!.demo, false)
    assert.deepEqual(upload.sbom!.ecosystems, ['Debian:12'])

    const demo = await prepareScan({ sbom: sbom('2.5.0-1+deb12u1') }, t.db, { demo: true })
    assert.deepEqual(
      demo.sbom!.document.vulnerabilities.map((v) => [v.id, v.properties.find((p) => p.name === 'console:demo')?.value]),
      [['CVE-2024-45490', 'true']]
    )
    assert.equal(demo.sbom!.document.vulnerabilities[0]!.source.url, null, 'no osv.dev link for a demo record')
  })
})
