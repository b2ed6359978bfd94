import type { AuditResult, ScanAnswer } from '@console/contracts'
import { promisify } from 'node:util'
import { gzip as gzipCallback } from 'node:zlib'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { insightAudits, insightReports, insightSboms, type SbomStats } from '../../db/schema/index.js'
import { owned } from '../tenant-scope.js'
import { HttpError } from '../http-error.js'
import { sbomStats, writeAnalysis, type TriageTally } from './analysis.js'
import { normaliseAudit } from './audit.js'
import { normaliseSbom, type SbomDocument } from './cyclonedx.js'
import { DocumentError, parseJson } from './document.js'
import { partOfReport, reportWhere } from './reports.js'
import { dropChunks, stageChunks } from './sbom-chunks.js'
import { analyseSbom, listedPackages, type FeedAnalysis } from './sbom-vulns.js'
import { scoreSeverities } from './severity.js'
import { DEFAULT_SCAN_RETENTION, keepScan, latestTriageTally, scanHistoryOf, type ScanHistoryColumns } from './scan-history.js'

const gzip = promisify(gzipCallback)

export const INVALID_REPORT_TOKEN = 'Invalid or missing report token.'

export type ScanField = 'sbom' | 'audit'
export const SCAN_FIELDS: readonly ScanField[] = ['sbom', 'audit']

/** A checked SBOM, serialised and compressed once here so `GET .../sbom` only sends bytes. */
export interface PreparedSbom {
  document: SbomDocument
  stats: SbomStats
  json: string
  gzip: Buffer
  /** The feed package names of its components (null: not analysed, or more than LISTED_PACKAGES_MAX). */
  packages: string[] | null
  /** The ecosystems of its checked components (null: not analysed). */
  ecosystems: string[] | null
  /** A demo SBOM (the seed's): analysed against the demo catalogue too. */
  demo: boolean
  /** What its scan history keeps of it. */
  history: ScanHistoryColumns
}

export interface PreparedScan {
  sbom: PreparedSbom | null
  audit: AuditResult | null
}

/** What is wrong with an uploaded file, said as its 400 (undefined: the error is the server's). */
export function fileProblem(field: ScanField, error: unknown): string | undefined {
  if (error instanceof DocumentError) return `${field}: ${error.message}`
  // A stack overflow from absurd nesting is still the file's fault, not the server's.
  if (error instanceof RangeError) return `${field}: is nested too deeply`
  return undefined
}

/** Parse and check one uploaded file; a bad one is a 400 naming the field and the reason. */
function check<T>(field: ScanField, bytes: Uint8Array, normalise: (value: unknown) => T): T {
  try {
    return normalise(parseJson(bytes))
  } catch (error) {
    const problem = fileProblem(field, error)
    if (problem !== undefined) throw new HttpError(400, problem)
    throw error
  }
}

/** Serialised and compressed once, so `GET .../sbom` only sends bytes. */
export async function packSbom(document: SbomDocument, feed: FeedAnalysis | null, demo = false): Promise<PreparedSbom> {
  scoreSeverities(document.vulnerabilities)
  const json = JSON.stringify(document)
  return {
    document,
    stats: sbomStats(document, feed ?? undefined),
    json,
    gzip: await gzip(json, { level: 6 }),
    packages: listedPackages(feed),
    ecosystems: feed?.ecosystems ?? null,
    demo,
    history: await scanHistoryOf(document)
  }
}

/**
 * Everything that can reject an upload happens here, before anything is stored. With `db`, the
 * SBOM is analysed against the console's OSV feed stored there (sbom-vulns.ts) before it is
 * serialised; without it (benchmarks of the parsing alone), it is stored as uploaded. `demo` is
 * for the seed's own SBOMs only (matched against the demo catalogue too); uploads never set it.
 */
