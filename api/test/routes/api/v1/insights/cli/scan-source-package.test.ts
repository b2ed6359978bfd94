import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { importOsvAndMatch } from '../../../../../../src/lib/feeds/osv-import.js'
import type { Json } from '../../../../../helpers.js'
import { REPO_ROOT } from '../../../../../shared-data.js'
import { buildInsightsApp, REPORTS, type InsightsApp } from '../insights-fixtures.js'

// A Debian/Ubuntu package's source package as the generators state it: Trivy's
// `aquasecurity:trivy:SrcName` / `SrcVersion` / `SrcRelease` properties, Syft's
// `syft:metadata:source`, or the purl's `upstream=` qualifier. All three must match the same
// advisories. Our own files (fixtures/test-source-package, written in Trivy's documented shape and
// OSV schema 1.7; no real Ubuntu glibc record is in ../shared/data/osv):
// - UBUNTU-CVE-2999-0021: glibc on 22.04 fixed in 2.35-0ubuntu3.4 → 2.35-0ubuntu3.1 affected;
// - UBUNTU-CVE-2999-0022: fixed in 2.35-0ubuntu3.1 → that version is the fix, not affected.
// So each of libc6 and libc-bin gets CVE-2999-0021 alone.

const FOLDER = path.join(REPO_ROOT, 'fixtures', 'test-source-package')
const TRIVY: Json = JSON.parse(fs.readFileSync(path.join(FOLDER, 'trivy-ubuntu.cdx-1.6.json'), 'utf8'))
const LIBC6 = 'pkg:deb/ubuntu/libc6@2.35-0ubuntu3.1?arch=amd64&distro=ubuntu-22.04'
const LIBC_BIN = 'pkg:deb/ubuntu/libc-bin@2.35-0ubuntu3.1?arch=amd64&distro=ubuntu-22.04'

/** The Trivy SBOM with each package component's properties and purl rewritten by `change`. */
function variant(change: (component: Json) => void): Json {
  const copy = structuredClone(TRIVY)
  for (const component of copy.components) if (typeof component.purl === 'string') change(component)
  return copy
}

const withoutTrivySource = (component: Json): void => {
  component.properties = component.properties.filter((p: Json) => !p.name.startsWith('aquasecurity:trivy:Src'))
}

const UPSTREAM = variant((component) => {
  withoutTrivySource(component)
  component.purl = component.purl.replace('?arch=amd64&', '?arch=amd64&upstream=glibc&')
})
const SYFT = variant((component) => {
  withoutTrivySource(component)
  component.properties.push({ name: 'syft:metadata:source', value: 'glibc' })
})
const NO_SOURCE = variant(withoutTrivySource)

describe('the source package of a deb component: Trivy and Syft properties count like upstream=', () => {
  let t: InsightsApp
  before(async () => {
    t = await buildInsightsApp()
    await importOsvAndMatch(t.app.db, FOLDER)
  })
  after(async () => await t.close())

  /** Vulnerability id → the refs it affects, for what the console added to the uploaded SBOM. */
  async function added(sbom: Json): Promise<Record<string, string[]>> {
    const report = await t.create('Ubuntu image')
    const response = await t.upload(report.token, [{ field: 'sbom', content: JSON.stringify(sbom) }])
    assert.equal(response.statusCode, 200, response.body)
    const { json } = await t.sbom(report.uid)
    return Object.fromEntries((json as Json).vulnerabilities.map((v: Json) => [v.id, v.affects.map((a: Json) => a.ref)]))
  }

  it("matches a Trivy SBOM's libc6 (SrcName glibc, SrcVersion 2.35, SrcRelease 0ubuntu3.1) like upstream=glibc", async () => {
    const expected = { 'CVE-2999-0021': [LIBC6, LIBC_BIN] }
    assert.deepEqual(await added(UPSTREAM), expected, 'the purl upstream= variant')
    assert.deepEqual(await added(TRIVY), expected, "Trivy's properties")
    assert.deepEqual(await added(SYFT), expected, "Syft's syft:metadata:source")
    // Without any source name the binary package "libc6" names no advisory: nothing is found.
    assert.deepEqual(await added(NO_SOURCE), {})
  })

  it('takes the version from SrcVersion and SrcRelease, and upstream= over the properties', async () => {
    // A source version at the fix: nothing, though the binary version is below it.
    const fixed = variant((component) => {
      const release = component.properties.find((p: Json) => p.name === 'aquasecurity:trivy:SrcRelease')
      release.value = '0ubuntu3.4'
    })
    assert.deepEqual(await added(fixed), {})
    // The purl's qualifier wins over a property naming another package.
    const both = variant((component) => {
      component.purl = component.purl.replace('?arch=amd64&', '?arch=amd64&upstream=glibc&')
      component.properties.find((p: Json) => p.name === 'aquasecurity:trivy:SrcName').value = 'not-glibc'
    })
    assert.deepEqual(Object.keys(await added(both)), ['CVE-2999-0021'])
  })

  it('counts the Trivy components as checked in the feed status', async () => {
    const report = await t.create('Coverage')
    await t.upload(report.token, [{ field: 'sbom', content: JSON.stringify(TRIVY) }])
    const feed = (await t.get(`${REPORTS}${report.uid}/sbom/feed/`)).json()
    assert.equal(feed.checked, 2)
    assert.deepEqual(
      feed.coverage.map((c: Json) => [c.ecosystem, c.packages, c.advisories]),
      [['Ubuntu:22.04:LTS', 2, 2]]
    )
  })
})
