import { InvalidVersionError } from './invalid.js'

/**
 * RubyGems ordering: Gem::Version#<=> as released RubyGems (3.x) and OSV (univers' GemVersion)
 * implement it. "-" reads as ".pre."; the version splits into numbers and letter runs
 * ("1.0.b1" = 1, 0, "b", 1); trailing zeros of the numeric part and of the part from the first
 * letter on are dropped (1.0 = 1.0.0); a letter run makes a pre-release, sorting before any
 * number in its place (1.0.a < 1.0 < 1.0.1); letter runs compare byte-wise, as Ruby strings do.
 * @renovatebot/ruby-semver was not used: it compares letter runs with localeCompare ("1.0.a" <
 * "1.0.B", where Ruby says >) and numbers as JavaScript numbers (rounded past 2^53).
 */

type Segment = bigint | string

// Gem::Version::ANCHORED_VERSION_PATTERN; Ruby's \s is [ \t\r\n\f\v].
const PATTERN = /^[ \t\r\n\f\v]*([0-9]+(?:\.[0-9a-zA-Z]+)*(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?)?[ \t\r\n\f\v]*$/

function dropTrailingZeros(segments: Segment[]): Segment[] {
  let end = segments.length
  while (end > 0 && segments[end - 1] === 0n) end--
  return segments.slice(0, end)
}

/** Gem::Version#canonical_segments. */
function canonicalSegments(version: string): Segment[] {
  const match = PATTERN.exec(version)
  if (match === null) throw new InvalidVersionError(`not a RubyGems version: ${version}`)
  const text = (match[1] ?? '0').replace(/-/g, '.pre.') // an empty version is "0"
  const segments = (text.match(/[0-9]+|[a-z]+/gi) ?? []).map((s): Segment => (/^\d/.test(s) ? BigInt(s) : s))
  const firstLetters = segments.findIndex((s) => typeof s === 'string')
  const cut = firstLetters < 0 ? segments.length : firstLetters
  return [...dropTrailingZeros(segments.slice(0, cut)), ...dropTrailingZeros(segments.slice(cut))]
}

/** Negative, 0 or positive as `a` sorts before, equal to or after `b`. */
export function compareRubyGems(a: string, b: string): number {
  const x = canonicalSegments(a)
  const y = canonicalSegments(b)
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const l = x[i] ?? 0n
    const r = y[i] ?? 0n
    if (l === r) continue
    if (typeof l === 'string' && typeof r !== 'string') return -1
    if (typeof l !== 'string' && typeof r === 'string') return 1
    return l < r ? -1 : 1
  }
  return 0
}
