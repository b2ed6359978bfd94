import { InvalidVersionError } from './invalid.js'
import { comparePrecedence, type ParsedVersion } from './precedence.js'

/**
 * Go module ordering, as golang.org/x/mod/semver: SemVer 2.0 precedence with the "v1" and "v1.2"
 * shorthands (= v1.0.0, v1.2.0), build metadata ignored (v2.0.0+incompatible = v2.0.0), and
 * pseudo-versions ordered as the pre-releases they are (v0.0.0-20191109021931-daa7c04131f5 <
 * v0.0.1; v1.2.4-0.20191109021931-daa7c04131f5 between v1.2.3 and v1.2.4). The "v" is optional:
 * OSV's Go ranges write 0.17.0 where go.mod and purls write v0.17.0. Leading zeros in the
 * numeric core ("19.03.0", Docker's calendar versions as GitHub's advisories write them) are
 * read as numbers; Go itself never produces such a version, so no real one sorts differently.
 */

const IDENT = '[0-9A-Za-z-]+'
const VERSION = new RegExp(
  `^v?(\\d+)(?:\\.(\\d+)(?:\\.(\\d+)(?:-(${IDENT}(?:\\.${IDENT})*))?(?:\\+${IDENT}(?:\\.${IDENT})*)?)?)?$`
)
const isNumeric = (ident: string): boolean => /^\d+$/.test(ident)

function parse(version: string): ParsedVersion {
  const match = VERSION.exec(version.trim())
  const pre = match?.[4]?.split('.') ?? []
  // SemVer: a numeric pre-release identifier has no leading zero.
  if (match === null || pre.some((ident) => isNumeric(ident) && ident.length > 1 && ident.startsWith('0'))) {
    throw new InvalidVersionError(`not a Go module version: ${version}`)
  }
  return { numbers: [BigInt(match[1]!), BigInt(match[2] ?? 0), BigInt(match[3] ?? 0)], pre }
}

function compareIdent(a: string, b: string): number {
  const an = isNumeric(a)
  const bn = isNumeric(b)
  if (an && bn) return Number(BigInt(a) > BigInt(b)) - Number(BigInt(a) < BigInt(b))
  if (an !== bn) return an ? -1 : 1 // numeric identifiers sort first
  return a < b ? -1 : a > b ? 1 : 0 // ASCII order
}

/** Negative, 0 or positive as `a` sorts before, equal to or after `b` (semver.Compare). */
export function compareGo(a: string, b: string): number {
  return comparePrecedence(parse(a), parse(b), compareIdent)
}
