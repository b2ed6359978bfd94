import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { SCANNER_VERSION, scannerScript } from '../../../../../src/lib/insights/scanner/script.js'
import { buildTestApp, tempDir, type TestApp } from '../../../../helpers.js'

describe('GET /api/v1/insights/cli/scanner', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp()
  })
  after(async () => {
    await t.close()
  })

  it('serves the console-scan program to anyone, as an attachment', async () => {
    for (const url of ['/api/v1/insights/cli/scanner', '/api/v1/insights/cli/scanner/']) {
      const response = await t.app.inject({ url }) // no cookie, no key
      assert.equal(response.statusCode, 200, url)
      assert.equal(response.headers['content-type'], 'text/x-shellscript; charset=utf-8')
      assert.equal(response.headers['content-disposition'], 'attachment; filename="console-scan"')
      assert.match(response.body, /^#!\/bin\/sh\n/)
      assert.equal(response.body, scannerScript())
    }
  })

  it('the download is a POSIX sh program that runs: --version and --help', async () => {
    const response = await t.app.inject({ url: '/api/v1/insights/cli/scanner' })
    const file = path.join(tempDir('console-scan-route-'), 'console-scan')
    fs.writeFileSync(file, response.body)
    execFileSync('sh', ['-n', file])
    assert.equal(execFileSync('sh', [file, '--version'], { encoding: 'utf8' }), `console-scan ${SCANNER_VERSION}\n`)
    assert.match(execFileSync('sh', [file, '--help'], { encoding: 'utf8' }), /--server URL --token TOKEN/)
  })

  it('is described in the OpenAPI document and takes no other method', async () => {
    const docs = (await t.app.inject({ url: '/api/docs/json', headers: (await t.login()).headers(false) })).json() as {
      paths: Record<string, unknown>
    }
    assert.ok('/api/v1/insights/cli/scanner/' in docs.paths || '/api/v1/insights/cli/scanner' in docs.paths)
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/insights/cli/scanner' })
    assert.equal(post.statusCode, 404)
    assert.deepEqual(Object.keys(post.json()), ['detail'])
  })
})
