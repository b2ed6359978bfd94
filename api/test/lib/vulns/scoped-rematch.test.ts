import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { eq } from 'drizzle-orm'
import { devicePackages, devices, packageFindings, vulnerabilities } from '../../../src/db/schema/index.js'
import { importOsv } from '../../../src/lib/vulns/import.js'
import { importOsvAndMatch } from '../../../src/lib/feeds/osv-import.js'
import { allDevices, matchDevices } from '../../../src/lib/vulns/match.js'
import { TEST_OSV } from '../../shared-data.js'
import { addDevice, openVulnsDb, type VulnsDb } from './vulns-helpers.js'

// After a feed change only the packages it names (or that hold a finding on a re-derived CVE) are
// re-matched. What an analyst sees must be exactly what a full re-match gives, and the findings the
// change does not concern keep their rows (first-seen times).

/** Our own PyPI record (invented id and CVE): django from 0 before `fixed`. */
const djangoRecord = (fixed: string, modified: string) => ({
  schema_version: '1.7.3',
  id: 'PYSEC-TEST-2001',
  aliases: ['CVE-2999-2001'],
  modified,
  published: '2026-03-01T00:00:00Z',
  summary: 'Test advisory for django',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
  affected: [
    { package: { ecosystem: 'PyPI', name: 'django' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed }] }] }
  ]
})

describe('re-matching after a feed change: only the packages it concerns, same answer as a full re-match', () => {
  let t: VulnsDb
  let dir: string
  before(async () => {
    t = await openVulnsDb()
    await importOsv(t.db, TEST_OSV)
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoped-rematch-'))
  })
  after(async () => {
    await t.cleanup()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const findings = async (uid: string) =>
    await t.db
      .select({
        id: packageFindings.id,
        name: devicePackages.name,
        cve: vulnerabilities.cveId,
        score: packageFindings.score,
        createdAt: packageFindings.createdAt
      })
      .from(packageFindings)
      .innerJoin(devicePackages, eq(devicePackages.id, packageFindings.packageId))
      .innerJoin(vulnerabilities, eq(vulnerabilities.uid, packageFindings.vulnerabilityUid))
      .where(eq(packageFindings.deviceUid, uid))
      .orderBy(devicePackages.name, vulnerabilities.cveId)
  const stats = async (uid: string) => {
    const [row] = await t.db
      .select({ risk: devices.riskScore, p: devices.packageCount, c: devices.cveCount, h: devices.highRiskCveCount })
      .from(devices)
      .where(eq(devices.uid, uid))
    return row
  }
  /** What a full re-match of every device stores, compared with what is stored now. */
  const assertSameAsFullRematch = async (uid: string) => {
    const scoped = {
      findings: (await findings(uid)).map(({ name, cve, score }) => ({ name, cve, score })),
      stats: await stats(uid)
    }
    await matchDevices(t.db, await allDevices(t.db, t.tenant))
    assert.deepEqual(scoped, {
      findings: (await findings(uid)).map(({ name, cve, score }) => ({ name, cve, score })),
      stats: await stats(uid)
    })
  }
  const importRecord = async (record: object) => {
    const file = path.join(dir, `${Date.now()}.json`)
    fs.writeFileSync(file, JSON.stringify(record))
    return await importOsvAndMatch(t.db, file)
  }

  it('a new record reaches a device whose package is written in another case (PEP 503), and leaves its other findings alone', async () => {
    const uid = await addDevice(t.db, t.tenant, 'py-web', [
      { name: 'lodash', version: '4.17.11', ecosystem: 'npm' },
      { name: 'Django', version: '4.2.0', ecosystem: 'PyPI' }
    ])
    await matchDevices(t.db, [{ tenantUid: t.tenant, deviceUid: uid }])
    const lodash = await findings(uid)
    assert.deepEqual(
      lodash.map((f) => f.cve),
      ['CVE-2999-1001', 'CVE-2999-1002'],
      'lodash 4.17.11 per fixtures/test-osv'
    )
    assert.equal((await stats(uid))?.c, 2)

    const result = await importRecord(djangoRecord('4.2.1', '2026-03-02T00:00:00Z'))
    assert.equal(result.matched.devices, 1, 'the device with "Django" is touched by a record for "django"')
    const now = await findings(uid)
    assert.deepEqual(
      now.map((f) => `${f.name} ${f.cve}`),
      ['Django CVE-2999-2001', 'lodash CVE-2999-1001', 'lodash CVE-2999-1002']
    )
    assert.deepEqual(
      now.filter((f) => f.name === 'lodash'),
      lodash,
      'the lodash findings kept their rows'
    )
    assert.deepEqual(await stats(uid), { risk: 'High', p: 2, c: 3, h: 2 })
    await assertSameAsFullRematch(uid)
  })

  it('a changed record that no longer affects the version removes just that finding and recounts the device', async () => {
    const [uid] = (await t.db.select({ uid: devices.uid }).from(devices).where(eq(devices.hostname, 'py-web'))).map(
      (row) => row.uid
    )
    await importRecord(djangoRecord('4.1.0', '2026-03-03T00:00:00Z'))
    assert.deepEqual(
      (await findings(uid!)).map((f) => `${f.name} ${f.cve}`),
      ['lodash CVE-2999-1001', 'lodash CVE-2999-1002']
    )
    assert.deepEqual(await stats(uid!), { risk: 'High', p: 2, c: 2, h: 1 })
    await assertSameAsFullRematch(uid!)
  })
})
