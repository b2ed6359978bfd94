import { ecosystemKey, ecosystemScheme, feedPackageName, matchesBySource, osvEcosystem } from './ecosystems.js'
import type { FeedPackage } from './feed-match.js'

/**
 * Package URLs (https://github.com/package-url/purl-spec) as SBOMs carry them, and the feed
 * package one names. Parsed as the spec's "How to parse" says, with no per-type normalisation
 * (lower-casing an npm name would lose legacy names such as "JSONStream"); names are folded
 * only as the feed stores them (feedPackageName).
 */

export interface Purl {
  type: string
  namespace: string | null
  name: string
  version: string | null
  qualifiers: Record<string, string>
  subpath: string | null
}

const decode = (text: string): string => decodeURIComponent(text)

/** The parts of a purl, or null when the text is not one. */
export function parsePurl(text: string): Purl | null {
  try {
    let rest = text.trim()
    let subpath: string | null = null
    const hash = rest.lastIndexOf('#')
    if (hash >= 0) {
      subpath =
        rest
          .slice(hash + 1)
          .split('/')
          .filter((s) => s !== '' && s !== '.' && s !== '..')
          .map(decode)
          .join('/') || null
      rest = rest.slice(0, hash)
    }
    const qualifiers: Record<string, string> = {}
    const question = rest.lastIndexOf('?')
    if (question >= 0) {
      for (const pair of rest.slice(question + 1).split('&')) {
        const eq = pair.indexOf('=')
        if (eq <= 0) continue
        const value = decode(pair.slice(eq + 1))
        if (value !== '') qualifiers[pair.slice(0, eq).toLowerCase()] = value
      }
      rest = rest.slice(0, question)
    }
    const colon = rest.indexOf(':')
    if (colon < 0 || rest.slice(0, colon).toLowerCase() !== 'pkg') return null
    rest = rest.slice(colon + 1).replace(/^\/+|\/+$/g, '')
    const slash = rest.indexOf('/')
    if (slash <= 0) return null
    const type = rest.slice(0, slash).toLowerCase()
    if (!/^[a-z.+-][a-z0-9.+-]*$/.test(type)) return null
    rest = rest.slice(slash + 1)
    let version: string | null = null
    const at = rest.lastIndexOf('@')
    // An "@" before the last "/" is part of an npm scope (%40 unencoded), not a version.
    if (at >= 0 && at > rest.lastIndexOf('/')) {
      version = decode(rest.slice(at + 1)) || null
      rest = rest.slice(0, at)
    }
    const segments = rest
      .split('/')
      .filter((s) => s !== '')
      .map(decode)
    const name = segments.pop()
    if (name === undefined || name === '') return null
    return { type, namespace: segments.length > 0 ? segments.join('/') : null, name, version, qualifiers, subpath }
  } catch {
    // A malformed %-escape.
    return null
  }
}

/** Distribution purl types, with the ordering their distribution must use. */
const SCHEME_OF_TYPE = { deb: 'dpkg', apk: 'apk', rpm: 'rpm' } as const

/**
 * Language purl types: the OSV ecosystem and the record's package name (null when the purl
 * cannot name one). Maven records name "group:artifact", Go records the module path, Packagist
 * records "vendor/name"; feedPackageName() then folds case where the ecosystem ignores it.
 */
const LANGUAGE_TYPES: Record<string, { ecosystem: string; name: (purl: Purl) => string | null }> = {
  npm: { ecosystem: 'npm', name: (p) => (p.namespace === null ? p.name : `${p.namespace}/${p.name}`) },
  pypi: { ecosystem: 'PyPI', name: (p) => p.name },
  maven: { ecosystem: 'Maven', name: (p) => (p.namespace === null ? null : `${p.namespace}:${p.name}`) },
  golang: { ecosystem: 'Go', name: (p) => (p.namespace === null ? p.name : `${p.namespace}/${p.name}`) },
  gem: { ecosystem: 'RubyGems', name: (p) => p.name },
  nuget: { ecosystem: 'NuGet', name: (p) => p.name },
  composer: { ecosystem: 'Packagist', name: (p) => (p.namespace === null ? null : `${p.namespace}/${p.name}`) },
  cargo: { ecosystem: 'crates.io', name: (p) => p.name }
}

export const SUPPORTED_PURL_TYPES = [...Object.keys(LANGUAGE_TYPES), ...Object.keys(SCHEME_OF_TYPE)]

