import fs from 'node:fs'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { bumpAllTenantData } from '../data-version.js'
import { plural } from '../plural.js'
import { rowsOf } from '../sql-rows.js'
import { FeedError } from './errors.js'
import { checkImportFile, fetchFeed, IMPORTED_FILE, type FileFeedSyncOptions, type FileOrigin } from './fetch-feed.js'
import type { FeedOutcome } from './progress.js'
import { markAttempt, markSuccess } from './sources.js'
import { json } from '../sql-params.js'
import { CVE_ID } from '../vulns/osv-record.js'

/**
 * FIRST's EPSS scores (CSV, usually gzip): `#model_version:…,score_date:…`, then `cve,epss,percentile`.
 * Streamed into epss_staging in batches, then swapped into epss_scores (see swapEpss) only once the
 * whole file is staged, so a bad or cut-off file never replaces good scores.
 */

export const EPSS_FEED = 'epss'
const BATCH = 2000

export interface EpssFile {
  rows: number
  version: string | null
  scoreDate: Date | null
}

/** The lines of a file, gunzipped when it starts with gzip's magic bytes (whatever its name). */
async function* lines(file: string): AsyncGenerator<string> {
  const handle = await fs.promises.open(file, 'r')
  const magic = Buffer.alloc(2)
  await handle.read(magic, 0, 2, 0)
  await handle.close()
  const raw = fs.createReadStream(file)
  let input: Readable = raw
  if (magic[0] === 0x1f && magic[1] === 0x8b) {
    const gunzip = zlib.createGunzip()
    raw.on('error', (error) => gunzip.destroy(error))
    input = raw.pipe(gunzip)
  }
  let carry = ''
  try {
    for await (const chunk of input) {
      const parts = (carry + (chunk as Buffer).toString('utf8')).split('\n')
      carry = parts.pop()!
      yield* parts
    }
  } catch (error) {
    throw new FeedError(`the EPSS file is damaged (${(error as Error).message})`)
  }
  if (carry !== '') yield carry
}

const score = (value: string | undefined): number | null => {
  if (value === undefined || !/^\d*\.?\d+(?:[eE][-+]?\d+)?$/.test(value.trim())) return null
  const n = Number(value)
  return n >= 0 && n <= 1 ? n : null
}

/** Reads the CSV into epss_staging (cleared first); throws a FeedError naming the first bad line. */
export async function stageEpss(db: Db, file: string): Promise<EpssFile> {
  await db.execute(sql`DELETE FROM epss_staging`)
  const result: EpssFile = { rows: 0, version: null, scoreDate: null }
  let header = false
  let number = 0
  let batch: Array<{ cve_id: string; epss: number; percentile: number }> = []
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return
    await db.execute(sql`INSERT INTO epss_staging (cve_id, epss, percentile)
      SELECT cve_id, epss, percentile FROM jsonb_to_recordset(${json(batch)}) AS r(cve_id text, epss real, percentile real)
      ON CONFLICT (cve_id) DO UPDATE SET epss = excluded.epss, percentile = excluded.percentile`)
    result.rows += batch.length
    batch = []
  }
  for await (const raw of lines(file)) {
    number++
    const line = raw.replace(/\r$/, '').trim()
    if (line === '') continue
    if (line.startsWith('#')) {
      // #model_version:v2025.03.14,score_date:2025-03-14T00:00:00+0000
      for (const part of line.slice(1).split(',')) {
        const [key, ...rest] = part.split(':')
        const value = rest.join(':').trim()
        if (key?.trim() === 'model_version' && value !== '') result.version = value
        if (key?.trim() === 'score_date') {
          const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))
          if (!Number.isNaN(date.getTime())) result.scoreDate = date
        }
      }
      continue
    }
    if (!header) {
      if (line.toLowerCase().replace(/\s/g, '') !== 'cve,epss,percentile')
        throw new FeedError(`not an EPSS file: line ${number} should be "cve,epss,percentile"`)
      header = true
      continue
    }
    const [cve, epss, percentile] = line.split(',')
    const e = score(epss)
    const p = score(percentile)
    if (cve === undefined || !CVE_ID.test(cve.trim()) || e === null || p === null) {
      throw new FeedError(`the EPSS file has a bad line ${number}: ${line.slice(0, 80)}`)
    }
    batch.push({ cve_id: cve.trim(), epss: e, percentile: p })
    if (batch.length >= BATCH) await flush()
  }
  await flush()
  if (result.rows === 0) throw new FeedError('the EPSS file holds no scores')
  return result
}

