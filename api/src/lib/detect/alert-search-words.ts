import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { likePattern } from '../listing.js'
import { rowsOf } from '../sql-rows.js'

/**
 * The alert search is a substring match (ILIKE on name or description) served by trigram indexes.
 * A search holding a common word ("suspicious activity #123456") made those read every alert's
 * trigrams of that word (~2,100 index pages at a million alerts, ~45 ms for one match). The word
 * index (migration 0030: `search_words(name || ' ' || description)`, the lower-cased text's runs
 * of a–z and 0–9 as lexemes) answers from the search's rarer words instead, and every candidate
 * is checked with the same ILIKE, so the answer is the substring match's, never more or less.
 *
 * Which runs of a search a match must hold as words: the text matches the search as a substring,
 * so a run between two separators in the search is a whole run in the text, and the last run
 * (after a separator) starts one. The first run may be the tail of a longer run ("tivity"): it
 * says nothing. Only ASCII searches are used: PostgreSQL lower-cases the text and ILIKE with the
 * collation (the Kelvin sign becomes "k"), and for ASCII that is the same as lower-casing here,
 * except under a Turkic collation ("I" lower-cases to "ı"): asciiLowerCase() checks the database.
 */
export function searchWordsQuery(search: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- every ASCII character is allowed, nothing else
  if (!/^[\x00-\x7f]*$/.test(search)) return undefined
  const runs = search.toLowerCase().split(/[^a-z0-9]+/)
  if (runs.length < 2) return undefined
  const last = runs.length - 1
  // The index cuts runs into pieces of 255 (a lexeme's limit is 2,047 bytes): longer runs say nothing.
  const terms = runs
    .map((run, index) => (index === 0 || run === '' || run.length > 255 ? '' : index === last ? `${run}:*` : run))
    .filter((term) => term !== '')
  return terms.length === 0 ? undefined : terms.join(' & ')
}

const lowerCaseChecked = new WeakMap<Db, Promise<boolean>>()
/** Whether the database lower-cases ASCII letters to ASCII letters (once per database handle). */
function asciiLowerCase(db: Db): Promise<boolean> {
  let checked = lowerCaseChecked.get(db)
  if (checked === undefined) {
    const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
    checked = db
      .execute(sql`select lower(${upper}) as lowered`)
      .then((result) => rowsOf<{ lowered: string }>(result)[0]?.lowered === upper.toLowerCase())
      .catch((error: unknown) => {
        lowerCaseChecked.delete(db) // a failed check is made again by the next search
        throw error
      })
    lowerCaseChecked.set(db, checked)
  }
  return checked
}

/** More candidates than this, and the trigram indexes are the cheaper way (a common word's prefix). */
export const WORD_CANDIDATES = 2000

/**
 * The uids of the tenant's alerts whose name or description holds `search`, found through the
 * word index; undefined when the search has no usable word or its words match over
 * WORD_CANDIDATES alerts (the caller then uses the trigram indexes). The candidates are read
 * first and checked after (the LIMIT keeps the planner from also reading the trigram indexes).
 */
export async function alertUidsByWords(db: Db, tenantUid: string, search: string): Promise<string[] | undefined> {
  const query = searchWordsQuery(search)
  if (query === undefined || !(await asciiLowerCase(db))) return undefined
  const pattern = likePattern(search)
  const rows = rowsOf<{ uid: string; hit: boolean }>(
    await db.execute(sql`select c.uid, (c.name ilike ${pattern} or c.description ilike ${pattern}) as hit
      from (select a.uid, a.name, a.description from alerts a
            where a.tenant_uid = ${tenantUid} and search_words(a.name || ' ' || a.description) @@ ${query}::tsquery
            limit ${WORD_CANDIDATES + 1}) c`)
  )
  if (rows.length > WORD_CANDIDATES) return undefined
  return rows.filter((row) => row.hit).map((row) => row.uid)
}
