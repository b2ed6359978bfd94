/** A version as SemVer 2.0 precedence reads it: its numeric parts, then its pre-release identifiers. */
export interface ParsedVersion {
  numbers: readonly bigint[]
  pre: readonly string[]
}

/**
 * SemVer 2.0 precedence, which Go modules and NuGet both follow with their own identifier rule:
 * the numbers in order (both lists the same length); then a release after its pre-releases; then
 * the identifiers one by one (`compareIdentifier`); a longer list after its prefix.
 */
export function comparePrecedence(
  x: ParsedVersion,
  y: ParsedVersion,
  compareIdentifier: (a: string, b: string) => number
): number {
  for (let i = 0; i < x.numbers.length; i++) {
    if (x.numbers[i] !== y.numbers[i]) return x.numbers[i]! < y.numbers[i]! ? -1 : 1
  }
  if (x.pre.length === 0 || y.pre.length === 0) return Number(x.pre.length === 0) - Number(y.pre.length === 0)
  for (let i = 0; i < Math.min(x.pre.length, y.pre.length); i++) {
    const result = compareIdentifier(x.pre[i]!, y.pre[i]!)
    if (result !== 0) return result
  }
  return Math.sign(x.pre.length - y.pre.length)
}
