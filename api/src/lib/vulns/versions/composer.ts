import { InvalidVersionError } from './invalid.js'

/**
 * Packagist ordering, as Composer compares versions: composer/semver's VersionParser::normalize
 * (a "v" prefix dropped, four numbers: 1.0 = 1.0.0.0; stability suffixes spelled out:
 * "-b2"/"beta.2" → "-beta2", "-rc1" → "-RC1", "-pl3"/"-p3" → "-patch3"; "-dev"; date versions;
 * "1.x-dev" branches; "+metadata" dropped), then PHP's version_compare on the normalised strings
 * (dev < alpha < beta < RC < release < patch). Named branches ("dev-main") have no order and
 * throw, as does anything normalize refuses.
 */

const MODIFIER = '[._-]?(?:(stable|beta|b|RC|alpha|a|patch|pl|p)((?:[.-]?\\d+)*)?)?([.-]?dev)?'
const CLASSICAL = new RegExp(`^v?(\\d{1,5})(\\.\\d+)?(\\.\\d+)?(\\.\\d+)?${MODIFIER}$`, 'i')
const DATE = new RegExp(`^v?(\\d{4}(?:[.:-]?\\d{2}){1,6}(?:[.:-]?\\d{1,3}){0,2})${MODIFIER}$`, 'i')
const BRANCH = /^v?(\d+)(\.(?:\d+|[xX*]))?(\.(?:\d+|[xX*]))?(\.(?:\d+|[xX*]))?$/

const STABILITIES: Record<string, string> = { a: 'alpha', b: 'beta', p: 'patch', pl: 'patch', rc: 'RC' }
const expandStability = (stability: string): string => STABILITIES[stability.toLowerCase()] ?? stability.toLowerCase()

/** VersionParser::normalize for a concrete version (no constraint syntax). */
export function normalizeComposer(version: string): string {
  let text = version.trim()
  const invalid = (): never => {
    throw new InvalidVersionError(`not a Composer version: ${version}`)
  }
  if (/^dev-/i.test(text)) invalid() // a branch: Composer never orders it against versions
  const metadata = /^([^,\s+]+)\+[^\s]+$/.exec(text)
  if (metadata !== null) text = metadata[1]!

  const classical = CLASSICAL.exec(text)
  const date = classical === null ? DATE.exec(text) : null
  if (classical !== null || date !== null) {
    const m = (classical ?? date)!
    let normalized = classical !== null ? `${m[1]}${m[2] ?? '.0'}${m[3] ?? '.0'}${m[4] ?? '.0'}` : m[1]!.replace(/\D/g, '.')
    const index = classical !== null ? 5 : 2
    const stability = m[index]
    if (stability !== undefined && stability !== '') {
      if (stability === 'stable') return normalized
      normalized += `-${expandStability(stability)}${(m[index + 1] ?? '').replace(/^[.-]+/, '')}`
    }
    if (m[index + 2] !== undefined && m[index + 2] !== '') normalized += '-dev'
    return normalized
  }
  // "1.x-dev", "2.1-dev": the numeric branch, its open parts as 9999999.
  const branch = /^(.*?)[.-]?dev$/i.exec(text)
  const numeric = branch === null ? null : BRANCH.exec(branch[1]!.trim())
  if (numeric === null) return invalid()
  let normalized = ''
  for (let i = 1; i < 5; i++) normalized += numeric[i] === undefined ? '.x' : numeric[i]!.replace(/[*X]/g, 'x')
  return `${normalized.replace(/x/g, '9999999')}-dev`
}

// PHP's ext/standard/versioning.c, on the normalised strings.
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9'
const isAlnum = (c: string): boolean => isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
const SPECIAL_FORMS: Array<[string, number]> = [
  ['dev', 0],
  ['alpha', 1],
  ['a', 1],
  ['beta', 2],
  ['b', 2],
  ['RC', 3],
  ['rc', 3],
  ['#', 4],
  ['pl', 5],
  ['p', 5]
]

/** php_canonicalize_version: "-", "_", "+" and other non-alphanumerics become ".", and a "." goes between digits and letters. */
function canonicalize(version: string): string {
  let out = version[0]!
  let previous = version[0]!
  for (const c of version.slice(1)) {
    const last = out[out.length - 1]
    const digitToOther = (isDigit(previous) && !isDigit(c) && c !== '.') || (!isDigit(previous) && previous !== '.' && isDigit(c))
    if (c === '-' || c === '_' || c === '+') {
      if (last !== '.') out += '.'
    } else if (digitToOther) {
      if (last !== '.') out += '.'
      out += c
    } else if (!isAlnum(c)) {
      if (last !== '.') out += '.'
    } else {
      out += c
    }
    previous = c
  }
  return out
}

/** The rank of the special form a part starts with (PHP matches prefixes); -1 for any other. */
const formOrder = (part: string): number => SPECIAL_FORMS.find(([name]) => part.startsWith(name))?.[1] ?? -1

function comparePart(a: string, b: string): number {
  if (isDigit(a[0]) && isDigit(b[0])) {
    const x = BigInt(/^\d+/.exec(a)![0])
    const y = BigInt(/^\d+/.exec(b)![0])
    return x < y ? -1 : x > y ? 1 : 0
  }
  const x = isDigit(a[0]) ? formOrder('#N#') : formOrder(a)
  const y = isDigit(b[0]) ? formOrder('#N#') : formOrder(b)
  return Math.sign(x - y)
}

/** php_version_compare. */
export function phpVersionCompare(a: string, b: string): number {
  if (a === '' || b === '') return a === b ? 0 : a !== '' ? 1 : -1
  const v1 = a.startsWith('#') ? a : canonicalize(a)
  const v2 = b.startsWith('#') ? b : canonicalize(b)
  let p1 = 0
  let p2 = 0
  let n1: number | null = 0
  let n2: number | null = 0
  let result = 0
  while (p1 < v1.length && p2 < v2.length && n1 !== null && n2 !== null) {
    const d1 = v1.indexOf('.', p1)
    const d2 = v2.indexOf('.', p2)
    n1 = d1 < 0 ? null : d1
    n2 = d2 < 0 ? null : d2
    result = comparePart(v1.slice(p1, n1 ?? v1.length), v2.slice(p2, n2 ?? v2.length))
    if (result !== 0) break
    if (n1 !== null) p1 = n1 + 1
    if (n2 !== null) p2 = n2 + 1
  }
  if (result === 0) {
    // One side has parts left: a number makes it newer, anything else is compared with a release.
    if (n1 !== null) result = isDigit(v1[p1]) ? 1 : phpVersionCompare(v1.slice(p1), '#N#')
    else if (n2 !== null) result = isDigit(v2[p2]) ? -1 : phpVersionCompare('#N#', v2.slice(p2))
  }
  return result
}

/** Negative, 0 or positive as `a` sorts before, equal to or after `b`. */
export function compareComposer(a: string, b: string): number {
  return phpVersionCompare(normalizeComposer(a), normalizeComposer(b))
}
