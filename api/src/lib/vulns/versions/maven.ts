import { InvalidVersionError } from './invalid.js'

/**
 * Maven ordering: a port of Maven 3's ComparableVersion (maven-artifact), the ordering OSV
 * evaluates Maven ranges with. The version is split at "." and "-" and at every digit/letter
 * transition (which acts like "-"); a "-" or a transition opens a sub-list. Numbers compare as
 * numbers; qualifiers as alpha = a < beta = b < milestone = m < rc = cr < snapshot <
 * "" = ga = final = release < sp < any other (lexically), case-insensitive; a number is newer
 * than a qualifier or a sub-list, a sub-list newer than a qualifier. Trailing "null" items (0,
 * "", ga, final) are dropped from every list, so 1 = 1.0 = 1.0.0 = 1-ga and 2.13.2 < 2.13.2.1.
 * Includes MNG-6964 (1-0.alpha < 1), not Maven 3.9's MNG-7644 change (2-1 < 2.0.a stays).
 */

type Item = { kind: 'number'; value: bigint } | { kind: 'string'; value: string } | { kind: 'list'; items: Item[] }

const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp']
const ALIASES: Record<string, string> = { ga: '', final: '', release: '', cr: 'rc' }
const SHORT: Record<string, string> = { a: 'alpha', b: 'beta', m: 'milestone' }
const RELEASE = String(QUALIFIERS.indexOf(''))

const isDigit = (c: string): boolean => c >= '0' && c <= '9'
const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0)
const lexical = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Known qualifiers by rank, unknown ones after them in lexical order (Maven's comparableQualifier). */
function rank(qualifier: string): string {
  const i = QUALIFIERS.indexOf(qualifier)
  return i === -1 ? `${QUALIFIERS.length}-${qualifier}` : String(i)
}

function qualifier(text: string, followedByDigit: boolean): Item {
  const value = followedByDigit && text.length === 1 ? (SHORT[text] ?? text) : text
  return { kind: 'string', value: ALIASES[value] ?? value }
}

const parseItem = (digits: boolean, text: string): Item =>
  digits ? { kind: 'number', value: BigInt(text) } : qualifier(text, false)

function isNull(item: Item): boolean {
  if (item.kind === 'number') return item.value === 0n
  if (item.kind === 'string') return rank(item.value) === RELEASE
  return item.items.length === 0
}

/** Drops trailing null items, looking past the sub-lists that end the list. */
function normalize(list: Item[]): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const item = list[i]!
    if (isNull(item)) list.splice(i, 1)
    else if (item.kind !== 'list') break
  }
}

/** Real versions have a handful ("1.0-beta-2-SNAPSHOT" has 3). */
const MAX_SUBLISTS = 64

function parse(version: string): Item[] {
  const text = version.trim().toLowerCase()
  if (text === '' || /[\s\p{Cc}]/u.test(text)) throw new InvalidVersionError(`not a Maven version: ${JSON.stringify(version)}`)
  const root: Item[] = []
  const stack: Item[][] = [root]
  let list = root
  let digits = false
  let start = 0
  const open = (): void => {
    // compareItem recurses once per sub-list: "1-1-1-…" from an SBOM must not overflow the stack.
    if (stack.length > MAX_SUBLISTS) throw new InvalidVersionError(`not a Maven version: more than ${MAX_SUBLISTS} sub-lists`)
    const sub: Item[] = []
    list.push({ kind: 'list', items: sub })
    list = sub
    stack.push(sub)
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '.' || c === '-') {
      list.push(i === start ? { kind: 'number', value: 0n } : parseItem(digits, text.slice(start, i)))
      start = i + 1
      if (c === '-') open()
    } else if (isDigit(c)) {
      if (!digits && i > start) {
        list.push(qualifier(text.slice(start, i), true))
        start = i
        open()
      }
      digits = true
    } else {
      if (digits && i > start) {
        list.push(parseItem(true, text.slice(start, i)))
        start = i
        open()
      }
      digits = false
    }
  }
  if (text.length > start) list.push(parseItem(digits, text.slice(start)))
  for (const sub of stack.reverse()) normalize(sub)
  return root
}

/** Item.compareTo(other) of ComparableVersion; null stands for "nothing there" (padding). */
function compareItem(item: Item, other: Item | null): number {
  switch (item.kind) {
    case 'number':
      if (other === null) return item.value === 0n ? 0 : 1
      if (other.kind === 'number') return item.value < other.value ? -1 : item.value > other.value ? 1 : 0
      return 1 // 1.1 > 1-sp, 1.1 > 1-1
    case 'string':
      if (other === null) return lexical(rank(item.value), RELEASE) // 1-rc < 1 < 1-sp
      if (other.kind === 'string') return lexical(rank(item.value), rank(other.value))
      return -1 // 1.any < 1.1, 1.any < 1-1
    case 'list':
      if (other === null) {
        // MNG-6964: the whole list decides, not its first item.
        for (const inner of item.items) {
          const result = compareItem(inner, null)
          if (result !== 0) return result
        }
        return 0
      }
      if (other.kind === 'number') return -1 // 1-1 < 1.0.x
      if (other.kind === 'string') return 1 // 1-1 > 1-sp
      return compareLists(item.items, other.items)
  }
}

function compareLists(left: Item[], right: Item[]): number {
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const l = left[i] ?? null
    const r = right[i] ?? null
    const result = l === null ? (r === null ? 0 : -compareItem(r, null)) : compareItem(l, r)
    if (result !== 0) return sign(result)
  }
  return 0
}

/** Negative, 0 or positive as `a` sorts before, equal to or after `b`. */
export function compareMaven(a: string, b: string): number {
  return compareLists(parse(a), parse(b))
}
