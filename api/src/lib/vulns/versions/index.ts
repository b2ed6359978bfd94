import { compareApk } from './apk.js'
import { compareComposer } from './composer.js'
import { compareDpkg } from './dpkg.js'
import { compareGo } from './go.js'
import { compareMaven } from './maven.js'
import { compareNuget } from './nuget.js'
import { comparePep440 } from './pep440.js'
import { compareRpm } from './rpm.js'
import { compareRubyGems } from './rubygems.js'
import { compareSemver } from './semver.js'

export type VersionScheme = 'dpkg' | 'apk' | 'rpm' | 'semver' | 'pep440' | 'maven' | 'go' | 'rubygems' | 'nuget' | 'composer'
export type Compare = (a: string, b: string) => number

export const COMPARATORS: Record<VersionScheme, Compare> = {
  dpkg: compareDpkg,
  apk: compareApk,
  rpm: compareRpm,
  semver: compareSemver,
  pep440: comparePep440,
  maven: compareMaven,
  go: compareGo,
  rubygems: compareRubyGems,
  nuget: compareNuget,
  composer: compareComposer
}

export {
  compareApk,
  compareComposer,
  compareDpkg,
  compareGo,
  compareMaven,
  compareNuget,
  comparePep440,
  compareRpm,
  compareRubyGems,
  compareSemver
}
export { InvalidVersionError } from './invalid.js'
