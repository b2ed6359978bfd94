import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { eq } from 'drizzle-orm'
import { vulnerabilities } from '../../../../../src/db/schema/index.js'
import { importOsv } from '../../../../../src/lib/vulns/import.js'
import { TEST_OSV } from '../../../../shared-data.js'
import { assertNotFound, buildDetectApp, type DetectApp } from '../detect-fixtures.js'

describe('CVE descriptions: /api/v1/cves/:uid/description/', () => {
  let t: DetectApp
  before(async () => {
    t = await buildDetectApp()
  })
  after(async () => {
    await t.close()
  })

  it('answers the description of a CVE found in a package row', async () => {
    const device = (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/?ordering=-cve_count&limit=1`)).json().results[0]
    const row = (await t.get(`/api/v1/tenants/${t.demoTenant}/devices/${device.uid}/packages/`)).json().results[0]
    assert.ok(row.cve_uid)
    const response = await t.get(`/api/v1/cves/${row.cve_uid}/description/`)
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.equal(body.cve_id, row.cve_id)
    assert.match(body.cve_id, /^CVE-\d{4}-\d{4,}$/)
    assert.ok(body.description.length > 30)
    assert.equal(body.score, row.score)
  })

  it('imported OSV records answer with their details (else summary), CVSS score and vector', async () => {
    const uidOf = async (cveId: string) =>
      (await t.app.db.select({ uid: vulnerabilities.uid }).from(vulnerabilities).where(eq(vulnerabilities.cveId, cveId)))[0]!.uid
    // Our own records (fixtures/test-osv): the seed loads no real advisory.
    await importOsv(t.app.db, TEST_OSV)
    const musl = (await t.get(`/api/v1/cves/${await uidOf('CVE-2999-0009')}/description/`)).json()
    assert.equal(musl.cve_id, 'CVE-2999-0009')
    assert.equal(musl.description, 'A test record: musl on Alpine v3.18, fixed in 1.2.4-r3.')
    // CVSS:3.1/AV:L/AC:H/PR:L/UI:N/S:U/C:H/I:H/A:H is 7.0.
    assert.equal(musl.score, 7)
    assert.equal(musl.vector, 'CVSS:3.1/AV:L/AC:H/PR:L/UI:N/S:U/C:H/I:H/A:H')
    // A Debian advisory with a summary only and no CVE, no severity.
    const dsa = (await t.get(`/api/v1/cves/${await uidOf('DSA-9902-1')}/description/`)).json()
    assert.deepEqual(
      [dsa.cve_id, dsa.description, dsa.score, dsa.vector],
      ['DSA-9902-1', 'intel-microcode - security update', null, null]
    )
    // A record of ours is no demo data; its OSV page is linked (docs/vuln-feed-api.md "CVE dialog").
    assert.equal(dsa.demo, false)
    assert.ok(
      dsa.links.some((link: { url: string }) => link.url === 'https://osv.dev/vulnerability/DSA-9902-1'),
      JSON.stringify(dsa.links)
    )
  })

  it('unknown or junk uid → 404; anonymous → 401', async () => {
    assertNotFound(await t.get('/api/v1/cves/00000000-0000-4000-8000-000000000000/description/'))
    assertNotFound(await t.get('/api/v1/cves/CVE-2024-3094/description/'))
    assert.equal((await t.app.inject({ url: '/api/v1/cves/00000000-0000-4000-8000-000000000000/description/' })).statusCode, 401)
  })
})
