import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { buildTestApp, tempDir, type TestApp } from '../../helpers.js'

const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/main.0123abcd.js"></script></body></html>'

const DETECT_MANIFEST = {
  id: 'detect',
  name: 'detect',
  metaData: {
    name: 'detect',
    console: {
      name: 'detect',
      version: '1.4.0',
      buildTime: '2026-01-01T00:00:00.000Z',
      requires: { '@console/shared': '^1.2.0' }
    },
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    publicPath: 'auto',
    // The share keys each page consumes (shared/toolchain/preload-hints.cjs, pageSharedKeys).
    consoleShared: { DashboardPage: ['@mui/material/Card', 'react', '@mui/material/NotInThisHost', 'constructor'] }
  },
  exposes: [
    { name: 'DashboardPage', assets: { js: { sync: ['js/dash.0123456789.js'], async: ['js/later.0123456789.js'] } } },
    { name: 'DeviceDetailPage', assets: { js: { sync: ['js/device.0123456789.js'], async: [] } } }
  ]
}

// What the host's build writes for the server's preload hints (shared/toolchain/preload-hints.cjs).
const PRELOAD = {
  entry: ['main.0123abcd.js'],
  signedIn: ['shell.0123456789.js', 'federation.0123456789.js'],
  routes: [
    { path: '/', remote: 'detect', page: 'DashboardPage' },
    { path: '/devices/:uid', remote: 'detect', page: 'DeviceDetailPage' },
    { path: '/insights', remote: 'insights', page: 'InsightsListPage' }
  ],
  // The host's files a lazily provided share key fetches (react is the host's own: none).
  shared: { '@mui/material/Card': ['js/card.0123456789.js', 'federation.0123456789.js'] }
}

function fakeConsoleRoot(): string {
  const root = tempDir('console-root-')
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), content)
  }
  write('host/dist/index.html', INDEX)
  write('host/dist/main.0123abcd.js', `console.log(${JSON.stringify('x'.repeat(4000))})`)
  write('host/dist/logo.png', 'png')
  // What the build writes beside a hashed asset (shared/toolchain/webpack.cjs): served as they are.
  write('host/dist/app.89abcdef01.js', 'var app = 1')
  write('host/dist/app.89abcdef01.js.br', 'brotli bytes')
  write('host/dist/app.89abcdef01.js.gz', 'gzip bytes')
  write(
    'host/dist/build-info.json',
    JSON.stringify({ name: 'host', version: '1.2.0', buildTime: '2026-01-02T03:04:05.000Z', provides: {} })
  )
  write('host/dist/preload.json', JSON.stringify(PRELOAD))
  write('remote-detect/dist/mf-manifest.json', JSON.stringify(DETECT_MANIFEST))
  write('remote-detect/dist/remoteEntry.js', 'var detect = 1')
  write('remote-detect/dist/123.4567abcd89.js', 'var chunk = 1')
  return root
}

