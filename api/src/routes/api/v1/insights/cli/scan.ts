import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { ScanAnswer } from '@console/contracts'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import multipart from '@fastify/multipart'
import { actorOf } from '../../../../../lib/actor.js'
import { HttpError } from '../../../../../lib/http-error.js'
import { parseJsonText } from '../../../../../lib/insights/document.js'
import { applyVex, checkVex } from '../../../../../lib/insights/vex.js'
import { INVALID_REPORT_TOKEN, SCAN_FIELDS, storeScan, type ScanField } from '../../../../../lib/insights/scan.js'
import { ScanWorkers } from '../../../../../lib/insights/scan-thread.js'
import { UploadSlots } from '../../../../../lib/upload-slots.js'
import { responses } from '../../../../../lib/schemas.js'
import { REPORT_TOKEN_KIND } from '../../../../../plugins/app/report-token.js'

export const SCAN_FILE_MAX_BYTES = 100 * 1024 * 1024
/** Beside the scan parts: a CycloneDX VEX whose analyses are applied once the scan is stored. */
const VEX_FIELD = 'vex'
const VEX_MAX_BYTES = 10 * 1024 * 1024
type UploadField = ScanField | typeof VEX_FIELD
const UPLOAD_FIELDS: readonly UploadField[] = [...SCAN_FIELDS, VEX_FIELD]
const MAX_FILES = UPLOAD_FIELDS.length
/** Two full files plus generous room for the multipart framing. */
const MAX_REQUEST_BYTES = MAX_FILES * SCAN_FILE_MAX_BYTES + 1024 * 1024
const FIELDS_HINT =
  'Send multipart/form-data with a file field sbom and/or a file field audit (and, with either, a CycloneDX VEX as the file field vex).'
/** What a refused upload is told to wait: about one big upload's time on a busy server. */
export const BUSY_RETRY_AFTER_SECONDS = 30
export const BUSY = 'The server is checking as many uploads as it allows at once; try again in a moment (see Retry-After).'

/** Busboy's limit errors, said the way the contract says them. */
function limitError(code: string | undefined): HttpError | undefined {
  switch (code) {
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(400, `At most ${MAX_FILES} files: sbom, audit and vex, each once. ${FIELDS_HINT}`)
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, `Unknown field. ${FIELDS_HINT}`)
    default:
      return undefined
  }
}

/**
 * `POST /v1/insights/cli/scan`: the scanner (or curl) uploads an SBOM and/or an audit result with
 * the report's token in `X-API-Key`. Both files are read and checked before anything is stored.
 */
export const scanRoute: FastifyPluginAsyncTypebox = async (app) => {
  // One per process: INSIGHTS_UPLOAD_CONCURRENCY uploads checked at once, INSIGHTS_UPLOAD_QUEUE waiting.
  const slots = new UploadSlots(app.config.insightsUploadConcurrency, app.config.insightsUploadQueue)
  const workers = new ScanWorkers(app.db, { keepIdle: app.config.insightsUploadConcurrency })
  app.addHook('onClose', async () => {
    await workers.close()
  })

  // Scoped to this plugin: no other route accepts multipart bodies, and this one nothing else
  // (a JSON body would otherwise be buffered by the JSON parser before the handler could refuse it).
  app.removeAllContentTypeParsers()
  await app.register(multipart, {
    limits: {
      fileSize: SCAN_FILE_MAX_BYTES,
      files: MAX_FILES,
      fields: 10,
      parts: MAX_FILES + 10,
      fieldNameSize: 100,
      headerPairs: 100
    }
  })
  // Any other body type reaches the handler (as an unread stream) for a message about this route.
  app.addContentTypeParser('*', (_request, payload, done) => {
    done(null, payload)
  })

  app.post(
    '/scan',
    {
      config: { auth: 'api-key', apiKeyKinds: [REPORT_TOKEN_KIND], unauthorizedDetail: INVALID_REPORT_TOKEN, tenant: 'caller' },
      schema: {
        tags: ['insights'],
        summary: 'Upload a scan (X-API-Key: the report token): multipart file fields sbom and/or audit, and optionally vex',
        description:
          'sbom: CycloneDX JSON, specVersion 1.2 to 1.7. audit: the audit-result JSON (rules, results, profile_scores). ' +
          'At most 100 MB per file. The content is checked, not the MIME type; a bad file is a 400 that names the field and ' +
          'the reason, and nothing is stored. A good part replaces the previous part of the same kind. ' +
          'A server checking as many uploads as it allows (and with its queue full) answers 503 with Retry-After. ' +
          "vex (with sbom and/or audit, at most 10 MB): a CycloneDX VEX whose analyses become the console's, applied after the scan is stored " +
          '(as POST …/reports/{uid}/sbom/vex/ does; bad entries are refused by index in the answer).',
        response: responses({ 200: ScanAnswer }, 400, 401, 403, 413, 415, 503)
      }
    },
    async (request, reply) => {
      const encoding = request.headers['content-encoding']
      if (!request.isMultipart() || (encoding !== undefined && encoding !== 'identity')) {
        void reply.header('connection', 'close')
        throw new HttpError(415, `Unsupported content type. ${FIELDS_HINT}`)
      }
      // @fastify/multipart reads the raw request itself (the app's bodyLimit does not apply): busboy
      // enforces the per-file, file-count and field-count limits; a declared length over two full
      // files is refused before reading anything.
      if (Number(request.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) {
        void reply.header('connection', 'close')
        throw new HttpError(413, `The upload is larger than ${MAX_FILES} files of ${SCAN_FILE_MAX_BYTES / 1024 / 1024} MB.`)
      }
      // A slot before reading the body: a waiting upload stays in the client's socket, not in memory or on disk.
      const release = await slots.acquire()
      if (release === null) {
        // No Connection: close here: Node reads the unread body to its end and discards it, so a
        // client still sending sees this answer rather than a reset connection.
        throw new HttpError(503, BUSY, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) })
      }
      const dir = await mkdtemp(join(tmpdir(), 'console-scan-'))
      try {
        const { vex: vexPath, ...files } = await receiveFiles(request.parts(), dir, reply)
        // Checked before anything is stored, like the other parts; small (VEX_MAX_BYTES), so read here.
        const vex = vexPath === undefined ? undefined : await readVex(vexPath)
        // Parsed, checked, analysed against the console's OSV feed and compressed on a worker thread;
        // only the columns to store come back.
        const scan = await workers.run(files)
        // The report token's tenant (the guard's 'caller') and the report it stands for.
        const answer = await storeScan(app.db, request.tenantUid, request.apiKey!.id, scan, {
          retention: app.config.insightsScanRetention
        })
        if (vex === undefined) return answer
        // After the scan: its refs resolve against the SBOM just stored.
        return { ...answer, vex: await applyVex(app.db, request.tenantUid, request.apiKey!.id, vex, actorOf(request)) }
      } finally {
        release()
        await rm(dir, { recursive: true, force: true })
      }
    }
  )
}