export async function prepareScan(
  files: Partial<Record<ScanField, Uint8Array>>,
  db?: Db,
  { demo = false }: { demo?: boolean } = {}
): Promise<PreparedScan> {
  const audit = files.audit === undefined ? null : check('audit', files.audit, normaliseAudit)
  let sbom: PreparedSbom | null = null
  if (files.sbom !== undefined) {
    const document = check('sbom', files.sbom, normaliseSbom)
    sbom = await packSbom(document, db === undefined ? null : await analyseSbom(db, document, { demo }), demo)
  }
  return { sbom, audit }
}

/** The report's `analysis` from the parts given, the part not given read from what is stored. */
export async function analysisOf(
  tx: Db,
  tenantUid: string,
  reportUid: string,
  parts: { sbom: SbomStats | null; audit: AuditResult | null; triage?: TriageTally | null }
): Promise<string | null> {
  const [stored] =
    parts.sbom !== null && parts.audit !== null
      ? []
      : await tx
          .select({ stats: insightSboms.stats, document: insightAudits.document })
          .from(insightReports)
          .leftJoin(insightSboms, partOfReport(insightSboms))
          .leftJoin(insightAudits, partOfReport(insightAudits))
          .where(owned(insightReports, tenantUid, eq(insightReports.uid, reportUid)))
  const sbom = parts.sbom ?? stored?.stats ?? null
  // Open and closed as the console's analyses leave them, from the newest scan (kept before this
  // runs): the caller's tally when it just judged that scan, else read.
  const triage =
    sbom === null ? null : parts.triage !== undefined ? parts.triage : await latestTriageTally(tx, tenantUid, reportUid)
  return writeAnalysis({ sbom, audit: parts.audit ?? stored?.document ?? null, triage })
}

/**
 * The report's `analysis` written again from what is stored (after a triage change: its open
 * counts moved, `triage` their new tally).
 */
export async function refreshAnalysis(tx: Db, tenantUid: string, reportUid: string, triage: TriageTally | null): Promise<void> {
  const analysis = await analysisOf(tx, tenantUid, reportUid, { sbom: null, audit: null, triage })
  await tx.update(insightReports).set({ analysis }).where(reportWhere(tenantUid, reportUid))
}

/** The insight_sboms columns of an SBOM (uploaded_at aside): all a store needs, without the document. */
export interface SbomColumns {
  specVersion: string
  componentCount: number
  vulnerabilityCount: number
  /** Of the normalised JSON. */
  documentBytes: number
  documentGzipBase64: string
  stats: SbomStats
  packages: string[] | null
  ecosystems: string[] | null
  demo: boolean
  /** Not an insight_sboms column: what insight_scans keeps of this upload. */
  history: ScanHistoryColumns
}

/** What storeScan writes: the SBOM's columns (made here or by the upload worker) and the audit. */
export interface StoredScan {
  sbom: SbomColumns | null
  audit: AuditResult | null
}

export const storedScan = (scan: PreparedScan): StoredScan => ({
  sbom: scan.sbom === null ? null : sbomColumns(scan.sbom),
  audit: scan.audit
})

/** The insight_sboms columns of a prepared SBOM (uploaded_at aside). */
export const sbomColumns = (sbom: PreparedSbom): SbomColumns => ({
  specVersion: sbom.document.spec_version,
  componentCount: sbom.document.components.length,
  vulnerabilityCount: sbom.document.vulnerabilities.length,
  documentBytes: Buffer.byteLength(sbom.json),
  documentGzipBase64: sbom.gzip.toString('base64'),
  stats: sbom.stats,
  packages: sbom.packages,
  ecosystems: sbom.ecosystems,
  demo: sbom.demo,
  history: sbom.history
})

/**
 * Stores the prepared parts in one transaction: each given part replaces the previous one of its
 * kind (an SBOM is also kept in the scan history, the newest `retention` of it), the analysis is rewritten from what the report now holds, `scan_uploaded_at` is set.
 * The report row is locked first, so a concurrent delete or upload waits (or wins cleanly).
 */
