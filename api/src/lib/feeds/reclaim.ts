import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'

/**
 * Tables a sync fills and empties again (a whole feed is staged, checked, switched and deleted)
 * or rewrites in bulk (EPSS scores change daily). PostgreSQL's autovacuum gives their dead rows'
 * pages back; the embedded PGlite runs no autovacuum, so without this every daily sync of a
 * 200,000-record feed grew the data folder by ~300 MB for good. VACUUM only visits pages changed
 * since its last run: fractions of a second for the emptied tables.
 */
const CHURNED = ['osv_staging', 'osv_staging_seen', 'feed_rematch_queue', 'epss_staging', 'epss_scores', 'kev_entries']

export async function reclaimFeedTables(db: Db): Promise<void> {
  await db.execute(sql.raw(`VACUUM ${CHURNED.join(', ')}`))
}
