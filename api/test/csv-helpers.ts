import assert from 'node:assert/strict'
import type { LightMyRequestResponse } from 'fastify'

/** RFC 4180 as the exports write it: quoted cells with doubled quotes, CRLF rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  assert.equal(quoted, false, 'no unterminated quote')
  assert.equal(row.length + cell.length, 0, 'the file ends with CRLF')
  return rows
}

/** A CSV download: 200, text/csv, an attachment named `<stem>-<time>.csv`; its header and rows as objects. */
export function csvOf(response: LightMyRequestResponse, stem: RegExp): { header: string[]; rows: Array<Record<string, string>> } {
  assert.equal(response.statusCode, 200, response.body.slice(0, 300))
  assert.match(response.headers['content-type'] as string, /^text\/csv; charset=utf-8/)
  const disposition = response.headers['content-disposition'] as string
  const name = /^attachment; filename="([^"]+)"$/.exec(disposition)?.[1] ?? ''
  assert.match(name, new RegExp(`^${stem.source}-\\d{8}T\\d{6}Z\\.csv$`), disposition)
  assert.equal(response.headers['cache-control'], 'no-store')
  const [header, ...rows] = parseCsv(response.body)
  assert.ok(header, 'a header row')
  for (const row of rows) assert.equal(row.length, header.length)
  return { header, rows: rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]!]))) }
}
