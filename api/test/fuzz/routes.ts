import { gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { deepJson, fromSchema, junkJson, junkString, mutated, urlPiece, type Schema } from './arbitraries.js'
import { alertBody, ndjsonBody, scanParts, type ScanPart } from './documents.js'
import type { FuzzWorld } from './world.js'

export interface Operation {
  method: string
  /** OpenAPI path, e.g. /api/v1/tenants/{tenant}/devices/{uid}/ */
  path: string
  parameters: Array<{ in: string; name: string; schema?: Schema }>
  /** The JSON body schema, when the document has one. */
  body?: Schema
}

/** How a route's body is made when its OpenAPI schema does not describe it (or not well enough). */
export type BodyKind = 'none' | 'ndjson' | 'alerts' | 'scan'

export interface RouteSpec {
  body?: BodyKind
  /** The route ends or rotates the session it is sent: each run signs in afresh. */
  freshSession?: boolean
  /** Not fuzzed, and why. */
  skip?: string
}

/**
 * Routes whose body the document does not give as a JSON schema. Every other route is fuzzed from
 * its schema alone; an unsafe route with neither a schema nor an entry here fails the suite, so a
 * new upload or ingest route gets a generator before it ships.
 */
export const ROUTE_SPECS: Record<string, RouteSpec> = {
  'POST /api/v1/token/refresh/': { body: 'none', freshSession: true },
  'POST /api/v1/token/logout/': { body: 'none', freshSession: true },
  'POST /api/v1/honeypot/events/': { body: 'ndjson' },
  'POST /api/v1/tenants/{tenant}/alerts/ingest/': { body: 'alerts' },
  'POST /api/v1/tenants/{tenant}/summaries/': { body: 'none' },
  'POST /api/v1/insights/cli/scan': { body: 'scan' }
}

export const routeKey = (operation: Operation): string => `${operation.method} ${operation.path}`

/** The parts of an OpenAPI operation the fuzzer reads. */
interface OpenApiOperation {
  parameters?: Operation['parameters']
  requestBody?: { content?: Record<string, { schema?: Schema }> }
}

export function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema
    }))
  )
}

/** Why a route cannot be fuzzed as it stands, or undefined. */
export function missingGenerator(operation: Operation): string | undefined {
  const spec = ROUTE_SPECS[routeKey(operation)]
  if (spec?.skip !== undefined) return undefined
  if (['POST', 'PUT', 'PATCH'].includes(operation.method) && operation.body === undefined && spec?.body === undefined) {
    return `${routeKey(operation)}: no JSON body schema in the OpenAPI document and no body generator in ROUTE_SPECS`
  }
  return undefined
}

export interface FuzzBody {
  contentType?: string
  encoding?: string
  payload?: string | Buffer
}

const BIG_BODY = `{"name":"${'x'.repeat(1024 * 1024 + 10)}"}`

/** Bodies that are wrong for any route. */
const junkBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  {
    weight: 15,
    arbitrary: junkJson.map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' }))
  },
  { weight: 5, arbitrary: junkString.map((payload) => ({ contentType: 'application/json', payload })) },
  { weight: 5, arbitrary: deepJson.map((payload) => ({ contentType: 'application/json', payload })) },
  {
    weight: 5,
    arbitrary: fc
      .constantFrom(
        '{"name":"a","name":"b"}',
        '{"a":1}{"b":2}',
        '\ufeff{}',
        '{"__proto__":{"x":1}}',
        '[' + '1,'.repeat(5000) + '1]'
      )
      .map((payload) => ({ contentType: 'application/json', payload }))
  },
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'multipart/form-data',
          'application/json; charset=latin1',
          'application/json; charset=utf-16',
          ''
        ),
        junkString
      )
      .map(([contentType, payload]) => ({ contentType, payload }))
  },
  {
    weight: 5,
    arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ contentType: 'application/json', payload: Buffer.from(bytes) }))
  },
  {
    weight: 5,
    arbitrary: fc
      .constantFrom('gzip', 'deflate', 'br', 'identity, gzip', 'x-unknown')
      .map((encoding) => ({ contentType: 'application/json', encoding, payload: '{"a":1}' }))
  },
  { weight: 5, arbitrary: fc.constant({}) },
  // Rare: over the 1 MB body limit.
  { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', payload: BIG_BODY }) }
)

