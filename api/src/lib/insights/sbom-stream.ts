import { closeSync, openSync, readSync } from 'node:fs'
import { duplicateKeys } from '../json-duplicates.js'
import {
  normaliseComponentEntry,
  normaliseDependencyEntry,
  normaliseSbom,
  normaliseVulnerabilityEntry,
  type SbomComponent,
  type SbomDependency,
  type SbomDocument,
  type SbomVulnerability
} from './cyclonedx.js'

/**
 * Reads an uploaded CycloneDX file from disk a megabyte at a time, so neither its whole text nor
 * its whole parsed tree is ever held: each entry of the top-level arrays is cut out of the bytes,
 * parsed with JSON.parse, checked for duplicate keys and normalised (or dropped, for lists the
 * console does not keep), then let go. The result is what parseJsonText + normaliseSbom give.
 *
 * Only a good BOM is read this way. At the first thing amiss (bad syntax, a duplicate key, a
 * fault normaliseSbom refuses, a shape this reader does not follow) it returns null and the caller
 * reads the file the whole-text way, which names the fault exactly as before and in the same order.
 */
export function readSbomStreamed(path: string): SbomDocument | null {
  const fd = openSync(path, 'r')
  try {
    return readBom(new ByteReader(fd))
  } catch {
    return null
  } finally {
    closeSync(fd)
  }
}

const CHUNK = 1 << 20
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a

