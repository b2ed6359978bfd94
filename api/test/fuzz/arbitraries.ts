import fc from 'fast-check'

/** The strings that have broken parsers, databases and JSON layers before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '💥🔥',
  'é',
  'ß',
  '\u202e\u200b',
  '\ufeff',
  '0',
  '-1',
  '1.5',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  '18446744073709551616',
  '2147483648',
  '0x10',
  'null',
  'true',
  '[]',
  '{}',
  '%',
  '%00',
  '%zz',
  '%ED%A0%80',
  '../../etc/passwd',
  '..%2f..%2f',
  '/',
  '//',
  '?',
  '#',
  '&',
  '=',
  "' OR 1=1 --",
  '"; DROP TABLE tenants; --',
  '$(id)',
  '`id`',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'CVE-2024-6387',
  'CVE-9999-99999999999',
  'pkg:npm/%40x/y@1',
  '\r\nX-Injected: 1',
  'x'.repeat(300),
  'é'.repeat(5000)
] as const

/** Short strings over all of Unicode, lone surrogates included. */
const anyText = fc.string({ unit: 'binary', maxLength: 40 })

/** Anything a client could put where a string goes. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: anyText },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String) },
  { weight: 1, arbitrary: fc.uuid() }
)

/** Any JSON value, with nasty strings and numbers at the leaves. */
export const junkJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: junkString },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, true, false, null, [], {}) },
  {
    weight: 1,
    arbitrary: fc.dictionary(junkString, fc.oneof(junkString, fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 4 })
  }
)

/** A JSON value nested `depth` levels deep (the input checks cap nesting). */
export const deepJson = fc.integer({ min: 20, max: 3000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth))

/** The parts of a JSON Schema (the OpenAPI document's) the generators read. */
export interface Schema {
  type?: string | string[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  const?: unknown
  enum?: unknown[]
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  items?: Schema
  maxItems?: number
  properties?: Record<string, Schema>
  required?: string[]
}

/** A value shaped like a JSON Schema (the OpenAPI document's), not always valid for it. */
export function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (schema === undefined || depth > 5) return junkJson
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const options = (schema.anyOf ?? schema.oneOf) as Schema[]
    return fc.oneof(...options.map((option) => fromSchema(option, depth + 1)))
  }
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 40, 80)
      const plain = fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength })
      if (schema.format === 'date-time')
        return fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          plain
        )
      if (schema.pattern === undefined) return plain
      return fc.oneof(
        { weight: 1, arbitrary: plain },
        { weight: 4, arbitrary: safeStringMatching(schema.pattern, schema.minLength ?? 0, maxLength) }
      )
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 })
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) })
    case 'object': {
      const properties = Object.entries(schema.properties ?? {})
      if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 12 }), junkJson, { maxKeys: 3 })
      const required = new Set(schema.required ?? [])
      return fc.record(Object.fromEntries(properties.map(([name, sub]) => [name, fromSchema(sub, depth + 1)])), {
        requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name))
      })
    }
    default:
      return junkJson
  }
}

/** A string matching `pattern`, repeated up to minLength (a `[...]+` pattern still matches), cut at maxLength. */
function safeStringMatching(pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  try {
    return fc
      .stringMatching(new RegExp(pattern))
      .map((s) => (s.length > 0 && s.length < minLength ? s.repeat(Math.ceil(minLength / s.length)) : s).slice(0, maxLength))
  } catch {
    return fc.string({ maxLength })
  }
}

/** Mutations of a well-formed value: a field dropped, replaced by junk, or junk added. */
export function mutated(value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      value,
      fc.nat(),
      junkString,
      junkJson,
      fc.constantFrom('drop', 'replace', 'add', 'wrap', 'none', 'none', 'none', 'none')
    )
    .map(([v, pick, key, junk, how]) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return how === 'none' ? v : junk
      const copy: Record<string, unknown> = { ...(v as Record<string, unknown>) }
      const keys = Object.keys(copy)
      const target = keys.length === 0 ? key : keys[pick % keys.length]!
      if (how === 'drop') delete copy[target]
      else if (how === 'replace') copy[target] = junk
      else if (how === 'add') copy[key] = junk
      else if (how === 'wrap') return [copy]
      return copy
    })
}

/**
 * encodeURIComponent, but a lone surrogate becomes its (invalid) three UTF-8-like bytes instead of
 * throwing: a client can send those bytes.
 */
export function encodeLoose(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('')
    } else {
      out += encodeURIComponent(char)
    }
  }
  return out
}

/** A path or query value: as is (encoded), or raw percent junk sent unencoded. */
export const urlPiece = (value: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: value.map(encodeLoose) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '%FF', '..', '%2e%2e') }
  )
