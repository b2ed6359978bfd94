/**
 * Duplicate keys in JSON text (`{"status":"OPEN","status":"CLOSED"}`). JSON.parse keeps the last
 * one silently while other parsers keep the first, so two components can read one document two
 * ways (ASVS 5.0 1.5.3, JSON interoperability); such documents are refused.
 *
 * Both functions take text that JSON.parse has ALREADY accepted, so they need not re-validate the
 * grammar: outside strings only structure, numbers and literals remain. Neither recurses.
 */

export type JsonPath = Array<string | number>

const QUOTE = 0x22
const BACKSLASH = 0x5c

/** Index of the quote closing the string that opens at `open` (escaped quotes skipped). */
function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1)
  for (;;) {
    if (end === -1) return text.length // not JSON.parse-checked text: stop rather than loop
    let backslashes = 0
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return end
    end = text.indexOf('"', end + 1)
  }
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/**
 * How many member names the text holds: strings followed by `:`. Jumps from quote to quote with
 * indexOf, so an 8 MB SBOM costs milliseconds. Compared with the keys of the parsed value, a
 * difference means a duplicate (the parser merged it), and only then is `duplicateKeys` run.
 */
export function countKeyTokens(text: string): number {
  let count = 0
  let open = text.indexOf('"')
  while (open !== -1) {
    let next = closingQuote(text, open) + 1
    while (isSpace(text.charCodeAt(next))) next++
    if (text.charCodeAt(next) === 0x3a) count++
    open = text.indexOf('"', next)
  }
  return count
}

interface Container {
  /** Keys seen so far in an object; null for an array. */
  keys: Set<string> | null
  /** The member (object) or element index (array) being read. */
  at: string | number
  expectKey: boolean
}

/** Paths of repeated keys (the second occurrence), at most `max`, in document order. */
export function duplicateKeys(text: string, max = 20): JsonPath[] {
  const found: JsonPath[] = []
  const stack: Container[] = []
  for (let i = 0; i < text.length && found.length < max; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = closingQuote(text, i)
      const top = stack[stack.length - 1]
      if (top?.keys != null && top.expectKey) {
        const raw = text.slice(i + 1, end)
        // Escapes decode first: "a" and "\u0061" are the same key.
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw
        if (top.keys.has(key)) found.push([...stack.slice(0, -1).map((frame) => frame.at), key])
        top.keys.add(key)
        top.at = key
        top.expectKey = false
      }
      i = end
    } else if (c === 0x7b) {
      // {
      stack.push({ keys: new Set(), at: '', expectKey: true })
    } else if (c === 0x5b) {
      // [
      stack.push({ keys: null, at: 0, expectKey: false })
    } else if (c === 0x7d || c === 0x5d) {
      // } ]
      stack.pop()
    } else if (c === 0x2c) {
      // ,
      const top = stack[stack.length - 1]
      if (top === undefined) continue
      if (top.keys === null) top.at = (top.at as number) + 1
      else top.expectKey = true
    }
  }
  return found
}
