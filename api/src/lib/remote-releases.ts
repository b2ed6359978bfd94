import type { RemoteRelease, Remotes } from '@console/contracts'
import fs from 'node:fs/promises'
import path from 'node:path'
import { MemoCache } from './memo-cache.js'

/**
 * Version and build time of the running host and of every remote, for /remotes.json: the host's
 * from the build-info.json its build writes, a remote's from `metaData.console` of its
 * mf-manifest.json (shared/toolchain/release.cjs writes both).
 */
export type Release = Remotes['host']

/** A manifest on another origin is fetched at most once per this long. */
const REMOTE_TTL_MS = 30_000
const FETCH_TIMEOUT_MS = 2_000

const unknown = (name: string): Release => ({ name, version: null, buildTime: null })

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

function readRelease(name: string, info: unknown): Release & { requires?: Record<string, string> } {
  if (!isRecord(info)) return unknown(name)
  const requires =
    isRecord(info.requires) && Object.values(info.requires).every((range) => typeof range === 'string')
      ? (info.requires as Record<string, string>)
      : undefined
  return { name, version: stringOrNull(info.version), buildTime: stringOrNull(info.buildTime), ...(requires && { requires }) }
}

async function readJsonFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as unknown
  } catch {
    return undefined
  }
}

async function fetchJson(url: string): Promise<unknown> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
    return response.ok ? ((await response.json()) as unknown) : undefined
  } catch {
    return undefined
  }
}

export function createReleaseReader(consoleRoot: string) {
  const fetched = new MemoCache<{ manifest: unknown }>({ ttlMs: REMOTE_TTL_MS, maxEntries: 16 })

  /** The manifest at `entry`: a file of the console's own build, or fetched from another origin. */
  async function manifest(name: string, entry: string): Promise<unknown> {
    const ownPrefix = `/remotes/${name}/`
    if (entry.startsWith(ownPrefix)) {
      const dist = path.join(consoleRoot, `remote-${name}`, 'dist')
      const file = path.join(dist, entry.slice(ownPrefix.length).split(/[?#]/)[0])
      return file.startsWith(dist + path.sep) ? readJsonFile(file) : undefined
    }
    if (!/^https?:\/\//.test(entry)) return undefined // another path of this origin: served by a proxy, unknown here
    // Failures are cached too: a remote CDN that is down must not slow down every page load.
    return (await fetched.resolve(entry, async () => ({ manifest: await fetchJson(entry) })))?.manifest
  }

  return {
    async host(): Promise<Release> {
      return readRelease('host', await readJsonFile(path.join(consoleRoot, 'host', 'dist', 'build-info.json')))
    },
    async remote(name: string, entry: string): Promise<RemoteRelease> {
      const found = await manifest(name, entry)
      const metaData = isRecord(found) && isRecord(found.metaData) ? found.metaData : {}
      return { ...readRelease(name, metaData.console), entry }
    }
  }
}
