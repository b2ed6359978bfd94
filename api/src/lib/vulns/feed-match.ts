import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { affectedBy } from './affected.js'
import { ecosystemComparator, feedPackageName } from './ecosystems.js'
import { json } from '../sql-params.js'
import { rowsOf } from '../sql-rows.js'

/**
 * The matching core shared by device packages and SBOM components: which feed records affect
 * which (ecosystem, name, version). One indexed query reads the affected rows of every distinct
 * (ecosystem, name) pair; versions are compared in JS with the ecosystem's ordering (or SemVer
 * for SEMVER ranges). Withdrawn records have no affected rows, so they never match.
 */

export interface FeedPackage {
  /** ecosystemKey() of an OSV ecosystem: "Debian:12", "Alpine:v3.18", "npm". */
  ecosystem: string
  /** The name the feed uses: the source package for Debian, Ubuntu and Alpine. */
  name: string
  version: string
}

export interface FeedHit {
  osvId: string
  /** The version that fixes it per the range holding the package's version, when there is one. */
  fixed: string | null
  /** A demo catalogue record (only ever returned when demo records were asked for). */
  demo: boolean
}

export interface FeedHitOptions {
  /**
   * Match the demo catalogue too: only for the demo seed's devices and SBOMs. Everything else
   * (enrolled and simulated devices, uploads) is matched against real records only.
   */
  demo?: boolean
}

/** One affected entry of a feed record, as the matching reads it (plain data: it crosses to a worker). */
export interface AffectedRow {
  osvId: string
  ecosystem: string
  packageName: string
  ranges: Parameters<typeof affectedBy>[1]['ranges']
  versions: Parameters<typeof affectedBy>[1]['versions']
  demo: boolean
}

/** A distinct (ecosystem, feed package name) pair to look up. */
export interface FeedPair {
  e: string
  n: string
}

/** One affected row as affectedRows() has the database write it: [osvId, ecosystem, packageName, ranges, versions, demo]. */
type AffectedTuple = [string, string, string, AffectedRow['ranges'], AffectedRow['versions'], boolean]

/**
 * The affected rows of these (ecosystem, name) pairs: the only database read of the matching.
 * They come as one JSON array, parsed once: PGlite hands every field of every row over on its own
 * (a few µs each), and a fleet's first match reads hundreds of thousands of rows, in half the time
 * this way (bench/feeds-profile.mjs).
 */
export async function affectedRows(db: Db, pairs: readonly FeedPair[], options: FeedHitOptions = {}): Promise<AffectedRow[]> {
  const [answer] = rowsOf<{ rows: string | null }>(
    await db.execute(sql`
    SELECT json_agg(json_build_array(osv_id, ecosystem, package_name, ranges, versions, demo))::text AS rows
    FROM vulnerability_affected
    WHERE (ecosystem, package_name) IN (SELECT e, n FROM jsonb_to_recordset(${json(pairs)}) AS k(e text, n text))
    ${options.demo === true ? sql`` : sql`AND NOT demo`}`)
  )
  const tuples = JSON.parse(answer?.rows ?? '[]') as AffectedTuple[]
  return tuples.map(([osvId, ecosystem, packageName, ranges, versions, demo]) => ({
    osvId,
    ecosystem,
    packageName,
    ranges,
    versions,
    demo
  }))
}

/** Reads the affected rows of some pairs: the database itself, or (in a worker) a message to the thread that has it. */
export type AffectedLookup = (pairs: FeedPair[], options: FeedHitOptions) => Promise<AffectedRow[]>

export const affectedLookupOf =
  (db: Db): AffectedLookup =>
  async (pairs, options) =>
    await affectedRows(db, pairs, options)

/** Distinct (ecosystem, name) pairs whose affected rows one query of feedHits() reads. */
export const PAIRS_PER_QUERY = 1000

/** For each package the feed says is affected, the records that say so (one hit per record). */
export async function feedHits<P extends FeedPackage>(
  db: Db,
  packages: readonly P[],
  options: FeedHitOptions = {}
): Promise<Map<P, FeedHit[]>> {
  return await feedHitsWith(affectedLookupOf(db), packages, options, PAIRS_PER_QUERY)
}

/**
 * feedHits with any lookup. `chunk` bounds the pairs per lookup: each query stays short, so a
 * server answers other requests between them (an SBOM of 900,000 components is that many pairs).
 */
export async function feedHitsWith<P extends FeedPackage>(
  lookup: AffectedLookup,
  packages: readonly P[],
  options: FeedHitOptions = {},
  chunk = Infinity
): Promise<Map<P, FeedHit[]>> {
  /** "ecosystem\0name" → the packages under it. */
  const wanted = new Map<string, P[]>()
  for (const pkg of packages) {
    if (pkg.ecosystem === '' || pkg.name === '') continue
    const key = `${pkg.ecosystem}\0${feedPackageName(pkg.ecosystem, pkg.name)}`
    const list = wanted.get(key)
    if (list === undefined) wanted.set(key, [pkg])
    else list.push(pkg)
  }
  const hits = new Map<P, FeedHit[]>()
  if (wanted.size === 0) return hits

  const pairs = [...wanted.keys()].map((key) => {
    const [e, n] = key.split('\0') as [string, string]
    return { e, n }
  })
  // Each slice's rows are used and let go before the next is read: a fleet's batch names thousands
  // of packages with hundreds of thousands of affected rows between them.
  for (let from = 0; from < pairs.length; from += chunk) {
    addHits(await lookup(pairs.slice(from, from + chunk), options), wanted, hits)
  }
  return hits
}

function addHits<P extends FeedPackage>(affected: AffectedRow[], wanted: Map<string, P[]>, hits: Map<P, FeedHit[]>): void {
  for (const entry of affected) {
    const compare = ecosystemComparator(entry.ecosystem)
    for (const pkg of wanted.get(`${entry.ecosystem}\0${entry.packageName}`) ?? []) {
      const hit = affectedBy(pkg.version, entry, compare)
      if (hit === null) continue
      const list = hits.get(pkg)
      if (list === undefined) {
        hits.set(pkg, [{ osvId: entry.osvId, fixed: hit.fixed, demo: entry.demo }])
        continue
      }
      // A record with several affected entries for one package: one hit, with a fix if any says so.
      const seen = list.find((item) => item.osvId === entry.osvId)
      if (seen === undefined) list.push({ osvId: entry.osvId, fixed: hit.fixed, demo: entry.demo })
      else seen.fixed ??= hit.fixed
    }
  }
}
