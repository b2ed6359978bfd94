import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { buildTestApp, OTHER_PASSWORD, type Session, type TestApp } from '../../../../helpers.js'
import { sharedData, TEST_SBOM } from '../../../../shared-data.js'

export const REPORTS = '/api/v1/insights/reports/'
export const SCAN = '/api/v1/insights/cli/scan'

const jsonFiles = (folder: string): string[] =>
  fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()

/** Our own SBOMs (fixtures/test-sbom), by file name. */
export const testSboms = (): string[] => jsonFiles(TEST_SBOM)
export const readTestSbom = (file: string): Buffer => fs.readFileSync(path.join(TEST_SBOM, file))

/** The real SBOMs made by other tools (../shared/data/sbom; callers skip when it is absent). */
export const sharedSboms = (): string[] => jsonFiles(sharedData('sbom'))
export const readSharedSbom = (file: string): Buffer => fs.readFileSync(sharedData('sbom', file))

export interface UploadFile {
  field: string
  content: Buffer | string
  /** Sent as the part's Content-Type; the server must not care. */
  type?: string
  filename?: string
}

/** A multipart/form-data body exactly as curl -F or a browser would send it. */
export async function multipart(
  files: UploadFile[],
  fields: Record<string, string> = {}
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData()
  for (const file of files) {
    form.append(
      file.field,
      new Blob([file.content], { type: file.type ?? 'application/octet-stream' }),
      file.filename ?? `${file.field}.json`
    )
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! }
}

export interface InsightsApp extends TestApp {
  demo: Session
  other: Session
  get: (url: string, session?: Session, headers?: Record<string, string>) => Promise<LightMyRequestResponse>
  send: (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    session?: Session
  ) => Promise<LightMyRequestResponse>
  /** Creates a report as the demo user (or another session) and returns it. */
  create: (
    name?: string,
    session?: Session,
    assessmentType?: string
  ) => Promise<{ uid: string; token: string; [key: string]: unknown }>
  upload: (token: string | undefined, files: UploadFile[], fields?: Record<string, string>) => Promise<LightMyRequestResponse>
  /** The stored SBOM as the client sees it after decompression, and the raw response. */
  sbom: (uid: string, session?: Session) => Promise<{ response: LightMyRequestResponse; json: unknown; text: string }>
}

export async function buildInsightsApp(
  options: { insights?: boolean; env?: Record<string, string>; onDisk?: boolean } = {}
): Promise<InsightsApp> {
  const t = await buildTestApp({ insights: options.insights ?? false, env: options.env ?? {}, onDisk: options.onDisk ?? false })
  const demo = await t.login()
  const other = await t.login('other@example.com', OTHER_PASSWORD)
  const get: InsightsApp['get'] = (url, session = demo, headers = {}) =>
    t.app.inject({ url, headers: { ...session.headers(false), ...headers } })
  const send: InsightsApp['send'] = (method, url, payload, session = demo) =>
    t.app.inject({
      method,
      url,
      headers: session.headers(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> })
    })
  return {
    ...t,
    demo,
    other,
    get,
    send,
    create: async (name = 'Gateway', session = demo, assessmentType = 'system') => {
      const response = await send('POST', REPORTS, { name, assessment_type: assessmentType }, session)
      assert.equal(response.statusCode, 201, response.body)
      return response.json()
    },
    upload: async (token, files, fields = {}) => {
      const { payload, contentType } = await multipart(files, fields)
      return await t.app.inject({
        method: 'POST',
        url: SCAN,
        headers: { 'content-type': contentType, ...(token === undefined ? {} : { 'x-api-key': token }) },
        payload
      })
    },
    sbom: async (uid, session = demo) => {
      const response = await get(`${REPORTS}${uid}/sbom`, session, { 'accept-encoding': 'gzip' })
      const text =
        response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload).toString('utf8') : response.body
      return { response, text, json: response.statusCode === 200 ? JSON.parse(text) : response.json() }
    }
  }
}

/**
 * A CycloneDX 1.6 BOM of `count` npm components, as terse as real generators write them (about
 * 125 bytes each: 800,000 make the 100 MB of the largest uploads). Written straight into bytes, so
 * the test's own heap holds no big string whose collection would pause the loop it measures.
 */
export function bigSbom(count: number): Buffer {
  const head =
    '{"bomFormat":"CycloneDX","specVersion":"1.6","serialNumber":"urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79",' +
    '"metadata":{"component":{"type":"application","name":"big-app","version":"1.0.0"}},"components":['
  const out = Buffer.allocUnsafe(head.length + count * 160 + 8)
  let at = out.write(head)
  for (let i = 0; i < count; i++) {
    const name = `pkg-${i % 5000}-${i}`
    const version = `${i % 13}.${i % 31}.${i % 7}`
    at += out.write(
      `${i === 0 ? '' : ','}{"type":"library","bom-ref":"${name}@${version}","name":"${name}","version":"${version}","purl":"pkg:npm/${name}@${version}"}`,
      at
    )
  }
  at += out.write(']}\n', at)
  return out.subarray(0, at)
}
