import { InvalidVersionError } from './invalid.js'
import { comparePrecedence, type ParsedVersion } from './precedence.js'

/**
 * NuGet ordering (NuGet.Versioning's NuGetVersion with VersionComparer.Default): one to four
 * numbers (1.0 = 1.0.0 = 1.0.0.0, leading zeros read as numbers: 1.01 = 1.1), then release
 * labels: a release sorts after its pre-releases, labels compare one by one, numeric ones (that
 * fit an Int32) as numbers and before text ones, text ones case-insensitively (ordinal on upper
 * case), more labels after fewer; "+metadata" is ignored. Anything NuGetVersion.Parse refuses
 * ("1.2.3.4.5", "1beta", "1.0-", "1.0-beta.01") throws.
 */

const IDENTIFIER = /^[0-9A-Za-z-]+$/
const INT32_MAX = 2147483647n

function parse(version: string): ParsedVersion {
  const text = version.trim()
  const invalid = (): never => {
    throw new InvalidVersionError(`not a NuGet version: ${version}`)
  }
  const plus = text.indexOf('+')
  const main = plus < 0 ? text : text.slice(0, plus)
  if (
    plus >= 0 &&
    !text
      .slice(plus + 1)
      .split('.')
      .every((part) => IDENTIFIER.test(part))
  )
    invalid()
  const dash = main.indexOf('-')
  const core = dash < 0 ? main : main.slice(0, dash)
  if (!/^\d+(?:\.\d+){0,3}$/.test(core)) invalid()
  const numbers = core.split('.').map((n) => BigInt(n))
  if (numbers.some((n) => n > INT32_MAX)) invalid() // System.Version holds Int32 parts
  while (numbers.length < 4) numbers.push(0n)
  const labels = dash < 0 ? [] : main.slice(dash + 1).split('.')
  // Labels are alphanumerics and "-"; an all-digit label has no leading zero.
  if (labels.some((label) => !IDENTIFIER.test(label) || /^0\d+$/.test(label))) invalid()
  return { numbers, pre: labels }
}

/** Int32.TryParse, as NuGet decides whether a label is numeric. */
function int32(label: string): bigint | null {
  if (!/^-?\d+$/.test(label)) return null
  const value = BigInt(label)
  return value > INT32_MAX || value < -INT32_MAX - 1n ? null : value
}

function compareLabel(a: string, b: string): number {
  const x = int32(a)
  const y = int32(b)
  if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : 0
  if (x !== null || y !== null) return x !== null ? -1 : 1
  const ua = a.toUpperCase()
  const ub = b.toUpperCase()
  return ua < ub ? -1 : ua > ub ? 1 : 0
}

/** Negative, 0 or positive as `a` sorts before, equal to or after `b`. */
export function compareNuget(a: string, b: string): number {
  return comparePrecedence(parse(a), parse(b), compareLabel)
}