export async function storeScan(
  db: Db,
  tenantUid: string,
  reportUid: string,
  scan: StoredScan,
  { retention = DEFAULT_SCAN_RETENTION }: { retention?: number } = {}
): Promise<ScanAnswer> {
  // A big document goes in pieces before the transaction (sbom-chunks.ts); the row then points at them.
  let upload: string | null = null
  if (scan.sbom !== null) {
    try {
      upload = await stageChunks(db, tenantUid, reportUid, scan.sbom.documentGzipBase64)
    } catch (error) {
      // The report was deleted meanwhile (the pieces' foreign key): as the transaction below says it.
      const [report] = await db.select({ uid: insightReports.uid }).from(insightReports).where(reportWhere(tenantUid, reportUid))
      if (report === undefined) throw new HttpError(401, INVALID_REPORT_TOKEN)
      throw error
    }
  }
  let replaced: string | null = null
  try {
    await db.transaction(async (tx) => {
      const [report] = await tx
        .select({ uid: insightReports.uid })
        .from(insightReports)
        .where(reportWhere(tenantUid, reportUid))
        .for('update')
      if (report === undefined) throw new HttpError(401, INVALID_REPORT_TOKEN)
      const now = new Date()
      // The kept scan's tally, for the summary (undefined without an SBOM in this upload: read).
      let triage: TriageTally | undefined

      if (scan.sbom !== null) {
        const [previous] = await tx
          .select({ upload: insightSboms.documentUpload })
          .from(insightSboms)
          .where(owned(insightSboms, tenantUid, eq(insightSboms.reportUid, reportUid)))
        replaced = previous?.upload ?? null
        const { history, ...columns } = scan.sbom
        const values = {
          ...columns,
          ...(upload === null ? {} : { documentGzipBase64: '' }),
          documentUpload: upload,
          uploadedAt: now
        }
        await tx
          .insert(insightSboms)
          .values({ tenantUid, reportUid, ...values })
          .onConflictDoUpdate({ target: [insightSboms.tenantUid, insightSboms.reportUid], set: values })
        triage = await keepScan(tx, tenantUid, reportUid, history, now, retention)
      }
      await writeAudit(tx, tenantUid, reportUid, scan, now, triage)
    })
  } catch (error) {
    if (upload !== null) await dropChunks(db, upload)
    throw error
  }
  // The pieces the row pointed at before: nothing reads them any more.
  if (replaced !== null) await dropChunks(db, replaced)

  return {
    report_uid: reportUid,
    has_scan_uploaded: true,
    sbom:
      scan.sbom === null
        ? null
        : {
            spec_version: scan.sbom.specVersion,
            components: scan.sbom.componentCount,
            vulnerabilities: scan.sbom.vulnerabilityCount
          },
    audit: scan.audit === null ? null : { rules: scan.audit.rules.rules.length, results: scan.audit.results.length }
  }
}

/** The audit part of storeScan's transaction, then the report's analysis and upload time. */
async function writeAudit(
  tx: Db,
  tenantUid: string,
  reportUid: string,
  scan: StoredScan,
  now: Date,
  triage: TriageTally | undefined
): Promise<void> {
  if (scan.audit !== null) {
    const values = {
      ruleCount: scan.audit.rules.rules.length,
      resultCount: scan.audit.results.length,
      document: scan.audit,
      uploadedAt: now
    }
    await tx
      .insert(insightAudits)
      .values({ tenantUid, reportUid, ...values })
      .onConflictDoUpdate({ target: [insightAudits.tenantUid, insightAudits.reportUid], set: values })
  }
  const analysis = await analysisOf(tx, tenantUid, reportUid, { sbom: scan.sbom?.stats ?? null, audit: scan.audit, triage })
  await tx.update(insightReports).set({ analysis, scanUploadedAt: now }).where(reportWhere(tenantUid, reportUid))
}
