import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { csvCell, csvFilename, csvLine, csvStream, inSlices, type CsvValue } from '../../src/lib/csv.js'
import { queryBatches } from '../../src/lib/sql-cursor.js'
import { rowsOf } from '../../src/lib/sql-rows.js'
import { parseCsv } from '../csv-helpers.js'
import { openTestDatabase, usingPostgres, type TestDatabase } from '../helpers.js'

const read = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let text = ''
  for await (const chunk of stream) text += String(chunk)
  return text
}

describe('CSV cells and files (lib/csv.ts)', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    assert.equal(csvCell('plain'), 'plain')
    assert.equal(csvCell('a,b'), '"a,b"')
    assert.equal(csvCell('say "hi"'), '"say ""hi"""')
    assert.equal(csvCell('two\nlines'), '"two\nlines"')
    assert.equal(csvCell('cr\r'), '"cr\r"')
    assert.equal(csvCell(null), '')
    assert.equal(csvCell(undefined), '')
    assert.equal(csvCell(7.5), '7.5')
    assert.equal(csvCell(-2), '-2', 'a number is no formula')
    assert.equal(csvCell(Number.NaN), '')
    assert.equal(csvCell(true), 'true')
    assert.equal(csvLine(['a', null, 'b,c']), 'a,,"b,c"\r\n')
  })

  it('guards text a spreadsheet would run as a formula (= + - @ tab CR)', () => {
    for (const [text, cell] of [
      ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
      ['+1+cmd|/C calc!A0', "'+1+cmd|/C calc!A0"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\t=1', "'\t=1"],
      ['\r=1', `"'\r=1"`],
      ['a=1', 'a=1'],
      [' =1', ' =1']
    ]) {
      assert.equal(csvCell(text), cell, JSON.stringify(text))
      assert.deepEqual(parseCsv(`${cell}\r\n`), [[text.match(/^[=+\-@\t\r]/) ? `'${text}` : text]])
    }
  })

  it('names files <stem>-<UTC time>.csv with nothing unsafe in a header', () => {
    const at = new Date('2026-11-23T10:15:42.118Z')
    assert.equal(csvFilename('alerts', at), 'alerts-20261123T101542Z.csv')
    assert.equal(csvFilename('web-01 "prod"\r\n/../x-packages', at), 'web-01_prod_.._x-packages-20261123T101542Z.csv')
    assert.equal(csvFilename('', at), 'export-20261123T101542Z.csv')
  })

  it('streams the header then every batch; an empty table is its header', async () => {
    const rows: CsvValue[][] = Array.from({ length: 2500 }, (_, i) => [i, `row ${i}`])
    const text = await read(await csvStream({ name: 'x', header: ['n', 'text'], batches: inSlices(rows, (r) => r) }))
    const parsed = parseCsv(text)
    assert.equal(parsed.length, 2501)
    assert.deepEqual(parsed[2500], ['2499', 'row 2499'])
    assert.equal(await read(await csvStream({ name: 'x', header: ['n'], batches: inSlices([], () => []) })), 'n\r\n')
  })

  it('a failure on the first batch rejects before any byte; leaving early ends the batches', async () => {
    // eslint-disable-next-line require-yield -- fails before its first row, like a database that is down
    async function* failing(): AsyncGenerator<CsvValue[][]> {
      throw new Error('database down')
    }
    await assert.rejects(csvStream({ name: 'x', header: ['a'], batches: failing() }), /database down/)
    let ended = false
    async function* endless(): AsyncGenerator<CsvValue[][]> {
      try {
        for (;;) yield [['x']]
      } finally {
        ended = true
      }
    }
    const stream = await csvStream({ name: 'x', header: ['a'], batches: endless() })
    for await (const chunk of stream) {
      assert.ok(String(chunk).length > 0)
      break
    }
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(ended, true)
  })
})

describe('query batches through a server-side cursor (lib/sql-cursor.ts)', () => {
  let test: TestDatabase
  before(async () => {
    test = await openTestDatabase()
  })
  after(async () => {
    await test.database.close()
    await test.cleanup()
  })

  const numbers = (n: number) => ({
    toSQL: () => ({ sql: 'select g::text as n from generate_series(1, $1::int) g order by g', params: [n] })
  })
  const openCursors = async () =>
    rowsOf<{ n: number }>(
      await test.database.db.execute(sql`select count(*)::int as n from pg_cursors where name like 'export_%'`)
    )[0]!.n

  it('reads every row in batches of the given size, in order', async () => {
    const sizes: number[] = []
    const seen: string[] = []
    for await (const rows of queryBatches<{ n: string }>(test.database.db, numbers(2345), 1000)) {
      sizes.push(rows.length)
      seen.push(...rows.map((row) => row.n))
    }
    assert.deepEqual(sizes, [1000, 1000, 345])
    assert.deepEqual(
      seen,
      Array.from({ length: 2345 }, (_, i) => String(i + 1))
    )
    let batches = 0
    for await (const rows of queryBatches(test.database.db, numbers(0), 1000)) batches += rows.length
    assert.equal(batches, 0)
  })

  it(
    'other statements run between two batches; leaving early closes the cursor',
    { skip: usingPostgres() && 'PGlite: one connection' },
    async () => {
      const batches = queryBatches<{ n: string }>(test.database.db, numbers(5000), 100)
      const first = await batches.next()
      assert.equal(first.value?.length, 100)
      assert.equal(await openCursors(), 1, 'a statement in between runs')
      await batches.return(undefined)
      assert.equal(await openCursors(), 0)
    }
  )
})
