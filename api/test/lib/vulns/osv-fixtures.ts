import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's real OSV records (fixtures/osv, copied unchanged; see its README). */
export const OSV_FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'fixtures', 'osv')

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
  }>
}

export function fixtureFiles (): string[] {
  return fs.readdirSync(OSV_FIXTURES, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json')).sort().map((name) => path.join(OSV_FIXTURES, name))
}

/** Every record of every fixture file (single records and `{"vulns": [...]}` wrappers). */
export function fixtureRecords (): Array<{ file: string, record: FixtureRecord }> {
  return fixtureFiles().flatMap((file) => {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as FixtureRecord | { vulns: FixtureRecord[] }
    return ('vulns' in parsed ? parsed.vulns : [parsed]).map((record) => ({ file, record }))
  })
}
