import { FAMILIES, type Family } from '../../seed-data/platforms.js'

/**
 * Small root file systems for the demo's "system" reports, written by us: an os-release and a
 * package database, the two things console-scan reads to write its SBOM. The packages are the
 * demo platform families' own (binary → source, the version the release shipped), so the demo
 * catalogue's ladders for that release apply to them and only them, exactly as on the demo
 * devices. No file here is copied from a real machine.
 */

/** Relative path → file content. */
export type FileTree = Record<string, string>

const familyOf = (key: string): Family => {
  const family = FAMILIES.find((f) => f.key === key)
  if (family === undefined) throw new Error(`no demo platform family ${key}`)
  return family
}

/** Each binary package whose source the family ships, at the source's shipped version. */
const installed = (family: Family): Array<{ name: string; source: string; version: string }> =>
  family.binaries.flatMap(([name, source]) => {
    const version = family.sources[source]
    return version === undefined ? [] : [{ name, source, version }]
  })

/**
 * A Debian 12 web server as installed from its image and never updated: every package at the
 * version bookworm shipped. dpkg's status file, one stanza per package (`Source:` only when it
 * differs from the package name, as dpkg writes it).
 */
export function debianServerTree(): FileTree {
  const status = installed(familyOf('debian12'))
    .map(({ name, source, version }) =>
      [
        `Package: ${name}`,
        'Status: install ok installed',
        'Priority: optional',
        'Architecture: amd64',
        ...(source === name ? [] : [`Source: ${source}`]),
        `Version: ${version}`,
        `Description: ${name} (demo system tree)`,
        ''
      ].join('\n')
    )
    .join('\n')
  return {
    'etc/os-release': [
      'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"',
      'NAME="Debian GNU/Linux"',
      'VERSION_ID="12"',
      'VERSION="12 (bookworm)"',
      'VERSION_CODENAME=bookworm',
      'ID=debian',
      'HOME_URL="https://www.debian.org/"',
      ''
    ].join('\n'),
    'etc/hostname': 'shop-web-01\n',
    'var/lib/dpkg/status': status
  }
}

/** Licences (apk `L:`) of the Alpine sources whose APKBUILD we are sure of; the rest have none. */
const ALPINE_LICENSES: Record<string, string> = {
  musl: 'MIT',
  busybox: 'GPL-2.0-only',
  zlib: 'Zlib',
  openssl: 'Apache-2.0',
  curl: 'curl',
  expat: 'MIT',
  libxml2: 'MIT',
  bash: 'GPL-3.0-or-later',
  'apk-tools': 'GPL-2.0-only',
  sqlite: 'blessing'
}

/** An Alpine 3.18 edge gateway, likewise as shipped: apk's installed database (`o:` names the origin, its source). */
export function alpineGatewayTree(): FileTree {
  const database = installed(familyOf('alpine318'))
    .map(({ name, source, version }) =>
      [
        `P:${name}`,
        `V:${version}`,
        'A:x86_64',
        `T:${name} (demo system tree)`,
        ...(ALPINE_LICENSES[source] === undefined ? [] : [`L:${ALPINE_LICENSES[source]}`]),
        `o:${source}`,
        ''
      ].join('\n')
    )
    .join('\n')
  return {
    'etc/os-release': [
      'NAME="Alpine Linux"',
      'ID=alpine',
      'VERSION_ID=3.18.6',
      'PRETTY_NAME="Alpine Linux v3.18"',
      'HOME_URL="https://alpinelinux.org/"',
      ''
    ].join('\n'),
    'etc/hostname': 'iso-edge-gw-01\n',
    'lib/apk/db/installed': database
  }
}
