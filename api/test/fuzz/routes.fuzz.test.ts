import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, describe, it } from 'node:test'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import fc from 'fast-check'
import {
  missingGenerator,
  operationsOf,
  requestArbitrary,
  ROUTE_SPECS,
  routeKey,
  type FuzzRequest,
  type Operation
} from './routes.js'
import { hashPassword } from '../../src/lib/password.js'
import { buildFuzzWorld, CREDENTIALS, type Credential } from './world.js'

/**
 * Issue 11: every route of the OpenAPI document, with every kind of credential, gets generated
 * path parameters, query strings and bodies (schema-shaped, mutated, junk; NDJSON, alert and
 * scanner documents where those go). No answer may be a 5xx, take over 2 s, or show anything of
 * tenant B (its uids, secrets and marker-named data) to anyone else.
 *
 * Seeded and bounded: FUZZ_SEED (default below) and FUZZ_RUNS (runs per route and credential).
 * A failure prints the line that replays it: FUZZ_ROUTE and FUZZ_CREDENTIAL pick the one
 * property, FUZZ_PATH the counterexample fast-check found. The app's data changes as the suite
 * runs, so a replay of one route sees a slightly different database; the request printed beside it
 * is the thing to try by hand.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1111)
const RUNS = Number(process.env.FUZZ_RUNS ?? 10)
const ONLY_ROUTE = process.env.FUZZ_ROUTE
const ONLY_CREDENTIAL = process.env.FUZZ_CREDENTIAL
const REPLAY_PATH = process.env.FUZZ_PATH
/** The responsiveness bound of the issue, per request, far above a normal answer's few ms. */
const SLOW_MS = 2000

/**
 * How long a fixed piece of work takes now: one password hash (the scrypt a login runs, on the
 * thread pool) and a fixed loop on this thread (the share PGlite and the routes need). The bound
 * applies to the route's own cost, so an answer that is slow twice is judged against how much
 * slower this work runs now than when the pass began: on 2 cores with the browser tests beside
 * it, a login's scrypt alone can take 15 times its quiet ~150 ms.
 */
async function machineWorkMs(): Promise<number> {
  const started = performance.now()
  await hashPassword('fuzz-calibration')
  let x = 0
  for (let i = 0; i < 20_000_000; i++) x = (x * 31 + i) % 1_000_003
  if (x < 0) throw new Error('unreachable')
  return performance.now() - started
}
/** The quickest of three at the start: the machine at its least loaded. */
const quietWorkMs = Math.min(await machineWorkMs(), await machineWorkMs(), await machineWorkMs())

console.log(`route fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}${ONLY_ROUTE === undefined ? '' : ` FUZZ_ROUTE='${ONLY_ROUTE}'`}`)

/** One seed per (route, credential): a replay of one property needs none of the others. */
const seedFor = (key: string, credential: Credential): number =>
  createHash('sha256').update(`${SEED}|${key}|${credential}`).digest().readInt32LE(0)

const world = await buildFuzzWorld()
const operations = operationsOf(world.t.app.swagger() as unknown as Parameters<typeof operationsOf>[0])

function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload
  try {
    switch (response.headers['content-encoding']) {
      case 'gzip':
        return gunzipSync(raw).toString('utf8')
      case 'br':
        return brotliDecompressSync(raw).toString('utf8')
      case 'deflate':
        return inflateSync(raw).toString('utf8')
      default:
        return raw.toString('utf8')
    }
  } catch {
    return raw.toString('utf8')
  }
}

const describeRequest = (request: FuzzRequest): string => {
  const body = request.body.payload === undefined ? '' : Buffer.from(request.body.payload).toString('utf8')
  return (
    `${request.method} ${request.url} content-type=${JSON.stringify(request.body.contentType)}` +
    `${request.body.encoding === undefined ? '' : ` content-encoding=${request.body.encoding}`} csrf=${request.csrf}` +
    ` body(${body.length})=${JSON.stringify(body.slice(0, 400))}`
  )
}

