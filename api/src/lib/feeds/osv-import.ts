import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { importOsv, type ImportOptions, type ImportSummary } from '../vulns/import.js'
import { rematchAfterOsvChange, type OsvRematch } from './osv-rematch.js'

export interface ImportAndMatchResult extends OsvRematch {
  imported: ImportSummary
}

/**
 * What `import-osv` does: import an OSV feed (file, folder or zip), record it as the "file:osv"
 * source, then what a sync does after a change (rematchAfterOsvChange).
 */
export async function importOsvAndMatch(
  db: Db,
  target: string,
  options: ImportOptions & {
    onMatchProgress?: (done: number, total: number) => void
  } = {}
): Promise<ImportAndMatchResult> {
  const imported = await importOsv(db, target, options)
  await recordFileImport(db, imported)
  return { imported, ...(await rematchAfterOsvChange(db, imported, { onMatchProgress: options.onMatchProgress })) }
}

/** Settings › Vulnerability feed lists file imports as one source ("file:osv"): when, and how many. */
async function recordFileImport(db: Db, imported: ImportSummary): Promise<void> {
  await db.execute(sql`
    INSERT INTO feed_sources (name, kind, records, last_attempt_at, last_success_at, last_changed_at)
    VALUES ('file:osv', 'file', (SELECT count(*)::int FROM osv_records WHERE NOT demo AND cardinality(feeds) = 0), now(), now(),
      ${imported.records > 0 ? sql`now()` : sql`NULL`})
    ON CONFLICT (name) DO UPDATE SET records = excluded.records, last_attempt_at = excluded.last_attempt_at,
      last_success_at = excluded.last_success_at, last_changed_at = coalesce(excluded.last_changed_at, feed_sources.last_changed_at)`)
}