/** Staged scores per short transaction when stepwise. */
const WINDOW = 5000

/**
 * epss_staging → epss_scores. On PostgreSQL in one transaction (DELETE + INSERT … SELECT): readers
 * keep the old scores until the commit. `stepwise` (PGlite: one connection, which a 300,000-row swap
 * would hold for seconds, see docs/adr/0005) walks the CVE ids in windows of short transactions:
 * requests wait at most one window, and for the seconds of the walk a reader may see a mix of
 * yesterday's and today's scores — never a bad file's, since the whole file was staged and checked first.
 */
export async function swapEpss(db: Db, staged: EpssFile, state: FileOrigin, stepwise: boolean): Promise<number> {
  if (stepwise) {
    let low = ''
    for (;;) {
      const [next] = rowsOf<{ cve_id: string }>(
        await db.execute(sql`SELECT cve_id FROM epss_staging WHERE cve_id > ${low} ORDER BY cve_id OFFSET ${WINDOW - 1} LIMIT 1`)
      )
      const high = next?.cve_id ?? null
      const upTo = high === null ? sql`` : sql`AND cve_id <= ${high}`
      await db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM epss_scores s WHERE cve_id > ${low} ${upTo}
          AND NOT EXISTS (SELECT 1 FROM epss_staging n WHERE n.cve_id = s.cve_id)`)
        await tx.execute(sql`INSERT INTO epss_scores (cve_id, epss, percentile)
          SELECT cve_id, epss, percentile FROM epss_staging WHERE cve_id > ${low} ${upTo}
          ON CONFLICT (cve_id) DO UPDATE SET epss = excluded.epss, percentile = excluded.percentile
          WHERE (epss_scores.epss, epss_scores.percentile) IS DISTINCT FROM (excluded.epss, excluded.percentile)`)
      })
      if (high === null) break
      low = high
    }
  }
  return await db.transaction(async (tx) => {
    if (!stepwise) {
      await tx.execute(sql`DELETE FROM epss_scores`)
      await tx.execute(sql`INSERT INTO epss_scores (cve_id, epss, percentile) SELECT cve_id, epss, percentile FROM epss_staging`)
    }
    await tx.execute(sql`DELETE FROM epss_staging`)
    const [count] = rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM epss_scores`))
    const records = Number(count?.n ?? 0)
    await markSuccess(tx, EPSS_FEED, { ...state, records, version: staged.version, releasedAt: staged.scoreDate, changed: true })
    return records
  })
}

function describe(staged: EpssFile): string {
  const about = [
    staged.version === null ? '' : `model ${staged.version}`,
    staged.scoreDate === null ? '' : `scored ${staged.scoreDate.toISOString().slice(0, 10)}`
  ].filter((part) => part !== '')
  return `epss: ${plural(staged.rows, 'score')}${about.length === 0 ? '' : ` (${about.join(', ')})`}`
}

async function applyEpss(db: Db, file: string, state: FileOrigin, stepwise: boolean): Promise<EpssFile> {
  try {
    const staged = await stageEpss(db, file)
    await swapEpss(db, staged, state, stepwise)
    bumpAllTenantData()
    return staged
  } catch (error) {
    await db.execute(sql`DELETE FROM epss_staging`).catch(() => {})
    throw error
  }
}

export interface EpssSyncOptions extends FileFeedSyncOptions {
  /** Swap in short transactions (PGlite), see swapEpss. */
  stepwise?: boolean
}

export async function syncEpss(db: Db, options: EpssSyncOptions): Promise<FeedOutcome> {
  const feed = { name: EPSS_FEED, kind: 'epss' as const, ecosystem: null, url: options.url }
  return await fetchFeed(db, feed, { ...options, stem: 'epss', extension: '.csv.gz' }, async (file, fetched) => {
    const state = { validators: fetched.validators, sha256: fetched.sha256 }
    const staged = await applyEpss(db, file, state, options.stepwise === true)
    return { name: EPSS_FEED, status: 'changed', message: describe(staged) }
  })
}

/** `import-epss PATH` (.csv or .csv.gz): the scores from a file. The next sync downloads again. */
export async function importEpssFile(db: Db, file: string): Promise<string> {
  // Read as a stream, any size.
  await checkImportFile(file, Number.POSITIVE_INFINITY, 'the EPSS scores')
  await markAttempt(db, { name: EPSS_FEED, kind: 'epss', ecosystem: null, url: null })
  // The CLI holds the database alone: one transaction.
  return describe(await applyEpss(db, file, IMPORTED_FILE, false))
}