// purl `distro` values are "debian-12", "12.4", "alpine-3.18.4", "rhel-9.3" or a code name.
const CODE_NAMES: Record<string, Record<string, string>> = {
  debian: { jessie: '8', stretch: '9', buster: '10', bullseye: '11', bookworm: '12', trixie: '13', forky: '14' },
  ubuntu: { xenial: '16.04', bionic: '18.04', focal: '20.04', jammy: '22.04', noble: '24.04', oracular: '24.10', plucky: '25.04' }
}

/** The os-release ID and VERSION_ID a purl's namespace and `distro` qualifier name. */
function distroOf(namespace: string | null, distro: string | undefined): { id: string; version: string } | null {
  const vendor = (namespace ?? '').toLowerCase()
  // Rolling distributions have one ecosystem and no release.
  if (vendor === 'wolfi' || vendor === 'chainguard') return { id: vendor, version: '' }
  if (distro === undefined) return null
  const text = distro.trim().toLowerCase()
  const named = /^([a-z][a-z0-9-]*?)-(\d[\w.]*)$/.exec(text)
  if (named !== null) return { id: named[1]!, version: named[2]! }
  if (/^\d/.test(text)) return vendor === '' ? null : { id: vendor === 'redhat' ? 'rhel' : vendor, version: text }
  const code = /^(?:([a-z]+)-)?([a-z]+)$/.exec(text)
  const id = code?.[1] ?? vendor
  const version = code === null ? undefined : CODE_NAMES[id]?.[code[2]!]
  return version === undefined ? null : { id, version }
}

/**
 * What a component's purl is in the feed's terms, or null when the feed cannot speak for it (no
 * purl, a type without an ordering here, a distribution without OSV data, no version).
 * - `pkg:npm/%40scope/name@1.2.3` → npm, "@scope/name";
 * - `pkg:pypi/Django@4.2.1` → PyPI, "django" (PEP 503); `pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1`
 *   → Maven, "org.apache.logging.log4j:log4j-core"; `pkg:golang/golang.org/x/net@v0.17.0` → Go,
 *   "golang.org/x/net" (the version keeps its "v"); `pkg:gem/rack@2.2.8`, `pkg:nuget/Newtonsoft.Json@13.0.1`
 *   (→ "newtonsoft.json"), `pkg:composer/laravel/framework@v7.30.6`, `pkg:cargo/tokio@1.23.0`;
 * - `pkg:deb/debian/libssl3@3.0.11-1~deb12u2?distro=debian-12&upstream=openssl` → Debian:12, the
 *   source package from `upstream` (syft's `upstream=name@version` gives its version too);
 * - `pkg:apk/alpine/busybox@1.36.1-r2?distro=alpine-3.18.4` (or `distro=3.18.4`) → Alpine:v3.18, `upstream` likewise;
 * - `pkg:rpm/redhat/openssl@3.0.7-24.el9?distro=rhel-9.3&epoch=1` → Red Hat:9, version "1:3.0.7-24.el9".
 * `fallbackVersion` (the component's own `version`) serves when the purl has none.
 */
export function feedPackageOf(purl: string, fallbackVersion: string | null = null): FeedPackage | null {
  const parsed = parsePurl(purl)
  if (parsed === null) return null
  let version = parsed.version ?? fallbackVersion
  if (version === null || version.trim() === '') return null

  const language = Object.hasOwn(LANGUAGE_TYPES, parsed.type) ? LANGUAGE_TYPES[parsed.type] : undefined
  if (language !== undefined) {
    const name = language.name(parsed)
    return name === null ? null : { ecosystem: language.ecosystem, name: feedPackageName(language.ecosystem, name), version }
  }
  if (!Object.hasOwn(SCHEME_OF_TYPE, parsed.type)) return null
  const distro = distroOf(parsed.namespace, parsed.qualifiers.distro)
  const os = distro === null ? null : osvEcosystem(distro.id, distro.version)
  // A deb purl must name a dpkg distribution, an apk one an apk distribution, and so on.
  if (os === null || ecosystemScheme(os) !== SCHEME_OF_TYPE[parsed.type as keyof typeof SCHEME_OF_TYPE]) return null
  const ecosystem = ecosystemKey(os)
  let name = parsed.name
  if (matchesBySource(ecosystem) && parsed.qualifiers.upstream !== undefined) {
    const [source, sourceVersion] = parsed.qualifiers.upstream.split('@')
    if (source !== undefined && source !== '') name = source
    if (sourceVersion !== undefined && sourceVersion !== '') version = sourceVersion
  }
  const epoch = parsed.qualifiers.epoch
  if (parsed.type === 'rpm' && epoch !== undefined && /^\d+$/.test(epoch) && !version.includes(':'))
    version = `${epoch}:${version}`
  return { ecosystem, name, version }
}
