import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')

/** The repository's real OSV records (fixtures/osv, copied unchanged; see its README). */
export const OSV_FIXTURES = path.join(REPOSITORY, 'fixtures', 'osv')

/**
 * The shared real OSV records beside the repository (../shared/data/osv, see its README): GitHub
 * advisories for Maven, PyPI, Go, RubyGems, NuGet and crates.io among others. Read in place,
 * never copied into the repository; absent on a machine without the shared data.
 */
export const SHARED_OSV = path.resolve(REPOSITORY, '..', 'shared', 'data', 'osv')
export const sharedOsvPresent = (): boolean => fs.existsSync(SHARED_OSV)

export interface FixtureRecord {
  id: string
  aliases?: string[] | null
  upstream?: string[]
  related?: string[]
  summary?: string
  details?: string
  severity?: Array<{ type?: string, score: string }>
  affected?: Array<{
    package?: { ecosystem?: string, name?: string }
    ranges?: Array<{ type: string, events: Array<Record<string, string>> }>
    versions?: string[] | null
    database_specific?: { last_known_affected_version_range?: string }
  }>
}

export function fixtureFiles (root = OSV_FIXTURES): string[] {
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json')).sort().map((name) => path.join(root, name))
}

/** Every record of every fixture file (single records and `{"vulns": [...]}` wrappers). */
export function fixtureRecords (root = OSV_FIXTURES): Array<{ file: string, record: FixtureRecord }> {
  return fixtureFiles(root).flatMap((file) => {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as FixtureRecord | { vulns: FixtureRecord[] }
    return ('vulns' in parsed ? parsed.vulns : [parsed]).map((record) => ({ file, record }))
  })
}