/** What is wrong with one answer, or an empty list. */
function problemsOf(request: FuzzRequest, response: LightMyRequestResponse, ms: number, slowMs = SLOW_MS): string[] {
  const problems: string[] = []
  if (response.statusCode >= 500) problems.push(`status ${response.statusCode}: ${response.body.slice(0, 300)}`)
  if (ms > slowMs) {
    const load =
      slowMs === SLOW_MS ? '' : `: ${SLOW_MS} ms with the machine ${(slowMs / SLOW_MS).toFixed(1)}× slower than at the start`
    problems.push(`answered in ${Math.round(ms)} ms (over ${Math.round(slowMs)}${load}), sent twice`)
  }
  // A uid the request itself carried may be echoed ("no device <uid>"); anything else of B's is a leak.
  const sent = request.url + (request.body.payload === undefined ? '' : Buffer.from(request.body.payload).toString('utf8'))
  const answer = decoded(response) + JSON.stringify(response.headers)
  const leaked = world.secretsB.filter((secret) => answer.includes(secret) && !sent.includes(secret))
  if (leaked.length > 0) problems.push(`tenant B's data in the answer (${leaked.join(', ')}): ${response.body.slice(0, 300)}`)
  return problems
}

async function timedAnswer(
  operation: Operation,
  credential: Credential,
  request: FuzzRequest
): Promise<{ response: LightMyRequestResponse; ms: number }> {
  const spec = ROUTE_SPECS[routeKey(operation)] ?? {}
  const headers: Record<string, string> = await world.headers(credential, {
    csrf: request.csrf,
    freshSession: spec.freshSession === true
  })
  if (request.body.contentType !== undefined) headers['content-type'] = request.body.contentType
  if (request.body.encoding !== undefined) headers['content-encoding'] = request.body.encoding
  const started = performance.now()
  const response = await world.t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    ...(request.body.payload === undefined ? {} : { payload: request.body.payload })
  })
  return { response, ms: performance.now() - started }
}

async function send(operation: Operation, credential: Credential, request: FuzzRequest): Promise<void> {
  const first = await timedAnswer(operation, credential, request)
  // A slow answer is judged on a second sending: other work on the machine (the browser tests run
  // beside this pass) can stall one answer; a request that makes the route do too much is slow twice.
  // Slow twice, it is held to the bound scaled by how loaded the machine is right then.
  const problems = problemsOf(request, first.response, first.ms > SLOW_MS ? 0 : first.ms)
  if (first.ms > SLOW_MS) {
    const again = await timedAnswer(operation, credential, request)
    const slowdown = again.ms > SLOW_MS ? Math.max(1, (await machineWorkMs()) / quietWorkMs) : 1
    problems.push(...problemsOf(request, again.response, again.ms, SLOW_MS * slowdown))
  }
  if (problems.length > 0) throw new Error(problems.join('\n'))
}

describe('route fuzzing (issue 11): no 5xx, no answer over 2 s, no cross-tenant read', () => {
  after(async () => {
    await world.t.close()
  })

  it('every route in the OpenAPI document has a generator, and every ROUTE_SPECS entry a route', () => {
    assert.ok(operations.length > 40, `the document lists the routes (${operations.length})`)
    assert.deepEqual(
      operations.map(missingGenerator).filter((reason) => reason !== undefined),
      []
    )
    const keys = new Set(operations.map(routeKey))
    assert.deepEqual(
      Object.keys(ROUTE_SPECS).filter((key) => !keys.has(key)),
      [],
      'ROUTE_SPECS names routes the document does not have'
    )
  })

  for (const operation of operations) {
    const key = routeKey(operation)
    if (ONLY_ROUTE !== undefined && ONLY_ROUTE !== key) continue
    const skip = ROUTE_SPECS[key]?.skip
    it(key, { skip }, async () => {
      const failures: string[] = []
      for (const credential of CREDENTIALS) {
        if (ONLY_CREDENTIAL !== undefined && ONLY_CREDENTIAL !== credential) continue
        const seed = seedFor(key, credential)
        const details = await fc.check(
          fc.asyncProperty(requestArbitrary(operation, world), (request) => send(operation, credential, request)),
          { seed, numRuns: RUNS, ...(REPLAY_PATH === undefined ? {} : { path: REPLAY_PATH }) }
        )
        if (details.failed) {
          const [request] = details.counterexample ?? []
          failures.push(
            [
              `${key} with ${credential}: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
              `  request: ${request === undefined ? '?' : describeRequest(request)}`,
              `  replay: FUZZ_SEED=${SEED} FUZZ_ROUTE='${key}' FUZZ_CREDENTIAL='${credential}' FUZZ_PATH='${details.counterexamplePath}' node test/run.mjs test/fuzz/routes.fuzz.test.ts`
            ].join('\n')
          )
        }
        await world.ensureSession()
      }
      assert.equal(failures.length, 0, `\n${failures.join('\n\n')}`)
    })
  }
})
