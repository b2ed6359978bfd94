import { duplicateKeys } from '../json-duplicates.js'
import { textProblem } from '../text.js'

/**
 * Small readers for uploaded JSON documents. Each check names the JSON path and the reason, so a
 * rejected upload says exactly what to fix (`components[3].name is missing`). `null` counts as
 * absent for optional values: generators differ on writing null or leaving a key out.
 */
export class DocumentError extends Error {
  override name = 'DocumentError'
}

export type JsonObject = Record<string, unknown>

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const at = (base: string, key: string): string => (base === '' ? key : `${base}.${key}`)

export function fail(path: string, reason: string): never {
  throw new DocumentError(`${path} ${reason}`)
}

/** JSON text → value; the parser's own message says where the syntax breaks. */
export function parseJson(bytes: Uint8Array): unknown {
  return parseJsonText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'))
}

/** parseJson of text already decoded (a worker reads a big file straight into a string: no bytes held beside it). */
export function parseJsonText(text: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1) // a UTF-8 byte-order mark, as some Windows tools write
  // A regex rather than trim(): trim copies a 100 MB text that merely ends with a newline.
  if (!/\S/.test(text)) throw new DocumentError('is empty')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const message = (error as Error).message
    throw new DocumentError(`is not valid JSON (${message.length > 160 ? `${message.slice(0, 160)}…` : message})`)
  }
  // JSON.parse keeps the last of two equal keys, other SBOM tools the first (ASVS 5.0 1.5.3).
  // One iterative pass over the text: about 50 ms for the 8 MB benchmark SBOM.
  const [duplicate] = duplicateKeys(text, 1)
  if (duplicate !== undefined) {
    fail(
      duplicate.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join(''),
      'is a duplicate key'
    )
  }
  return value
}

export function asObject(value: unknown, path: string): JsonObject {
  if (!isObject(value)) fail(path, 'must be an object')
  return value
}

export function optObject(parent: JsonObject, key: string, base: string): JsonObject | null {
  const value = parent[key]
  if (value === undefined || value === null) return null
  return asObject(value, at(base, key))
}

/**
 * Every string kept passes here, so a bad character (NUL, an unpaired UTF-16 surrogate: legal JSON
 * escapes PostgreSQL cannot store) is reported at its path, not as a 500.
 */
export function storable(value: string, path: string): string {
  if (textProblem(value) !== undefined) fail(path, 'contains a NUL character or an unpaired surrogate (\\u0000, \\ud800…)')
  return value
}

export function optString(parent: JsonObject, key: string, base: string): string | null {
  const value = parent[key]
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') fail(at(base, key), 'must be a string')
  return storable(value, at(base, key))
}

export function reqString(parent: JsonObject, key: string, base: string): string {
  const value = parent[key]
  if (value === undefined || value === null) fail(at(base, key), 'is missing')
  if (typeof value !== 'string') fail(at(base, key), 'must be a string')
  return storable(value, at(base, key))
}

export function optNumber(parent: JsonObject, key: string, base: string): number | null {
  const value = parent[key]
  if (value === undefined || value === null) return null
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(at(base, key), 'must be a number')
  return value
}

export function optArray(parent: JsonObject, key: string, base: string): unknown[] {
  const value = parent[key]
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) fail(at(base, key), 'must be an array')
  return value
}

/** Each entry of an optional array, which must be an object, read by `read` with its own path (`key[i]`). */
export function optObjects<T>(parent: JsonObject, key: string, base: string, read: (entry: JsonObject, path: string) => T): T[] {
  return optArray(parent, key, base).map((item, index) => {
    const path = `${at(base, key)}[${index}]`
    return read(asObject(item, path), path)
  })
}

export function reqArray(parent: JsonObject, key: string, base: string): unknown[] {
  if (parent[key] === undefined || parent[key] === null) fail(at(base, key), 'is missing')
  return optArray(parent, key, base)
}

/** A list of strings (`profiles`, `controls`, OS versions); numbers are kept as their text. */
export function strings(list: unknown, path: string): string[] {
  if (!Array.isArray(list)) fail(path, 'must be an array')
  return list.map((item, index) => {
    if (typeof item === 'string') return storable(item, `${path}[${index}]`)
    if (typeof item === 'number' && Number.isFinite(item)) return String(item)
    return fail(`${path}[${index}]`, 'must be a string')
  })
}

export function stringList(parent: JsonObject, key: string, base: string): string[] {
  const value = parent[key]
  return value === undefined || value === null ? [] : strings(value, at(base, key))
}

export { at as joinPath }
