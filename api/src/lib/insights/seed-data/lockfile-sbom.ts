import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'

/**
 * The console's own npm dependency tree, read from the repository's pnpm-lock.yaml (lockfile
 * format 9) and written as a CycloneDX 1.6 SBOM: the demo "application" report shows our own
 * software, not someone else's SBOM. One component per locked package (`pkg:npm` purl as its
 * bom-ref), one per workspace package, and the dependency graph the lockfile records. The lockfile
 * holds no licences, so none are written.
 */

interface LockedDependency {
  specifier?: string
  version: string
}
interface Importer {
  dependencies?: Record<string, LockedDependency>
  devDependencies?: Record<string, LockedDependency>
  optionalDependencies?: Record<string, LockedDependency>
}
interface Snapshot {
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}
interface Lockfile {
  lockfileVersion?: string
  importers?: Record<string, Importer>
  packages?: Record<string, unknown>
  snapshots?: Record<string, Snapshot>
}

export const LOCKFILE_SBOM_TOOL = 'console-lockfile-sbom'

/** "@babel/core@7.29.13(supports-color@8.1.1)" → name "@babel/core", version "7.29.13" (peer suffix dropped). */
export function splitKey(key: string): { name: string; version: string } {
  const bare = key.replace(/\(.*$/, '')
  const at = bare.lastIndexOf('@')
  if (at <= 0) return { name: bare, version: '' }
  return { name: bare.slice(0, at), version: bare.slice(at + 1) }
}

/** pkg:npm purl of a package: the scope is the namespace, "@" written %40 (purl spec). */
export function npmPurl(name: string, version: string): string {
  const slash = name.startsWith('@') ? name.indexOf('/') : -1
  const namespace = slash > 0 ? `${encodeURIComponent(name.slice(0, slash))}/` : ''
  const local = slash > 0 ? name.slice(slash + 1) : name
  return `pkg:npm/${namespace}${encodeURIComponent(local)}@${encodeURIComponent(version)}`
}

const workspaceRef = (importer: string): string => `workspace:${importer}`

/** A workspace package's name from its package.json (the importer path when it cannot be read). */
function workspaceName(root: string, importer: string): { name: string; version: string | null } {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, importer, 'package.json'), 'utf8')) as {
      name?: unknown
      version?: unknown
    }
    return {
      name: typeof manifest.name === 'string' ? manifest.name : importer,
      version: typeof manifest.version === 'string' ? manifest.version : null
    }
  } catch {
    return { name: importer, version: null }
  }
}

/**
 * The SBOM of the repository whose pnpm-lock.yaml is `lockfile`, as JSON bytes; undefined when
 * there is no such file (a deployment without the repository) or it is not a format-9 lockfile.
 */
export function lockfileSbom(lockfile: string, { now = new Date() }: { now?: Date } = {}): Uint8Array | undefined {
  let text: string
  try {
    text = fs.readFileSync(lockfile, 'utf8')
  } catch {
    return undefined
  }
  // Keys of a lockfile are unique; not checking them halves the parse time of a large one.
  const lock = parse(text, { uniqueKeys: false }) as Lockfile | null
  if (
    lock === null ||
    typeof lock !== 'object' ||
    !String(lock.lockfileVersion ?? '').startsWith('9.') ||
    lock.packages === undefined
  )
    return undefined
  const root = path.dirname(lockfile)
  const rootManifest = workspaceName(root, '.')

  const components: Array<Record<string, unknown>> = []
  for (const key of Object.keys(lock.packages).sort()) {
    const { name, version } = splitKey(key)
    if (version === '') continue
    const slash = name.startsWith('@') ? name.indexOf('/') : -1
    const purl = npmPurl(name, version)
    components.push({
      type: 'library',
      'bom-ref': purl,
      ...(slash > 0 ? { group: name.slice(0, slash), name: name.slice(slash + 1) } : { name }),
      version,
      purl
    })
  }
  const known = new Set(components.map((c) => c['bom-ref'] as string))

  // A locked version names a package: a version, an alias ("string-width@4.2.3" under another
  // name) or "link:../shared", a workspace package.
  const refOf = (importer: string, name: string, version: string): string | null => {
    if (version.startsWith('link:'))
      return workspaceRef(path.posix.normalize(path.posix.join(importer, version.slice('link:'.length))))
    const bare = version.replace(/\(.*$/, '')
    const target = bare.lastIndexOf('@') > 0 ? splitKey(bare) : { name, version: bare }
    const ref = npmPurl(target.name, target.version)
    return known.has(ref) ? ref : null
  }
  const edges = new Map<string, Set<string>>()
  const link = (from: string, to: string | null): void => {
    if (to === null || to === from) return
    edges.set(from, (edges.get(from) ?? new Set()).add(to))
  }

  const importers = Object.entries(lock.importers ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  for (const [importer, deps] of importers) {
    const from = importer === '.' ? 'root' : workspaceRef(importer)
    if (importer !== '.') {
      const { name, version } = workspaceName(root, importer)
      components.push({
        type: 'application',
        'bom-ref': from,
        name,
        ...(version === null ? {} : { version }),
        description: `Workspace package in ${importer}/`
      })
      link('root', from)
    }
    for (const group of [deps.dependencies, deps.devDependencies, deps.optionalDependencies]) {
      for (const [name, locked] of Object.entries(group ?? {})) link(from, refOf(importer, name, locked.version))
    }
  }
  for (const [key, snapshot] of Object.entries(lock.snapshots ?? {})) {
    const { name, version } = splitKey(key)
    const from = npmPurl(name, version)
    if (!known.has(from)) continue
    for (const group of [snapshot.dependencies, snapshot.optionalDependencies]) {
      for (const [dependency, locked] of Object.entries(group ?? {})) link(from, refOf('.', dependency, locked))
    }
  }

  const bom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    version: 1,
    metadata: {
      timestamp: now.toISOString(),
      tools: {
        components: [
          {
            type: 'application',
            name: LOCKFILE_SBOM_TOOL,
            version: '1.0.0',
            description: 'The console demo seed: pnpm-lock.yaml written as CycloneDX'
          }
        ]
      },
      component: {
        type: 'application',
        'bom-ref': 'root',
        name: rootManifest.name,
        ...(rootManifest.version === null ? {} : { version: rootManifest.version })
      }
    },
    components,
    dependencies: [...edges]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([ref, to]) => ({ ref, dependsOn: [...to].sort() }))
  }
  return Buffer.from(JSON.stringify(bom))
}
