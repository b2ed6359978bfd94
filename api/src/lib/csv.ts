import { Readable } from 'node:stream'

/**
 * CSV exports of the console's tables (`…/export.csv`), streamed: rows arrive in batches (a
 * database cursor, see sql-cursor.ts, or a stored document walked in slices) and leave as they
 * come, so a 100,000-row export never sits in memory whole. RFC 4180: comma-separated, CRLF line
 * ends, a cell quoted when it holds a quote, comma, CR or LF, quotes doubled; UTF-8.
 */

export type CsvValue = string | number | boolean | null | undefined

/** One export: the file's name stem, its header row, then its rows in batches. */
export interface CsvTable {
  /** e.g. `alerts`, `device-web-01-packages`: the download is `<name>-<UTC time>.csv`. */
  name: string
  header: readonly string[]
  batches: AsyncIterable<CsvValue[][]>
}

/**
 * A cell a spreadsheet would run as a formula (CWE-1236, OWASP "CSV injection"): text starting
 * with = + - @, a tab or a carriage return. Such text gets a leading ' so it reads as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/

// Quote characters as named constants: a quote inside a regex literal reads as an open string to
// plain-text tools (farm-studio), which then misread the rest of the file.
const QUOTE = '"'
const APOSTROPHE = "'"
const NEEDS_QUOTES = new RegExp(`[${QUOTE},\r\n]`)
const ALL_QUOTES = new RegExp(QUOTE, 'g')

/** One cell: text is guarded against formulas; numbers and booleans are written as they are. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  const text = FORMULA_START.test(value) ? APOSTROPHE + value : value
  return NEEDS_QUOTES.test(text) ? QUOTE + text.replace(ALL_QUOTES, QUOTE + QUOTE) + QUOTE : text
}

export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(',')}\r\n`

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

/** `<name>-20261123T101500Z.csv`, the name kept to letters, digits, dot, dash and underscore. */
export function csvFilename(name: string, at = new Date()): string {
  const stem = name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100) || 'export'
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  return `${stem}-${stamp}.csv`
}

/**
 * The table as a byte stream: header, then one chunk per batch. The first batch is read before
 * this resolves, so a database that fails at once fails the request with a JSON error instead of
 * a cut-off download. Destroying the stream (the client went away) ends the batches early, which
 * closes their cursor.
 */
export async function csvStream(table: CsvTable): Promise<Readable> {
  const batches = table.batches[Symbol.asyncIterator]()
  let first: IteratorResult<CsvValue[][]>
  try {
    first = await batches.next()
  } catch (error) {
    await batches.return?.()
    throw error
  }
  async function* lines(): AsyncGenerator<string> {
    try {
      yield csvLine(table.header)
      for (let next = first; next.done !== true; next = await batches.next()) {
        if (next.value.length > 0) yield next.value.map(csvLine).join('')
      }
    } finally {
      await batches.return?.()
    }
  }
  const stream = Readable.from(lines(), { objectMode: false })
  // Also when the stream goes before its first read, which never starts `lines()`.
  stream.once('close', () => void batches.return?.())
  return stream
}

/** A list already in memory (a stored SBOM, an audit) as batches, so it streams like the database's. */
export async function* inSlices<T>(items: readonly T[], row: (item: T) => CsvValue[], size = 1000): AsyncGenerator<CsvValue[][]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size).map(row)
}
