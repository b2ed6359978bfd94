import { compareApk } from './apk.js'
import { compareDpkg } from './dpkg.js'
import { compareRpm } from './rpm.js'
import { compareSemver } from './semver.js'

export type VersionScheme = 'dpkg' | 'apk' | 'rpm' | 'semver'
export type Compare = (a: string, b: string) => number

export const COMPARATORS: Record<VersionScheme, Compare> = {
  dpkg: compareDpkg,
  apk: compareApk,
  rpm: compareRpm,
  semver: compareSemver
}

export { compareApk, compareDpkg, compareRpm, compareSemver }
export { InvalidVersionError } from './semver.js'
