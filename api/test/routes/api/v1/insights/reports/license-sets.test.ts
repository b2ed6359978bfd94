import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { LICENSE_SETS_MAX } from '@console/contracts'
import { licenseSetsOf } from '../../../../../../src/lib/insights/license-sets.js'
import { buildInsightsApp, REPORTS, type InsightsApp } from '../insights-fixtures.js'

// What the Overview counts denied licenses from: the SBOM's components grouped by the licenses
// they state, counted once at upload (the SBOM itself is not read for it).

const component = (name: string, licenses: unknown[]) => ({ type: 'library', name, version: '1.0.0', licenses })
const MIT = { license: { id: 'MIT' } }

const sbom = (components: unknown[]) =>
  Buffer.from(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1, components }))

describe('GET …/reports/{uid}/sbom/licenses/', () => {
  let t: InsightsApp
  before(async () => {
    t = await buildInsightsApp()
  })
  after(async () => await t.close())

  it('counts the components per set of licenses they state, most common first; urls dropped, none = []', async () => {
    const { uid, token } = await t.create('Licenses')
    const file = sbom([
      component('a', [MIT]),
      component('b', [{ license: { id: 'MIT', url: 'https://opensource.org/licenses/MIT' } }]),
      component('c', [{ expression: 'Apache-2.0 OR GPL-3.0-only' }]),
      component('d', []),
      component('e', [{ license: { name: 'Acme Proprietary' } }, MIT]),
      component('f', [MIT])
    ])
    assert.equal((await t.upload(token, [{ field: 'sbom', content: file }])).statusCode, 200)
    const response = await t.get(`${REPORTS}${uid}/sbom/licenses/`)
    assert.equal(response.statusCode, 200, response.body)
    const mit = { license: { id: 'MIT', name: null, url: null } }
    assert.deepEqual(response.json(), {
      complete: true,
      sets: [
        { licenses: [mit], components: 3 },
        { licenses: [{ expression: 'Apache-2.0 OR GPL-3.0-only' }], components: 1 },
        { licenses: [], components: 1 },
        { licenses: [{ license: { id: null, name: 'Acme Proprietary', url: null } }, mit], components: 1 }
      ]
    })
  })

  it('404s without an SBOM, for another tenant and for a report that is not one', async () => {
    const { uid, token } = await t.create('No SBOM yet')
    const none = await t.get(`${REPORTS}${uid}/sbom/licenses/`)
    assert.equal(none.statusCode, 404)
    assert.equal(none.json().detail, 'No SBOM data available.')
    assert.equal((await t.upload(token, [{ field: 'sbom', content: sbom([component('a', [MIT])]) }])).statusCode, 200)
    assert.equal((await t.get(`${REPORTS}${uid}/sbom/licenses/`)).statusCode, 200)
    assert.equal((await t.get(`${REPORTS}${uid}/sbom/licenses/`, t.other)).statusCode, 404)
    assert.equal((await t.get(`${REPORTS}not-a-uid/sbom/licenses/`)).statusCode, 404)
    assert.equal((await t.app.inject({ url: `${REPORTS}${uid}/sbom/licenses/` })).statusCode, 401)
  })

  it(`stops counting new sets past ${LICENSE_SETS_MAX} and says so`, () => {
    const many = Array.from({ length: LICENSE_SETS_MAX + 2 }, (_, i) => ({ licenses: [{ expression: `LicenseRef-${i}` }] }))
    const counted = licenseSetsOf([...many, many[0]!])
    assert.equal(counted.complete, false)
    assert.equal(counted.sets.length, LICENSE_SETS_MAX)
    // A set already counted still counts its later components.
    assert.deepEqual(counted.sets[0], { licenses: [{ expression: 'LicenseRef-0' }], components: 2 })
  })
})
