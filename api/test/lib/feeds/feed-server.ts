import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import yazl from 'yazl'

/**
 * What the feed sync tests download from: a local HTTP server on 127.0.0.1 that answers like a
 * static file host (ETag / Last-Modified, 304 on a matching conditional request), with zips built
 * here from the team's real OSV records and our own KEV/EPSS fixtures. Nothing leaves the machine.
 */

/** The team's real OSV records (beside the checkout; never copied into the repository). */
export const SHARED_OSV = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  '..',
  'shared',
  'data',
  'osv'
)
export const FEED_FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'feeds')

/** Why the tests that need SHARED_OSV are skipped, or false when it is there. */
export const sharedOsvMissing = (): string | false =>
  fs.existsSync(path.join(SHARED_OSV, 'debian')) ? false : `the real OSV records are not at ${SHARED_OSV}`

export type OsvJson = Record<string, unknown> & { id: string }

/** The records of a folder of SHARED_OSV (one record per file there), by id. */
export function sharedRecords(folder: string): Map<string, OsvJson> {
  const dir = path.join(SHARED_OSV, folder)
  return new Map(
    fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as OsvJson)
      .map((record) => [record.id, record])
  )
}

/** osv.dev's all.zip layout: one `<id>.json` per record, deflated. */
export async function zipOf(records: Iterable<OsvJson>): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const record of records)
    zip.addBuffer(Buffer.from(JSON.stringify(record, null, 2)), `${record.id}.json`, { mtime: new Date('2026-11-01T00:00:00Z') })
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

export interface FeedServer {
  url: string
  /** What a path serves (undefined: 404); replacing it changes its ETag. */
  files: Map<string, Buffer>
  /** Every request: path, status sent, whether it was conditional. */
  requests: Array<{ path: string; status: number; conditional: boolean }>
  close: () => Promise<void>
}

export async function startFeedServer(): Promise<FeedServer> {
  const files = new Map<string, Buffer>()
  const requests: FeedServer['requests'] = []
  const server = http.createServer((request, response) => {
    const url = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    const body = files.get(url)
    const conditional = request.headers['if-none-match'] !== undefined
    const status = body === undefined ? 404 : request.headers['if-none-match'] === etagOf(body) ? 304 : 200
    requests.push({ path: url, status, conditional })
    if (status === 200) {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': body!.length,
        etag: etagOf(body!),
        'last-modified': 'Sun, 01 Nov 2026 00:00:00 GMT'
      })
      response.end(body)
    } else {
      response.writeHead(status)
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    files,
    requests,
    close: async () =>
      await new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

const etagOf = (body: Buffer): string => `"${createHash('sha1').update(body).digest('hex')}"`

/** A port nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