/** The whole-text way will say what is wrong. */
class NotPlain extends Error {}
const notPlain = (): never => {
  throw new NotPlain()
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
const isEnd = (c: number): boolean => c === COMMA || c === 0x5d || c === 0x7d || c === -1 || isSpace(c)

/** A file's bytes by offset, keeping in memory only those from `mark` on (the value being read). */
class ByteReader {
  /** Offset from which bytes must stay readable; only ever moves forward. */
  mark = 0
  private buf = Buffer.allocUnsafe(CHUNK)
  private view = this.buf.subarray(0, 0)
  /** File offset of buf[0], and just past the last byte read. */
  private base = 0
  private end = 0
  private eof = false

  constructor(private readonly fd: number) {}

  /** The byte at `offset`, or -1 past the end of the file. */
  at(offset: number): number {
    while (offset >= this.end) if (!this.fill()) return -1
    return this.view[offset - this.base]!
  }

  /** Offset of the next `byte` from `offset` on, or -1. */
  find(byte: number, offset: number): number {
    for (;;) {
      const found = offset < this.end ? this.view.indexOf(byte, offset - this.base) : -1
      if (found !== -1) return found + this.base
      offset = Math.max(offset, this.end)
      if (!this.fill()) return -1
    }
  }

  text(from: number, to: number): string {
    return this.buf.toString('utf8', from - this.base, to - this.base)
  }

  private fill(): boolean {
    if (this.eof) return false
    const kept = this.end - this.mark
    // A value longer than the buffer (a big metadata object) makes it grow; entries are small.
    const target = kept + CHUNK > this.buf.length ? Buffer.allocUnsafe(Math.max(this.buf.length * 2, kept + CHUNK)) : this.buf
    this.buf.copy(target, 0, this.mark - this.base, this.end - this.base)
    this.buf = target
    this.base = this.mark
    const read = readSync(this.fd, target, kept, target.length - kept, null)
    if (read === 0) this.eof = true
    this.end += read
    this.view = target.subarray(0, this.end - this.base)
    return read > 0
  }
}

function skipSpace(reader: ByteReader, offset: number): number {
  while (isSpace(reader.at(offset))) offset++
  return offset
}

/** Offset just past the string opening at `open`. */
function stringEnd(reader: ByteReader, open: number): number {
  let close = reader.find(QUOTE, open + 1)
  for (;;) {
    if (close === -1) return notPlain()
    let backslashes = 0
    while (close - 1 - backslashes > open && reader.at(close - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return close + 1
    close = reader.find(QUOTE, close + 1)
  }
}

/** Offset just past the value starting at `start` (its grammar is JSON.parse's to check). */
function valueEnd(reader: ByteReader, start: number): number {
  const first = reader.at(start)
  if (first === QUOTE) return stringEnd(reader, start)
  if (first !== 0x7b && first !== 0x5b) {
    let end = start
    while (!isEnd(reader.at(end))) end++
    return end > start ? end : notPlain()
  }
  let depth = 0
  for (let at = start; ; at++) {
    const c = reader.at(at)
    if (c === QUOTE) at = stringEnd(reader, at) - 1
    else if (c === 0x7b || c === 0x5b) depth++
    else if (c === 0x7d || c === 0x5d) {
      if (--depth === 0) return at + 1
    } else if (c === -1) notPlain()
  }
}

/** The value at `start`, parsed as JSON.parse would parse it within the whole text. */
function parseValue(reader: ByteReader, start: number): { value: unknown; end: number } {
  reader.mark = start
  const end = valueEnd(reader, start)
  const text = reader.text(start, end)
  const value: unknown = JSON.parse(text)
  if (typeof value === 'object' && value !== null && duplicateKeys(text, 1).length > 0) notPlain()
  return { value, end }
}

/** Each entry of the array opening at `start`, in order; the offset past its `]`. */
function eachEntry(reader: ByteReader, start: number, use: (item: unknown, index: number) => void): number {
  let at = skipSpace(reader, start + 1)
  if (reader.at(at) === 0x5d) return at + 1
  for (let index = 0; ; index++) {
    const { value, end } = parseValue(reader, at)
    use(value, index)
    at = skipSpace(reader, end)
    const c = reader.at(at)
    if (c === 0x5d) return at + 1
    if (c !== COMMA) notPlain()
    at = skipSpace(reader, at + 1)
  }
}

/** The members normaliseSbom reads besides the two lists; other members are checked, then dropped. */
const KEPT = new Set(['bomFormat', 'specVersion', 'serialNumber', 'metadata'])

function readBom(reader: ByteReader): SbomDocument {
  // A UTF-8 byte-order mark, skipped as parseJsonText skips it.
  let at = reader.at(0) === 0xef && reader.at(1) === 0xbb && reader.at(2) === 0xbf ? 3 : 0
  at = skipSpace(reader, at)
  if (reader.at(at) !== 0x7b) notPlain()
  const root: Record<string, unknown> = {}
  const keys = new Set<string>()
  const components: SbomComponent[] = []
  const vulnerabilities: SbomVulnerability[] = []
  const dependencies: SbomDependency[] = []
  const lists: Record<string, (item: unknown, index: number) => void> = {
    components: (item, index) => {
      normaliseComponentEntry(item, index, components)
    },
    vulnerabilities: (item, index) => {
      vulnerabilities.push(normaliseVulnerabilityEntry(item, index))
    },
    dependencies: (item, index) => {
      dependencies.push(normaliseDependencyEntry(item, index))
    }
  }
  at = skipSpace(reader, at + 1)
  if (reader.at(at) === 0x7d) at++
  else {
    for (;;) {
      if (reader.at(at) !== QUOTE) notPlain()
      reader.mark = at
      const keyEnd = stringEnd(reader, at)
      const key = JSON.parse(reader.text(at, keyEnd)) as string
      if (keys.has(key)) notPlain()
      keys.add(key)
      at = skipSpace(reader, keyEnd)
      if (reader.at(at) !== COLON) notPlain()
      at = skipSpace(reader, at + 1)
      const kept = KEPT.has(key)
      if (!kept && reader.at(at) === 0x5b) {
        at = eachEntry(reader, at, Object.hasOwn(lists, key) ? lists[key]! : () => {})
      } else {
        const { value, end } = parseValue(reader, at)
        // Defined, not assigned: a "__proto__" member is a plain key to JSON.parse too.
        if (kept || Object.hasOwn(lists, key))
          Object.defineProperty(root, key, { value, enumerable: true, writable: true, configurable: true })
        at = end
      }
      at = skipSpace(reader, at)
      const c = reader.at(at)
      if (c === 0x7d) {
        at++
        break
      }
      if (c !== COMMA) notPlain()
      at = skipSpace(reader, at + 1)
    }
  }
  if (reader.at(skipSpace(reader, at)) !== -1) notPlain()
  return normaliseSbom(root, { normalised: { components, vulnerabilities, dependencies } })
}
