import type { FeedSource, FeedState } from '@console/contracts'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rowsOf } from '../sql-rows.js'
import { allCoverage } from '../vulns/coverage.js'
import type { FeedSyncStatus } from './job.js'
import { rematchBacklog } from './rematch-queue.js'

/** Settings › Vulnerability feed (`GET /v1/feeds/`, docs/vuln-feed-api.md "Feed state"). */

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString())

export async function feedState(db: Db, sync: FeedSyncStatus): Promise<FeedState> {
  // OSV feeds first (by name), then KEV, EPSS and the file imports.
  const sources = rowsOf<FeedSource>(
    await db.execute(sql`
    SELECT name, kind, ecosystem, url, records, version, released_at, last_attempt_at, last_success_at, last_changed_at, last_error, last_error_at, applying_since
    FROM feed_sources ORDER BY CASE kind WHEN 'osv' THEN 0 WHEN 'kev' THEN 1 WHEN 'epss' THEN 2 ELSE 3 END, name`)
  )
  const [demo] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM osv_records WHERE demo`))
  return {
    sources: sources.map((row) => ({
      ...row,
      records: Number(row.records),
      released_at: iso(row.released_at),
      last_attempt_at: iso(row.last_attempt_at),
      last_success_at: iso(row.last_success_at),
      last_changed_at: iso(row.last_changed_at),
      last_error_at: iso(row.last_error_at),
      applying_since: iso(row.applying_since)
    })),
    ecosystems: (await allCoverage(db)).map((row) => ({
      ecosystem: row.ecosystem,
      advisories: row.advisories,
      demo_advisories: row.demoAdvisories
    })),
    demo_catalogue: { records: Number(demo?.n ?? 0) },
    sync: { interval_hours: sync.intervalHours, running: sync.running, next_at: sync.nextAt?.toISOString() ?? null },
    rematch: await rematchBacklog(db)
  }
}
