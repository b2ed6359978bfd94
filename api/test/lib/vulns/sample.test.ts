import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { SAMPLE_FEED } from '../../../src/lib/vulns/sample.js'
import { OSV_FIXTURES } from './osv-fixtures.js'

describe('the OSV sample shipped in api/osv-sample', () => {
  it('is byte-for-byte copies of fixtures/osv files, every npm file included', () => {
    const files = fs.readdirSync(SAMPLE_FEED, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.json')).sort()
    for (const file of files) {
      assert.ok(fs.readFileSync(path.join(SAMPLE_FEED, file)).equals(fs.readFileSync(path.join(OSV_FIXTURES, file))), file)
    }
    const npm = fs.readdirSync(path.join(OSV_FIXTURES, 'npm')).filter((name) => name.endsWith('.json')).map((name) => path.join('npm', name))
    assert.deepEqual(files.filter((file) => file.startsWith('npm')), npm.sort())
    assert.equal(files.length, 13)
  })
})