function multipartBody(parts: ScanPart[], truncated: boolean): FuzzBody {
  const boundary = '----fuzzboundary7MA4YWxkTrZu0gW'
  const chunks = parts.map((part) => {
    const disposition = part.asText
      ? `form-data; name="${part.field}"`
      : `form-data; name="${part.field}"; filename="${part.field}.json"`
    return `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/json\r\n\r\n${part.content}\r\n`
  })
  const payload = chunks.join('') + (truncated ? '' : `--${boundary}--\r\n`)
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from(payload, 'utf8') }
}

function bodyArbitrary(operation: Operation, spec: RouteSpec, ids: fc.Arbitrary<string>): fc.Arbitrary<FuzzBody> {
  const json = (value: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> =>
    value.map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null' }))
  switch (spec.body ?? (operation.body === undefined ? 'none' : undefined)) {
    case 'none':
      return fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: junkBody })
    case 'ndjson':
      return fc.oneof(
        {
          weight: 5,
          arbitrary: fc
            .tuple(
              ndjsonBody,
              fc.constantFrom('application/x-ndjson', 'application/jsonl', 'text/plain', 'application/x-ndjson; charset=utf-8')
            )
            .map(([payload, contentType]) => ({ contentType, payload }))
        },
        {
          weight: 1,
          arbitrary: ndjsonBody.map((text) => ({
            contentType: 'application/x-ndjson',
            encoding: 'gzip',
            payload: gzipSync(text)
          }))
        },
        {
          weight: 1,
          arbitrary: fc
            .uint8Array({ maxLength: 64 })
            .map((bytes) => ({ contentType: 'application/x-ndjson', encoding: 'gzip', payload: Buffer.from(bytes) }))
        },
        { weight: 1, arbitrary: junkBody }
      )
    case 'alerts':
      return fc.oneof({ weight: 5, arbitrary: json(alertBody(ids)) }, { weight: 1, arbitrary: junkBody })
    case 'scan':
      return fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .tuple(scanParts, fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }))
            .map(([parts, truncated]) => multipartBody(parts, truncated))
        },
        { weight: 1, arbitrary: junkBody }
      )
    default:
      return fc.oneof({ weight: 5, arbitrary: json(mutated(fromSchema(operation.body))) }, { weight: 2, arbitrary: junkBody })
  }
}

/**
 * A path parameter: a real uid of either tenant (mostly of the collection the URL names before
 * it, e.g. devices/{uid}), a shared id, an enum value, or junk.
 */
function paramArbitrary(
  name: string,
  collection: string,
  schema: Schema | undefined,
  world: FuzzWorld,
  unsafe: boolean
): fc.Arbitrary<string> {
  // DELETE and PATCH never get the uids behind tenant A's credentials (a revoke would end the run's coverage).
  const usable = (ids: string[] = []) => (unsafe ? ids.filter((id) => !world.fragileA.has(id)) : ids)
  const options: Array<fc.WeightedArbitrary<string>> = [{ weight: 2, arbitrary: junkString }]
  const pool = (weight: number, ids: string[] = []) => {
    if (ids.length > 0) options.push({ weight, arbitrary: fc.constantFrom(...ids) })
  }
  if (name === 'tenant') {
    options.push({ weight: 6, arbitrary: fc.constant(world.tenantA) }, { weight: 2, arbitrary: fc.constant(world.tenantB) })
  } else {
    pool(6, usable(world.idsA[collection]))
    // The object behind a credential (the device of the device credential...): its own routes.
    pool(4, usable((world.idsA[collection] ?? []).filter((id) => world.fragileA.has(id))))
    pool(3, world.idsB[collection])
    pool(3, world.sharedIds[collection])
    pool(1, usable(world.idsA.all))
    pool(1, world.idsB.all)
    pool(1, Object.values(world.sharedIds).flat())
  }
  const values = enumValues(schema)
  if (values.length > 0) options.push({ weight: 8, arbitrary: fc.constantFrom(...values) })
  return fc.oneof(...options)
}

