import semver from 'semver'
import { InvalidVersionError } from './invalid.js'

/**
 * SemVer 2.0 ordering (the `semver` package, as npm uses it), including pre-release precedence:
 * 1.0.0-alpha < 1.0.0-alpha.1 < 1.0.0-beta < 1.0.0-rc.1 < 1.0.0. A leading "v" (Go) is allowed.
 * Throws InvalidVersionError for anything that is not SemVer: such a range cannot be evaluated.
 */
function parse(version: string): semver.SemVer {
  const parsed = semver.parse(version.trim().replace(/^v(?=\d)/, ''))
  if (parsed === null) throw new InvalidVersionError(`not a SemVer version: ${version}`)
  return parsed
}

export function compareSemver(a: string, b: string): number {
  return parse(a).compare(parse(b))
}
