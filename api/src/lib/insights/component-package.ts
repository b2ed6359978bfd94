import type { FeedPackage } from '../vulns/feed-match.js'
import { matchesBySource } from '../vulns/ecosystems.js'
import { feedPackageOf, parsePurl } from '../vulns/purl.js'
import type { SbomComponent } from './cyclonedx.js'

/**
 * The feed package of an SBOM component. Debian, Ubuntu and Alpine advisories name SOURCE
 * packages (glibc, not libc6); a purl says which in its `upstream=` qualifier, but the generators
 * often say it only in their own properties:
 * - Trivy: `aquasecurity:trivy:SrcName`, with `SrcVersion`, `SrcRelease` and `SrcEpoch`
 *   (libc6 2.35-0ubuntu3.1 → SrcName glibc, SrcVersion 2.35, SrcRelease 0ubuntu3.1);
 * - Syft: `syft:metadata:source` (+ `syft:metadata:sourceVersion` when it differs) for deb,
 *   `syft:metadata:originPackage` for apk.
 * They count exactly like `upstream=`; when the purl has `upstream=` it wins (the standard field).
 */

export const TRIVY_PREFIX = 'aquasecurity:trivy:'

function property(component: SbomComponent, name: string): string | null {
  const value = component.properties.find((p) => p.name === name)?.value?.trim()
  return value === undefined || value === '' ? null : value
}

/** The source package name and version a component's properties state, or null. */
export function sourceFromProperties(component: SbomComponent): { name: string; version: string | null } | null {
  const trivy = property(component, `${TRIVY_PREFIX}SrcName`)
  if (trivy !== null) {
    const version = property(component, `${TRIVY_PREFIX}SrcVersion`)
    if (version === null) return { name: trivy, version: null }
    const release = property(component, `${TRIVY_PREFIX}SrcRelease`)
    const epoch = property(component, `${TRIVY_PREFIX}SrcEpoch`)
    // Trivy writes epoch 0 for "none"; dpkg and apk read a missing epoch as 0 anyway.
    const prefix = epoch !== null && epoch !== '0' && /^\d+$/.test(epoch) ? `${epoch}:` : ''
    return { name: trivy, version: `${prefix}${version}${release === null ? '' : `-${release}`}` }
  }
  const syft = property(component, 'syft:metadata:source') ?? property(component, 'syft:metadata:originPackage')
  if (syft === null) return null
  return { name: syft, version: property(component, 'syft:metadata:sourceVersion') }
}

/** feedPackageOf for a component: its purl, with the source package its properties name. */
export function componentFeedPackage(component: SbomComponent): FeedPackage | null {
  if (component.purl === null) return null
  const pkg = feedPackageOf(component.purl, component.version)
  if (pkg === null || !matchesBySource(pkg.ecosystem)) return pkg
  const source = sourceFromProperties(component)
  if (source === null || parsePurl(component.purl)?.qualifiers.upstream !== undefined) return pkg
  return { ...pkg, name: source.name, version: source.version ?? pkg.version }
}