function enumValues(schema: Schema | undefined): string[] {
  if (schema === undefined) return []
  if (Array.isArray(schema.enum)) return schema.enum as string[]
  if (typeof schema.const === 'string') return [schema.const]
  return (schema.anyOf ?? schema.oneOf ?? []).flatMap(enumValues)
}

/** A query string: some of the route's own parameters (valid or junk), unknown ones, repeats. */
function queryArbitrary(operation: Operation, ids: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const known = operation.parameters.filter((p) => p.in === 'query')
  const value = (schema?: Schema): fc.Arbitrary<string> =>
    fc.oneof(
      { weight: 4, arbitrary: fromSchema(schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) },
      { weight: 3, arbitrary: junkString },
      { weight: 1, arbitrary: ids },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '-1',
          '0',
          '1',
          '20',
          '200',
          '201',
          '999999999',
          '1000000000',
          '00000000001',
          '1.5',
          '1e3',
          ' 1'
        )
      }
    )
  const pair = fc.oneof(
    ...(known.length === 0
      ? []
      : [
          {
            weight: 4,
            arbitrary: fc.constantFrom(...known).chain((p) => fc.tuple(urlPiece(fc.constant(p.name)), urlPiece(value(p.schema))))
          }
        ]),
    {
      weight: 1,
      arbitrary: fc.tuple(
        urlPiece(
          fc.oneof(junkString, fc.constantFrom('a[b]', 'a[]', '__proto__', 'constructor[prototype][x]', 'ordering', 'limit'))
        ),
        urlPiece(value())
      )
    }
  )
  return fc.oneof(
    { weight: known.length === 0 ? 3 : 1, arbitrary: fc.constant('') },
    {
      weight: 2,
      arbitrary: fc
        .array(pair, { minLength: 1, maxLength: 4 })
        .map((pairs) => `?${pairs.map(([name, v]) => `${name}=${v}`).join('&')}`)
    }
  )
}

export interface FuzzRequest {
  method: string
  url: string
  body: FuzzBody
  csrf: boolean
}

export function requestArbitrary(operation: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const spec = ROUTE_SPECS[routeKey(operation)] ?? {}
  // PUT (an agent's own inventory) ends no credential; DELETE and PATCH (revoke, disable) can.
  const unsafe = operation.method === 'DELETE' || operation.method === 'PATCH'
  const ids = fc.constantFrom(
    ...world.idsA.all!.filter((id) => !unsafe || !world.fragileA.has(id)),
    ...world.idsB.all!,
    ...Object.values(world.sharedIds).flat()
  )
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!)
  const schemaOf = (name: string) => operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema
  const collectionOf = (name: string) => new RegExp(`([^/]+)/\\{${name}\\}`).exec(operation.path)?.[1] ?? ''
  const path = fc
    .tuple(...names.map((name) => urlPiece(paramArbitrary(name, collectionOf(name), schemaOf(name), world, unsafe))))
    .map((values) => names.reduce((url, name, i) => url.replace(`{${name}}`, values[i] ?? ''), operation.path))
  return fc.record({
    method: fc.constant(operation.method),
    url: fc.tuple(path, queryArbitrary(operation, ids)).map(([p, q]) => p + q),
    body: bodyArbitrary(operation, spec, ids),
    csrf: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) })
  })
}
