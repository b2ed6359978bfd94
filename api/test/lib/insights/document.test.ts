// api-test: engine-independent (the embedded database or none, whatever DATABASE_URL says; see run.mjs)
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DocumentError, parseJson } from '../../../src/lib/insights/document.js'

const bytes = (text: string) => Buffer.from(text)

describe('uploaded JSON documents (SBOM, audit)', () => {
  it('refuses a duplicate key with its path (ASVS 5.0 1.5.3: JSON.parse keeps the last, other tools the first)', () => {
    assert.throws(
      () => parseJson(bytes('{"bomFormat":"CycloneDX","specVersion":"1.6","specVersion":"1.2"}')),
      (error: Error) => error instanceof DocumentError && error.message === 'specVersion is a duplicate key'
    )
    assert.throws(
      () => parseJson(bytes('{"components":[{"name":"a"},{"name":"b","version":"1","version":"2"}]}')),
      (error: Error) => error.message === 'components[1].version is a duplicate key'
    )
    assert.deepEqual(parseJson(bytes('{"components":[{"name":"a"},{"name":"a"}]}')), {
      components: [{ name: 'a' }, { name: 'a' }]
    })
  })
})