describe('production static files, SPA fallback and /remotes.json', () => {
  let t: TestApp
  before(async () => {
    t = await buildTestApp({ env: { CONSOLE_ROOT: fakeConsoleRoot() } })
  })
  after(async () => {
    await t.close()
  })

  it('serves the host index at / with no-cache and the CSP', async () => {
    const response = await t.app.inject({ url: '/', headers: { accept: 'text/html' } })
    assert.equal(response.statusCode, 200)
    assert.equal(response.body, INDEX)
    assert.equal(response.headers['cache-control'], 'no-cache')
    const csp = String(response.headers['content-security-policy'])
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "font-src 'self' data:",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'"
    ]) {
      assert.ok(csp.includes(directive), `CSP has ${directive}: ${csp}`)
    }
  })

  it('falls back to index.html for console routes that accept HTML', async () => {
    for (const url of ['/agents', '/devices/123', '/insights/abc/', '/settings/?tab=user', '/login']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } })
      assert.equal(response.statusCode, 200, url)
      assert.equal(response.body, INDEX)
      assert.equal(response.headers['cache-control'], 'no-cache')
    }
  })

  it('names the files a page behind the sign-in runs first in a Link header: main.js preloaded, the rest prefetched', async () => {
    const links = async (url: string) => {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } })
      assert.equal(response.statusCode, 200, url)
      assert.equal(response.body, INDEX, url)
      const header = response.headers.link
      return header === undefined ? [] : String(header).split(', ')
    }
    const main = '</main.0123abcd.js>; rel=preload; as=script'
    const later = (url: string) => `<${url}>; rel=prefetch; as=script`
    const host = ['/shell.0123456789.js', '/federation.0123456789.js'].map(later)
    // Last, the host's files of the shared modules the page asks the host for (each file once).
    assert.deepEqual(await links('/'), [
      main,
      ...host,
      later('/remotes/detect/remoteEntry.js'),
      later('/remotes/detect/js/dash.0123456789.js'),
      later('/js/card.0123456789.js')
    ])
    // The page's own chunks and shared modules, not the dashboard's nor the chunks it loads later.
    assert.deepEqual(await links('/devices/d-1?tab=2'), [
      main,
      ...host,
      later('/remotes/detect/remoteEntry.js'),
      later('/remotes/detect/js/device.0123456789.js')
    ])
    // A remote that is not built: the host's files still come early, the remote's are not guessed.
    assert.deepEqual(await links('/insights/'), [main, ...host])
    // The sign-in page, the host's own pages and unknown paths: no hints.
    for (const url of ['/login', '/settings', '/devices/d-1/more', '/no-such-page']) assert.deepEqual(await links(url), [], url)
  })

  it('never answers index.html for /api, /remotes or non-HTML requests', async () => {
    const cases = [
      { url: '/api/nope', accept: 'text/html' },
      { url: '/api/v1/devices/1/', accept: 'text/html' },
      { url: '/remotes/detect/missing.js', accept: 'text/html' },
      { url: '/remotes/insights/mf-manifest.json', accept: '*/*' },
      { url: '/missing.js', accept: '*/*' }
    ]
    for (const { url, accept } of cases) {
      const response = await t.app.inject({ url, headers: { accept } })
      assert.equal(response.statusCode, 404, url)
      assert.deepEqual(response.json(), { detail: 'Not found.' })
    }
  })

  it('long-caches hashed assets and revalidates the rest', async () => {
    const hashed = await t.app.inject({ url: '/main.0123abcd.js' })
    assert.equal(hashed.statusCode, 200)
    assert.equal(hashed.headers['cache-control'], 'public, max-age=31536000, immutable')
    const logo = await t.app.inject({ url: '/logo.png' })
    assert.equal(logo.headers['cache-control'], 'no-cache')
  })

  it("sends the build's brotli or gzip copy of a hashed asset as it is, long-cached like the file", async () => {
    for (const [encoding, body] of [
      ['br', 'brotli bytes'],
      ['gzip', 'gzip bytes'],
      ['identity', 'var app = 1']
    ] as const) {
      const response = await t.app.inject({ url: '/app.89abcdef01.js', headers: { 'accept-encoding': encoding } })
      assert.equal(response.statusCode, 200, encoding)
      assert.equal(response.rawPayload.toString(), body, encoding)
      assert.equal(response.headers['content-encoding'], encoding === 'identity' ? undefined : encoding)
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable', encoding)
      assert.match(String(response.headers['content-type']), /^application\/javascript/, encoding)
    }
  })

  it('serves each built remote under /remotes/<name>/', async () => {
    const manifest = await t.app.inject({ url: '/remotes/detect/mf-manifest.json' })
    assert.equal(manifest.statusCode, 200)
    assert.deepEqual(manifest.json(), DETECT_MANIFEST)
    assert.equal(manifest.headers['cache-control'], 'no-cache')
    const entry = await t.app.inject({ url: '/remotes/detect/remoteEntry.js' })
    assert.equal(entry.headers['cache-control'], 'no-cache')
    const chunk = await t.app.inject({ url: '/remotes/detect/123.4567abcd89.js' })
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable')
  })

  it('compresses static files and API answers', async () => {
    const file = await t.app.inject({ url: '/main.0123abcd.js', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(file.headers['content-encoding'], 'gzip')
    const br = await t.app.inject({ url: '/main.0123abcd.js', headers: { 'accept-encoding': 'br' } })
    assert.equal(br.headers['content-encoding'], 'br')
    const docs = await t.app.inject({
      url: '/api/docs/json',
      headers: { ...(await t.login()).headers(false), 'accept-encoding': 'gzip' }
    })
    assert.equal(docs.headers['content-encoding'], 'gzip')
  })

  it("GET /remotes.json lists the default manifests and the builds' versions, not cached", async () => {
    const response = await t.app.inject({ url: '/remotes.json' })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['cache-control'], 'no-cache')
    assert.deepEqual(response.json(), {
      host: { name: 'host', version: '1.2.0', buildTime: '2026-01-02T03:04:05.000Z' },
      remotes: {
        detect: {
          name: 'detect',
          entry: '/remotes/detect/mf-manifest.json',
          version: '1.4.0',
          buildTime: '2026-01-01T00:00:00.000Z',
          requires: { '@console/shared': '^1.2.0' }
        },
        // Not built: nothing to report, the host still gets where to load it from.
        insights: { name: 'insights', entry: '/remotes/insights/mf-manifest.json', version: null, buildTime: null },
        threat: { name: 'threat', entry: '/remotes/threat/mf-manifest.json', version: null, buildTime: null }
      }
    })
  })

  it('serves the OpenAPI document and Swagger UI under /api/docs (to a signed-in user)', async () => {
    const signedIn = (await t.login()).headers(false)
    const spec = await t.app.inject({ url: '/api/docs/json', headers: signedIn })
    assert.equal(spec.statusCode, 200)
    const paths = Object.keys(spec.json().paths)
    for (const expected of ['/api/v1/token/', '/api/v1/token/refresh/', '/api/v1/token/profile/', '/api/v1/tenants/{tenant}/']) {
      assert.ok(paths.includes(expected), `${expected} in ${paths.join(', ')}`)
    }
    const ui = await t.app.inject({ url: '/api/docs/', headers: { ...signedIn, accept: 'text/html' } })
    assert.equal(ui.statusCode, 200)
    assert.match(ui.body, /swagger/i)
    assert.doesNotMatch(String(ui.headers['content-security-policy']), /upgrade-insecure-requests/)
  })
})

