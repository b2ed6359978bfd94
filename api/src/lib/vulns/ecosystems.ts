import { COMPARATORS, type Compare, type VersionScheme } from './versions/index.js'

/**
 * OSV ecosystems: which version ordering each uses, which package name it matches on, the key
 * both sides are stored under, and the ecosystem of a reported operating system.
 */

/** The comparator of an ecosystem, picked by the part before the first ":". */
const SCHEMES: Record<string, VersionScheme> = {
  Debian: 'dpkg',
  Ubuntu: 'dpkg',
  Alpine: 'apk',
  Wolfi: 'apk',
  Chainguard: 'apk',
  'Red Hat': 'rpm',
  'Rocky Linux': 'rpm',
  AlmaLinux: 'rpm',
  SUSE: 'rpm',
  openSUSE: 'rpm',
  Mageia: 'rpm',
  openEuler: 'rpm',
  'Azure Linux': 'rpm',
  npm: 'semver',
  'crates.io': 'semver',
  PyPI: 'pep440',
  Maven: 'maven',
  Go: 'go',
  RubyGems: 'rubygems',
  NuGet: 'nuget',
  Packagist: 'composer'
}

/** Distributions whose OSV records name SOURCE packages (openssl, not libssl3). */
const BY_SOURCE = new Set(['Debian', 'Ubuntu', 'Alpine'])

export const ecosystemBase = (ecosystem: string): string => ecosystem.split(':')[0]!.trim()

/** The version ordering of an ecosystem, or undefined when there is none here (Hex, Pub...). */
export const ecosystemScheme = (ecosystem: string): VersionScheme | undefined => SCHEMES[ecosystemBase(ecosystem)]

export function ecosystemComparator(ecosystem: string): Compare | undefined {
  const scheme = ecosystemScheme(ecosystem)
  return scheme === undefined ? undefined : COMPARATORS[scheme]
}

export const matchesBySource = (ecosystem: string): boolean => BY_SOURCE.has(ecosystemBase(ecosystem))

/**
 * The name a package is stored and matched under, the same for a record and for a query. PyPI
 * names as PEP 503 normalises them ("Django", "django"; "zope.interface" = "zope-interface");
 * NuGet ids and Packagist names ignore case ("Newtonsoft.Json", "jQuery"/"jquery" in GitHub's
 * records); every other ecosystem as written (Maven, Go and RubyGems names are case-sensitive).
 */
export function feedPackageName(ecosystem: string, name: string): string {
  switch (ecosystemBase(ecosystem)) {
    case 'PyPI':
      return name.toLowerCase().replace(/[-_.]+/g, '-')
    case 'NuGet':
    case 'Packagist':
      return name.toLowerCase()
    default:
      return name
  }
}

const isLts = (year: number, month: string): boolean => year % 2 === 0 && month === '04'

/**
 * The key an ecosystem is stored and matched under. Mostly the OSV string itself; Red Hat's
 * per-product strings ("Red Hat:enterprise_linux:9::baseos", "Red Hat:rhel_eus:9.4::appstream")
 * become "Red Hat:9", and an Ubuntu LTS release gets its ":LTS" suffix however it was written.
 */
export function ecosystemKey(ecosystem: string): string {
  const text = ecosystem.trim()
  const redHat = /^Red Hat:(?:enterprise_linux|rhel_[a-z0-9]+):(\d+)(?:[.:]|$)/.exec(text)
  if (redHat !== null) return `Red Hat:${redHat[1]}`
  const ubuntu = /^Ubuntu:(\d{2})\.(\d{2})$/.exec(text)
  if (ubuntu !== null && isLts(Number(ubuntu[1]), ubuntu[2]!)) return `${text}:LTS`
  return text
}

/**
 * The OSV ecosystem of a reported OS (os-release ID and VERSION_ID), e.g. ('debian', '12') →
 * 'Debian:12', ('ubuntu', '22.04') → 'Ubuntu:22.04:LTS', ('alpine', '3.18.4') → 'Alpine:v3.18',
 * ('rhel', '9.3') → 'Red Hat:9'; null when there is no OSV feed for it.
 */
export function osvEcosystem(platformId: string, versionId: string): string | null {
  const id = platformId.trim().toLowerCase()
  const version = versionId.trim()
  const major = /^(\d+)/.exec(version)?.[1]
  const majorMinor = /^(\d+)\.(\d+)/.exec(version)
  switch (id) {
    case 'debian':
      if (major === undefined) return null
      // Before Debian 7 the releases were numbered "6.0", "5.0"... and OSV keeps that.
      return Number(major) < 7 ? `Debian:${Number(major)}.0` : `Debian:${Number(major)}`
    case 'ubuntu': {
      const release = /^(\d{2})\.(\d{2})/.exec(version)
      if (release === null) return null
      return `Ubuntu:${release[1]}.${release[2]}${isLts(Number(release[1]), release[2]!) ? ':LTS' : ''}`
    }
    case 'alpine':
      return majorMinor === null ? null : `Alpine:v${Number(majorMinor[1])}.${Number(majorMinor[2])}`
    case 'rhel':
      return major === undefined ? null : `Red Hat:${Number(major)}`
    case 'rocky':
      return major === undefined ? null : `Rocky Linux:${Number(major)}`
    case 'almalinux':
      return major === undefined ? null : `AlmaLinux:${Number(major)}`
    case 'mageia':
      return major === undefined ? null : `Mageia:${Number(major)}`
    case 'opensuse-leap':
      return majorMinor === null ? null : `openSUSE:Leap ${Number(majorMinor[1])}.${Number(majorMinor[2])}`
    case 'wolfi':
      return 'Wolfi'
    case 'chainguard':
      return 'Chainguard'
    default:
      return null
  }
}
