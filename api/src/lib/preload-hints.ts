import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * The `Link` preload/prefetch header of a console page behind the sign-in: the files a cold load of
 * that page runs, so the browser fetches them while main.js downloads instead of one after the
 * other (main.js, then the shell and the federation runtime, then the remote's manifest, then its
 * remoteEntry.js and page chunks). The host's build lists its own files and the routes in
 * host/dist/preload.json (shared/toolchain/preload-hints.cjs); a remote's files come from its
 * mf-manifest.json, and so do the host's files of the shared modules (MUI components) the page asks
 * the host for once its code has arrived: the manifest names the page's share keys
 * (`metaData.consoleShared`), preload.json the host's files of each (`shared`). Read on every page
 * load: a host or remote replaced in place is hinted right.
 * A missing or unreadable file only means fewer hints; the page loads as it would without them.
 */

interface HostHints {
  entry: string[]
  signedIn: string[]
  routes: Array<{ path: string; remote: string; page: string }>
  /** Share key -> the host's files its get() fetches; empty for a host built before it. */
  shared: Map<string, string[]>
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string')

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as unknown
  } catch {
    return undefined
  }
}

function hostHints(value: unknown): HostHints | undefined {
  if (!isRecord(value) || !isStrings(value.entry) || !isStrings(value.signedIn) || !Array.isArray(value.routes)) {
    return undefined
  }
  const routes = value.routes.filter(
    (route): route is HostHints['routes'][number] =>
      isRecord(route) && typeof route.path === 'string' && typeof route.remote === 'string' && typeof route.page === 'string'
  )
  const shared = new Map(
    Object.entries(isRecord(value.shared) ? value.shared : {}).filter((pair): pair is [string, string[]] => isStrings(pair[1]))
  )
  return { entry: value.entry, signedIn: value.signedIn, routes, shared }
}

/** A page manifest's path ('/devices/:uid') as react-router matches it: any case, an optional trailing slash. */
export function routePattern(route: string): RegExp {
  const segments = route
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^/${segments.join('/')}${segments.length ? '/?' : ''}$`, 'i')
}

/** The remote's entry and the page's own chunks, from its manifest, as URLs beside the manifest. */
function remoteFiles(manifest: unknown, manifestUrl: string, page: string): string[] {
  if (!isRecord(manifest) || !isRecord(manifest.metaData) || !Array.isArray(manifest.exposes)) return []
  const { metaData } = manifest
  const base =
    typeof metaData.publicPath === 'string' && metaData.publicPath !== 'auto'
      ? metaData.publicPath
      : manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1)
  const files: string[] = []
  const entry = metaData.remoteEntry
  if (isRecord(entry) && typeof entry.name === 'string') {
    const folder = typeof entry.path === 'string' && entry.path !== '' ? `${entry.path.replace(/\/$/, '')}/` : ''
    files.push(`${folder}${entry.name}`)
  }
  const expose = manifest.exposes.find((item) => isRecord(item) && item.name === page)
  const sync = isRecord(expose) && isRecord(expose.assets) && isRecord(expose.assets.js) ? expose.assets.js.sync : undefined
  if (isStrings(sync)) files.push(...sync)
  return files.map((file) => `${base}${file}`)
}

/** The share keys the page consumes, from the manifest; none from a remote built before it. */
function pageSharedKeys(manifest: unknown, page: string): string[] {
  if (!isRecord(manifest) || !isRecord(manifest.metaData) || !isRecord(manifest.metaData.consoleShared)) return []
  const keys = manifest.metaData.consoleShared[page]
  return isStrings(keys) ? keys : []
}

/** Header-safe: a URL with a quote, a bracket or a control character is left out rather than escaped. */
const linkable = (url: string) => /^[\x21-\x7e]+$/.test(url) && !/[<>,;"]/.test(url)

export function createPreloadHints(consoleRoot: string, remotes: Record<string, string>) {
  const hostDist = path.join(consoleRoot, 'host', 'dist')

  /** The manifest of a remote served from this console's own folders; one elsewhere is not waited for. */
  async function localManifest(name: string, entry: string): Promise<unknown> {
    const prefix = `/remotes/${name}/`
    if (!entry.startsWith(prefix)) return undefined
    const dist = path.join(consoleRoot, `remote-${name}`, 'dist')
    const file = path.join(dist, entry.slice(prefix.length).split(/[?#]/)[0])
    return file.startsWith(dist + path.sep) ? readJson(file) : undefined
  }

  return {
    /** The Link header for the page at `pathname`, or undefined when it is no remote's page. */
    async linkHeader(pathname: string): Promise<string | undefined> {
      const hints = hostHints(await readJson(path.join(hostDist, 'preload.json')))
      const route = hints?.routes.find((candidate) => routePattern(candidate.path).test(pathname))
      if (!hints || !route) return undefined
      const main = hints.entry.map((file) => `/${file}`).filter(linkable)
      const entry = remotes[route.remote]
      const manifest = entry ? await localManifest(route.remote, entry) : undefined
      const remote = entry ? remoteFiles(manifest, entry, route.page) : []
      // Last: the page asks for them last; a key the host does not provide names nothing.
      const shared = pageSharedKeys(manifest, route.page).flatMap((key) => hints.shared.get(key) ?? [])
      const host = (files: string[]) => files.map((file) => `/${file}`)
      const later = [...new Set([...host(hints.signedIn), ...remote, ...host(shared)])].filter(
        (url) => linkable(url) && !main.includes(url)
      )
      // main.js is preloaded (it is needed first); the chain's files are prefetched: at a low
      // priority, so they do not share a slow network with main.js, and into the HTTP cache, where
      // a failed fetch leaves nothing behind. A failed preload stays in the page: the Retry of a
      // remote that was unreachable would be handed the same failure instead of fetching again.
      const links = [
        ...main.map((url) => `<${url}>; rel=preload; as=script`),
        ...later.map((url) => `<${url}>; rel=prefetch; as=script`)
      ]
      return links.length ? links.join(', ') : undefined
    }
  }
}
