import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'drizzle-orm'
import { alerts } from '../../../../../../src/db/schema/index.js'
import { alertUidsByWords, searchWordsQuery, WORD_CANDIDATES } from '../../../../../../src/lib/detect/alert-search-words.js'
import { likePattern } from '../../../../../../src/lib/listing.js'
import { rowsOf } from '../../../../../../src/lib/sql-rows.js'
import { buildDetectApp, type DetectApp } from '../../detect-fixtures.js'
import { queryPlan } from '../../../../../helpers.js'

// Texts where words are not what they seem: a sign that lower-cases to ASCII (Kelvin), letters
// that do not, a run the text search parser would split ("12e5x"), runs past the index's 255,
// LIKE's own characters, a word inside a longer one.
const KELVIN = '\u212a'
const LONG = 'QUFB'.repeat(150) // 600 characters, one run
const TEXTS: Array<{ name: string; description: string }> = [
  { name: 'Suspicious activity #123456', description: 'Fleet alert 123456 raised by rule 7 on host-1' },
  { name: 'Suspicious activity #123457', description: 'Fleet alert 123457 raised by rule 8 on host-2' },
  { name: 'Radioactivity #7 detected', description: '' },
  { name: `Login by ${KELVIN}-admin from 10.0.0.1`, description: `user ${KELVIN}elvin tried sudo` },
  { name: 'Overflow 12e5x in parser', description: 'value 1e5e5 seen, then 12E5X again' },
  { name: 'PowerShell -enc payload', description: `powershell.exe -EncodedCommand ${LONG} -NoProfile` },
  { name: 'İstanbul office login', description: 'KÄSE käse Käse' },
  { name: 'Odd a_b%c marker', description: 'path C:\\Temp\\a_b%c.exe' },
  { name: 'Brute force from 203.0.113.9', description: 'ssh: 40 failed logins for root' }
]

/** Searches cut from the texts at every kind of boundary, plus some that match nothing. */
function searches(): string[] {
  const found = new Set<string>(['activity #123456', 'alert 123457 raised', 'tivity #7', 'a_b%c', ' 12e5x', 'x 12e5x', 'y #9'])
  for (const { name, description } of TEXTS) {
    for (const text of [name, description]) {
      for (let start = 0; start < text.length; start += 3) {
        for (const length of [4, 9, 17, 40, 190]) found.add(text.slice(start, start + length))
      }
    }
  }
  // The API takes searches of up to 200 characters; the 600-character run is cut at 255 and 510.
  found.add(`-encodedcommand ${LONG.slice(0, 180)}`)
  found.add(`${LONG.slice(400, 590)} -no`)
  found.add(`${KELVIN}-admin from`)
  found.add('by k-admin')
  found.add('user kelvin tried')
  found.add('käse käse')
  return [...found].filter((search) => search.trim() !== '')
}