/** The vex part as JSON, or 400 saying what is wrong with it. */
async function readVex(path: string): Promise<unknown> {
  if ((await stat(path)).size > VEX_MAX_BYTES)
    throw new HttpError(413, `vex: file is larger than ${VEX_MAX_BYTES / 1024 / 1024} MB.`)
  let document: unknown
  try {
    document = parseJsonText(await readFile(path, 'utf8'))
  } catch (error) {
    throw new HttpError(400, `vex: ${(error as Error).message}`)
  }
  checkVex(document)
  return document
}

type Parts = AsyncIterable<{ type: 'file' | 'field'; fieldname: string; file?: NodeJS.ReadableStream & { truncated?: boolean } }>

/** Streams each file part to `dir` (never whole in memory); a bad body is a 4xx and closes the connection. */
async function receiveFiles(
  parts: Parts,
  dir: string,
  reply: { header: (name: string, value: string) => unknown }
): Promise<Partial<Record<UploadField, string>>> {
  const files: Partial<Record<UploadField, string>> = {}
  try {
    for await (const part of parts) {
      const field = part.fieldname as UploadField
      if (part.type !== 'file' && UPLOAD_FIELDS.includes(field)) {
        // curl -F "sbom=<bom.json" sends the content as a text field (cut at 1 MB by the parser).
        throw new HttpError(
          400,
          `${field}: send it as a file field (curl -F ${field}=@${field === 'sbom' ? 'bom' : field}.json), not a text field.`
        )
      }
      if (part.type !== 'file' || !UPLOAD_FIELDS.includes(field)) {
        throw new HttpError(400, `Unknown field "${part.fieldname.slice(0, 100)}". ${FIELDS_HINT}`)
      }
      if (files[field] !== undefined) throw new HttpError(400, `${field}: sent more than once.`)
      const path = join(dir, `${field}.json`)
      await pipeline(part.file!, createWriteStream(path))
      if (part.file!.truncated === true)
        throw new HttpError(413, `${field}: file is larger than ${SCAN_FILE_MAX_BYTES / 1024 / 1024} MB.`)
      files[field] = path
    }
  } catch (error) {
    void reply.header('connection', 'close')
    if (error instanceof HttpError) throw error
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(
        413,
        `${(error as { part?: { fieldname?: string } }).part?.fieldname ?? 'file'}: file is larger than ${SCAN_FILE_MAX_BYTES / 1024 / 1024} MB.`
      )
    }
    // Everything else here comes from reading the client's body: busboy's parse errors (no
    // boundary, a truncated part, a bad header) or the limits. Never a 500.
    throw (
      limitError((error as { code?: string }).code) ??
      new HttpError(400, `The multipart body is malformed (${String((error as Error).message).slice(0, 120)}). ${FIELDS_HINT}`)
    )
  }
  if (files.sbom === undefined && files.audit === undefined) {
    throw new HttpError(
      400,
      files.vex === undefined
        ? `No file uploaded. ${FIELDS_HINT}`
        : "vex: send it with the scan (sbom and/or audit); to apply a VEX alone, POST it to the report's sbom/vex/ route or use Upload VEX on its SBOM tab."
    )
  }
  return files
}