describe('remote URLs and CSP origins from the environment', () => {
  let t: TestApp
  let cdn: http.Server
  let cdnOrigin: string
  let manifestRequests = 0
  before(async () => {
    // A remote deployed on its own origin (a CDN in production).
    cdn = http.createServer((request, response) => {
      manifestRequests++
      if (request.url !== '/detect/mf-manifest.json') return void response.writeHead(404).end()
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(DETECT_MANIFEST))
    })
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve))
    cdnOrigin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`
    t = await buildTestApp({
      env: {
        REMOTE_DETECT_URL: `${cdnOrigin}/detect/mf-manifest.json`,
        REMOTE_THREAT_URL: '/static/threat/mf-manifest.json',
        CSP_EXTRA_ORIGINS: 'https://assets.example.org'
      }
    })
  })
  after(async () => {
    await t.close()
    cdn.close()
  })

  it('overrides /remotes.json entries and reads the version of a remote on another origin', async () => {
    const before = manifestRequests
    for (let i = 0; i < 2; i++) {
      const { remotes } = (await t.app.inject({ url: '/remotes.json' })).json()
      assert.deepEqual(remotes.detect, {
        name: 'detect',
        entry: `${cdnOrigin}/detect/mf-manifest.json`,
        version: '1.4.0',
        buildTime: '2026-01-01T00:00:00.000Z',
        requires: { '@console/shared': '^1.2.0' }
      })
      assert.equal(remotes.insights.entry, '/remotes/insights/mf-manifest.json')
      // A path of this origin outside /remotes/ is served by someone else: its version is unknown.
      assert.deepEqual(remotes.threat, {
        name: 'threat',
        entry: '/static/threat/mf-manifest.json',
        version: null,
        buildTime: null
      })
    }
    assert.equal(manifestRequests - before, 1, 'the remote manifest is fetched once, then cached')
  })

  it('adds the extra and remote origins to script, style and connect sources', async () => {
    const csp = String((await t.app.inject({ url: '/remotes.json' })).headers['content-security-policy'])
    for (const directive of ['script-src', 'style-src', 'connect-src']) {
      const value = csp.split(';').find((part) => part.startsWith(directive)) ?? ''
      assert.ok(value.includes('https://assets.example.org'), value)
      assert.ok(value.includes(cdnOrigin), value)
    }
  })

  it('without a built host, / is a JSON 404', async () => {
    const response = await t.app.inject({ url: '/', headers: { accept: 'text/html' } })
    assert.equal(response.statusCode, 404)
    assert.deepEqual(response.json(), { detail: 'Not found.' })
  })
})
