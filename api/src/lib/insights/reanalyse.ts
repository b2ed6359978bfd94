import { promisify } from 'node:util'
import { gunzip as gunzipCallback } from 'node:zlib'
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { insightReports, insightSboms } from '../../db/schema/index.js'
import { owned } from '../tenant-scope.js'
import type { SbomDocument } from './cyclonedx.js'
import { reportWhere } from './reports.js'
import { dropChunks, sbomText } from './sbom-chunks.js'
import { analysisOf, packSbom, sbomColumns } from './scan.js'
import { analyseSbom } from './sbom-vulns.js'
import { refreshLatestScan } from './scan-history.js'

const gunzip = promisify(gunzipCallback)

/**
 * Re-analysis of stored SBOMs against the feed as it is now (after `import-osv`, or
 * `reanalyse-sboms`): each SBOM is read back, the previous analysis removed and a new one made
 * (sbom-vulns.ts); an SBOM whose result differs is rewritten with its stats and the report's
 * `analysis` text. `uploaded_at` and `scan_uploaded_at` stay: nothing was uploaded.
 */

export interface ReanalyseTotals {
  /** SBOMs read and analysed again. */
  sboms: number
  /** Of those, the ones whose stored document changed. */
  changed: number
  /** Vulnerabilities the console's analysis holds in the SBOMs read, after it ran. */
  vulnerabilities: number
}

export interface ReanalyseOptions {
  tenantUid?: string
  /**
   * Only the SBOMs with a component under one of these feed package names (what an import
   * touched), and those without a list (stored before the analysis existed, or naming more than
   * LISTED_PACKAGES_MAX). Absent: every SBOM.
   */
  packageNames?: Set<string>
  onProgress?: (done: number, total: number) => void
  /** Checked before each SBOM: an abort throws its reason. */
  signal?: AbortSignal
}

/** Which SBOMs to analyse again (tenant, report), in a stable order. */
export async function sbomsToReanalyse(
  db: Db,
  options: ReanalyseOptions = {}
): Promise<Array<{ tenantUid: string; reportUid: string }>> {
  const names = options.packageNames
  const touched =
    names === undefined
      ? undefined
      : or(
          isNull(insightSboms.packages),
          isNull(insightSboms.ecosystems),
          sql`${insightSboms.packages} && ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify([...names])}::jsonb))`
        )
  return await db
    .select({ tenantUid: insightSboms.tenantUid, reportUid: insightSboms.reportUid })
    .from(insightSboms)
    .where(and(options.tenantUid === undefined ? undefined : eq(insightSboms.tenantUid, options.tenantUid), touched))
    .orderBy(asc(insightSboms.tenantUid), asc(insightSboms.reportUid))
}

/**
 * Analyses one stored SBOM again, in one transaction that locks its report first (an upload or
 * a delete at the same time waits, or wins cleanly). Returns null when the SBOM is gone.
 */
export async function reanalyseSbom(
  db: Db,
  tenantUid: string,
  reportUid: string
): Promise<{ changed: boolean; vulnerabilities: number } | null> {
  return await db.transaction(async (tx) => {
    const [report] = await tx
      .select({ uid: insightReports.uid })
      .from(insightReports)
      .where(reportWhere(tenantUid, reportUid))
      .for('update')
    if (report === undefined) return null
    const [row] = await tx
      .select({
        gzip: insightSboms.documentGzipBase64,
        upload: insightSboms.documentUpload,
        packages: insightSboms.packages,
        ecosystems: insightSboms.ecosystems,
        demo: insightSboms.demo
      })
      .from(insightSboms)
      .where(owned(insightSboms, tenantUid, eq(insightSboms.reportUid, reportUid)))
    if (row === undefined) return null
    const before = (await gunzip(Buffer.from(await sbomText(tx, row), 'base64'))).toString('utf8')
    const document = JSON.parse(before) as SbomDocument
    const feed = await analyseSbom(tx, document, { demo: row.demo })
    const sbom = await packSbom(document, feed, row.demo)
    const changed =
      sbom.json !== before ||
      JSON.stringify(row.packages) !== JSON.stringify(sbom.packages) ||
      JSON.stringify(row.ecosystems) !== JSON.stringify(sbom.ecosystems)
    if (changed) {
      // Written back whole, in the row: the pieces of a chunked upload go.
      const { history, ...columns } = sbomColumns(sbom)
      await tx
        .update(insightSboms)
        .set({ ...columns, documentUpload: null })
        .where(owned(insightSboms, tenantUid, eq(insightSboms.reportUid, reportUid)))
      // The newest scan is the SBOM now shown: its summary follows the new analysis.
      const triage = await refreshLatestScan(tx, tenantUid, reportUid, history)
      if (row.upload !== null) await dropChunks(tx, row.upload)
      const analysis = await analysisOf(tx, tenantUid, reportUid, { sbom: sbom.stats, audit: null, triage })
      await tx.update(insightReports).set({ analysis }).where(reportWhere(tenantUid, reportUid))
    }
    return { changed, vulnerabilities: feed.vulnerabilities }
  })
}

export async function reanalyseSboms(db: Db, options: ReanalyseOptions = {}): Promise<ReanalyseTotals> {
  const list = await sbomsToReanalyse(db, options)
  const totals: ReanalyseTotals = { sboms: 0, changed: 0, vulnerabilities: 0 }
  for (const { tenantUid, reportUid } of list) {
    options.signal?.throwIfAborted()
    const result = await reanalyseSbom(db, tenantUid, reportUid)
    if (result !== null) {
      totals.sboms++
      if (result.changed) totals.changed++
      totals.vulnerabilities += result.vulnerabilities
    }
    options.onProgress?.(totals.sboms, list.length)
  }
  return totals
}