describe('alert search through whole words (search_words, migration 0030)', () => {
  let t: DetectApp
  let base: string
  before(async () => {
    t = await buildDetectApp()
    base = `/api/v1/tenants/${t.demoTenant}/alerts/`
    const device = await t.deviceOf(t.demoTenant)
    const otherDevice = await t.deviceOf(t.otherTenant)
    const row = (tenantUid: string, deviceUid: string, n: number, text: { name: string; description: string }) => ({
      tenantUid,
      deviceUid,
      ...text,
      priority: 'Low',
      priorityRank: 1,
      elasticAlertId: `words-${tenantUid}-${n}`,
      elasticAlertCreatedAt: new Date(Date.now() - n * 60_000)
    })
    await t.app.db
      .insert(alerts)
      .values([
        ...TEXTS.map((text, n) => row(t.demoTenant, device, n, text)),
        ...TEXTS.map((text, n) => row(t.otherTenant, otherDevice, n, text))
      ])
  })
  after(async () => {
    await t.close()
  })

  it('takes the runs a match must hold: inner runs whole, the last as a prefix, never the first', () => {
    assert.equal(searchWordsQuery('activity #123456'), '123456:*')
    assert.equal(searchWordsQuery('alert 123457 raised'), '123457 & raised:*')
    assert.equal(searchWordsQuery('#123'), '123:*')
    assert.equal(searchWordsQuery('x 12E5X'), '12e5x:*')
    assert.equal(searchWordsQuery('activity'), undefined, 'one run may sit inside a longer word')
    assert.equal(searchWordsQuery('activity '), undefined)
    assert.equal(searchWordsQuery('käse x'), undefined, 'not ASCII: the collation lower-cases it')
    assert.equal(searchWordsQuery(`x ${'a'.repeat(256)}`), undefined, 'longer than the index keeps')
  })

  it('finds exactly what ILIKE on name, description and hostname finds, for every search', async () => {
    const truth = async (search: string): Promise<string[]> => {
      const pattern = likePattern(search.trim())
      return rowsOf<{ uid: string }>(
        await t.app.db.execute(sql`select a.uid from alerts a left join devices d on d.uid = a.device_uid
          where a.tenant_uid = ${t.demoTenant}
            and (a.name ilike ${pattern} or a.description ilike ${pattern} or d.hostname ilike ${pattern})`)
      )
        .map((row) => row.uid)
        .sort()
    }
    let byWords = 0
    for (const search of searches()) {
      const expected = await truth(search)
      const listed: string[] = []
      for (let offset = 0; ; offset += 200) {
        const body = (await t.get(`${base}?search=${encodeURIComponent(search)}&limit=200&offset=${offset}`)).json()
        assert.equal(body.count, expected.length, `count of ${JSON.stringify(search)}`)
        listed.push(...(body.results as Array<{ uid: string }>).map((alert) => alert.uid))
        if (body.results.length < 200) break
      }
      assert.deepEqual(listed.sort(), expected, `search ${JSON.stringify(search)}`)
      if ((await alertUidsByWords(t.app.db, t.demoTenant, search.trim())) !== undefined) byWords += 1
    }
    assert.ok(byWords > 50, `the word index answered ${byWords} of the searches`)
  })

  it('reads the word index for a search with a rare word', async () => {
    const plan = await queryPlan(
      t.app.db,
      sql`select uid from alerts where search_words(name || ' ' || description) @@ '123456:*'::tsquery`
    )
    assert.match(plan, /alerts_search_words_idx/)
    assert.equal((await alertUidsByWords(t.app.db, t.demoTenant, 'activity #123456'))?.length, 1, 'this tenant only')
  })

  it(`over ${WORD_CANDIDATES} candidates, the trigram indexes answer, with the same list`, async () => {
    const device = await t.deviceOf(t.demoTenant)
    const rows = Array.from({ length: WORD_CANDIDATES + 5 }, (_, n) => ({
      tenantUid: t.demoTenant,
      deviceUid: device,
      name: `Common zzword ${n}`,
      description: '',
      priority: 'Low',
      priorityRank: 1,
      elasticAlertId: `common-${n}`,
      elasticAlertCreatedAt: new Date(Date.now() - n * 1000)
    }))
    for (let i = 0; i < rows.length; i += 500) await t.app.db.insert(alerts).values(rows.slice(i, i + 500))
    assert.equal(await alertUidsByWords(t.app.db, t.demoTenant, 'common zzword'), undefined)
    const body = (await t.get(`${base}?search=${encodeURIComponent('common zzword')}&limit=5`)).json()
    assert.equal(body.count, WORD_CANDIDATES + 5)
    assert.deepEqual(
      (body.results as Array<{ name: string }>).map((alert) => alert.name),
      ['Common zzword 0', 'Common zzword 1', 'Common zzword 2', 'Common zzword 3', 'Common zzword 4']
    )
    // A rarer word beside it: the index again.
    assert.equal((await alertUidsByWords(t.app.db, t.demoTenant, 'common zzword 1999'))?.length, 1)
  })
})
