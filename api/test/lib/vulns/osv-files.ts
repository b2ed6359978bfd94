import fs from 'node:fs'
import path from 'node:path'

export interface FixtureRecord {
  id: string
  aliases?: string[] | null
  upstream?: string[]
  related?: string[]
  summary?: string
  details?: string
  severity?: Array<{ type?: string; score: string }>
  affected?: Array<{
    package?: { ecosystem?: string; name?: string }
    ranges?: Array<{ type: string; events: Array<Record<string, string>> }>
    versions?: string[] | null
    database_specific?: { last_known_affected_version_range?: string }
  }>
  withdrawn?: string
  published?: string
  modified?: string
  references?: Array<{ type: string; url: string }>
}

/** Every `*.json` below a folder, in name order (what `import-osv` reads). */
export function osvFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(folder, name))
}

/** Every record of every file below a folder (single records and `{"vulns": [...]}` wrappers). */
export function osvRecordsIn(folder: string): Array<{ file: string; record: FixtureRecord }> {
  return osvFiles(folder).flatMap((file) => {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as FixtureRecord | { vulns: FixtureRecord[] }
    return ('vulns' in parsed ? parsed.vulns : [parsed]).map((record) => ({ file, record }))
  })
}
