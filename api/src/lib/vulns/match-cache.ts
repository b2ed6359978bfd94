import type { AffectedLookup, AffectedRow, FeedPair } from './feed-match.js'

/**
 * What one matchDevices() run would otherwise read again for every batch of devices: a fleet's
 * machines share most of their packages, so each batch asked the feed for the same names and the
 * same records' CVE rows (on PGlite, with its small buffer cache, a first match of 1,000 devices
 * read ~40 GB for that). Kept for one run only, so a later feed change is never answered from it;
 * cleared whole when it outgrows its budget (the next batches read again).
 */

/** Affected rows kept at most (a row holds an entry's ranges and versions: a few hundred bytes). */
const MAX_AFFECTED_ROWS = 50_000
/** OSV records whose CVE rows are kept at most. */
const MAX_RECORDS = 200_000

/** A CVE row one OSV record links to, as the matching uses it. */
export interface LinkedCve {
  uid: string
  score: number | null
  kev: boolean
}

export type LinksLookup = (osvIds: string[]) => Promise<Map<string, LinkedCve[]>>

/** `lookup` with the pairs it answered kept (a pair with no affected rows too). */
export function cachedAffected(lookup: AffectedLookup, maxRows = MAX_AFFECTED_ROWS): AffectedLookup {
  const kept = new Map<string, AffectedRow[]>()
  let rows = 0
  return async (pairs, options) => {
    const keyOf = (ecosystem: string, name: string): string => `${options.demo === true ? 1 : 0}\0${ecosystem}\0${name}`
    const answer: AffectedRow[] = []
    const missing: FeedPair[] = []
    for (const pair of pairs) {
      const seen = kept.get(keyOf(pair.e, pair.n))
      if (seen === undefined) missing.push(pair)
      else answer.push(...seen)
    }
    if (missing.length === 0) return answer
    const fetched = await lookup(missing, options)
    if (rows + fetched.length > maxRows) {
      kept.clear()
      rows = 0
    }
    if (fetched.length <= maxRows) {
      for (const pair of missing) kept.set(keyOf(pair.e, pair.n), [])
      for (const row of fetched) kept.get(keyOf(row.ecosystem, row.packageName))?.push(row)
      rows += fetched.length
    }
    answer.push(...fetched)
    return answer
  }
}

/** `lookup` with the records it answered kept (a record with no CVE row too). */
export function cachedLinks(lookup: LinksLookup, maxRecords = MAX_RECORDS): LinksLookup {
  const kept = new Map<string, LinkedCve[]>()
  return async (osvIds) => {
    const answer = new Map<string, LinkedCve[]>()
    const missing: string[] = []
    for (const id of osvIds) {
      const seen = kept.get(id)
      if (seen === undefined) missing.push(id)
      else answer.set(id, seen)
    }
    if (missing.length === 0) return answer
    const fetched = await lookup(missing)
    if (kept.size + missing.length > maxRecords) kept.clear()
    for (const id of missing) {
      const cves = fetched.get(id) ?? []
      answer.set(id, cves)
      if (missing.length <= maxRecords) kept.set(id, cves)
    }
    return answer
  }
}
