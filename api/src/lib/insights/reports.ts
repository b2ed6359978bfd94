import { promisify } from 'node:util'
import { gunzip as gunzipCallback } from 'node:zlib'
import type {
  AssessmentType,
  AuditResult,
  Report,
  ReportContext,
  ReportList,
  ReportPatch,
  SbomLicenseSets,
  ScanStatus
} from '@console/contracts'
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { insightAudits, insightReports, insightSboms, insightScans } from '../../db/schema/index.js'
import { deleteOwned, found, owned, uidOr404, updateOwned } from '../tenant-scope.js'
import { hashToken, randomToken, safeEqual } from '../tokens.js'
import { HttpError } from '../http-error.js'
import type { SbomDocument } from './cyclonedx.js'
import { sbomText } from './sbom-chunks.js'

const gunzip = promisify(gunzipCallback)

/**
 * Every query on the INSIGHTS tables lives here and is scoped with `owned(table, tenantUid, ...)`:
 * the tenant is always the caller's (`request.tenantUid`, set by the tenant guard from the session
 * or the report token), so another tenant's report answers exactly like an unknown one (404).
 */

/** Upload tokens: `rt_` + 32 url-safe characters (192 random bits). */
export const REPORT_TOKEN_PREFIX = 'rt_'
const TOKEN_SHAPE = /^rt_[A-Za-z0-9_-]{32}$/
export const newReportToken = (): string => `${REPORT_TOKEN_PREFIX}${randomToken(24)}`

const r = insightReports
/** A report's scan part (SBOM, audit) joined to its report. */
export const partOfReport = (part: typeof insightSboms | typeof insightAudits): SQL =>
  and(eq(part.tenantUid, r.tenantUid), eq(part.reportUid, r.uid)) as SQL
/**
 * The report's own columns, qualified: drizzle writes a select's columns unqualified when it
 * selects from one table, and inside a subquery "uid" would then name the subquery's own column.
 */
const reportTenant = sql.raw('"insight_reports"."tenant_uid"')
const reportUid = sql.raw('"insight_reports"."uid"')
const partExists = (table: typeof insightSboms | typeof insightAudits): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${table} where ${table.tenantUid} = ${reportTenant} and ${table.reportUid} = ${reportUid})`

const COLUMNS = {
  uid: r.uid,
  name: r.name,
  assessmentType: r.assessmentType,
  createdAt: r.createdAt,
  token: r.token,
  scanUploadedAt: r.scanUploadedAt,
  analysis: r.analysis,
  hasSbom: partExists(insightSboms),
  hasAudit: partExists(insightAudits),
  make: r.make,
  model: r.model,
  internetFacing: r.internetFacing,
  otaCapable: r.otaCapable,
  encryptionAtRest: r.encryptionAtRest,
  encryptionInTransit: r.encryptionInTransit,
  industry: r.industry,
  purpose: r.purpose,
  environment: r.environment,
  soldIn: r.soldIn
}
type ReportRow = Omit<typeof r.$inferSelect, 'tenantUid' | 'tokenHash'> & { hasSbom: boolean; hasAudit: boolean }

const orNull = (value: string): string | null => (value === '' ? null : value)

function present(row: ReportRow): Report {
  return {
    uid: row.uid,
    name: row.name,
    assessment_type: row.assessmentType as AssessmentType,
    created_at: row.createdAt.toISOString(),
    token: row.token,
    has_scan_uploaded: row.scanUploadedAt !== null,
    has_sbom: row.hasSbom,
    has_audit: row.hasAudit,
    scan_uploaded_at: row.scanUploadedAt === null ? null : row.scanUploadedAt.toISOString(),
    analysis: row.analysis,
    make: orNull(row.make),
    model: orNull(row.model),
    industry: orNull(row.industry),
    context: {
      make: row.make,
      model: row.model,
      internet_facing: row.internetFacing,
      ota_capable: row.otaCapable,
      encryption_at_rest: row.encryptionAtRest,
      encryption_in_transit: row.encryptionInTransit,
      industry: row.industry,
      purpose: row.purpose,
      environment: row.environment,
      sold_in: row.soldIn
    }
  }
}

/** The WHERE of one report of the caller's tenant; a uid that is not a uuid is a 404. */
export const reportWhere = (tenantUid: string, uid: string): SQL => owned(r, tenantUid, eq(r.uid, uidOr404(uid)))

/** A count of the report's newest kept scan (null: none kept). */
const latestScan = (column: typeof insightScans.openCount | typeof insightScans.criticalCount): SQL<number | null> =>
  sql<
    number | null
  >`(select ${column} from ${insightScans} where ${insightScans.tenantUid} = ${reportTenant} and ${insightScans.reportUid} = ${reportUid} order by ${insightScans.uploadedAt} desc, ${insightScans.uid} desc limit 1)`

const scanStatus = (hasSbom: boolean, hasAudit: boolean): ScanStatus =>
  hasSbom ? (hasAudit ? 'sbom_and_audit' : 'sbom') : hasAudit ? 'audit' : 'not_uploaded'

export async function listReports(db: Db, tenantUid: string, limit: number, offset: number): Promise<ReportList> {
  const [total] = await db.select({ n: count() }).from(r).where(owned(r, tenantUid))
  const rows = await db
    .select({
      uid: r.uid,
      name: r.name,
      assessmentType: r.assessmentType,
      createdAt: r.createdAt,
      scanUploadedAt: r.scanUploadedAt,
      hasSbom: partExists(insightSboms),
      hasAudit: partExists(insightAudits),
      open: latestScan(insightScans.openCount),
      critical: latestScan(insightScans.criticalCount)
    })
    .from(r)
    .where(owned(r, tenantUid))
    .orderBy(desc(r.createdAt), desc(r.uid))
    .limit(limit)
    .offset(offset)
  return {
    count: total?.n ?? 0,
    results: rows.map((row) => ({
      uid: row.uid,
      name: row.name,
      assessment_type: row.assessmentType as AssessmentType,
      created_at: row.createdAt.toISOString(),
      has_scan_uploaded: row.scanUploadedAt !== null,
      scan_status: scanStatus(row.hasSbom, row.hasAudit),
      scan_uploaded_at: row.scanUploadedAt === null ? null : row.scanUploadedAt.toISOString(),
      open_vulnerabilities: row.open,
      critical_vulnerabilities: row.critical
    }))
  }
}

export async function createReport(
  db: Db,
  tenantUid: string,
  input: {
    name: string
    assessmentType: AssessmentType
    /** The demo seed's back-dated reports and context; the API never sets these. */
    createdAt?: Date
    context?: Partial<ReportContext>
  }
): Promise<Report> {
  const token = newReportToken()
  const [row] = await db
    .insert(r)
    .values({
      tenantUid,
      name: input.name.trim(),
      assessmentType: input.assessmentType,
      token,
      tokenHash: hashToken(token),
      ...contextColumns(input.context ?? {}),
      ...(input.createdAt === undefined ? {} : { createdAt: input.createdAt })
    })
    .returning(COLUMNS)
  return present(row!)
}

export async function getReport(db: Db, tenantUid: string, uid: string): Promise<Report> {
  const [row] = await db.select(COLUMNS).from(r).where(reportWhere(tenantUid, uid))
  return present(found(row))
}

/** The columns a PATCH may change, by their API names. */
const CONTEXT_COLUMNS = {
  make: 'make',
  model: 'model',
  internet_facing: 'internetFacing',
  ota_capable: 'otaCapable',
  encryption_at_rest: 'encryptionAtRest',
  encryption_in_transit: 'encryptionInTransit',
  industry: 'industry',
  purpose: 'purpose',
  environment: 'environment',
  sold_in: 'soldIn'
} as const satisfies Record<keyof ReportContext, keyof typeof r.$inferInsert>

/** API context fields → column values; absent fields are left out (a PATCH changes only what it names). */
function contextColumns(context: Partial<ReportContext>): Partial<typeof r.$inferInsert> {
  const set: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(context)) {
    if (value !== undefined && Object.hasOwn(CONTEXT_COLUMNS, field)) set[CONTEXT_COLUMNS[field as keyof ReportContext]] = value
  }
  return set as Partial<typeof r.$inferInsert>
}

export async function updateReport(db: Db, tenantUid: string, uid: string, changes: ReportPatch): Promise<Report> {
  const set = contextColumns(changes.context ?? {})
  if (changes.name !== undefined) set.name = changes.name.trim()
  return present(await updateOwned(db, r, tenantUid, uid, set, COLUMNS))
}

export async function deleteReport(db: Db, tenantUid: string, uid: string): Promise<void> {
  await deleteOwned(db, r, tenantUid, uid)
}

/** The stored audit, or null when none was uploaded (404 when the report is not the tenant's). */
export async function getAudit(db: Db, tenantUid: string, uid: string): Promise<AuditResult | null> {
  const [row] = await db
    .select({ uid: r.uid, document: insightAudits.document })
    .from(r)
    .leftJoin(insightAudits, partOfReport(insightAudits))
    .where(reportWhere(tenantUid, uid))
  return found(row).document
}

/**
 * The SBOM's components by the licenses they state, as counted at upload (sets: null for an SBOM
 * stored before); 404 when no SBOM was uploaded or the report is not the tenant's.
 */
export async function sbomLicenseSets(db: Db, tenantUid: string, uid: string): Promise<SbomLicenseSets> {
  const [row] = await db
    .select({ uid: r.uid, stats: insightSboms.stats })
    .from(r)
    .leftJoin(insightSboms, partOfReport(insightSboms))
    .where(reportWhere(tenantUid, uid))
  const { stats } = found(row)
  if (stats === null) throw new HttpError(404, 'No SBOM data available.')
  return stats.licenses ?? { sets: null, complete: false }
}

/** The stored SBOM as gzip bytes plus its uncompressed size, or null when none was uploaded. */
export async function getSbomGzip(db: Db, tenantUid: string, uid: string): Promise<{ gzip: Buffer; bytes: number } | null> {
  const [row] = await db
    .select({
      uid: r.uid,
      gzip: insightSboms.documentGzipBase64,
      upload: insightSboms.documentUpload,
      bytes: insightSboms.documentBytes
    })
    .from(r)
    .leftJoin(insightSboms, partOfReport(insightSboms))
    .where(reportWhere(tenantUid, uid))
  const report = found(row)
  if (report.gzip === null || report.bytes === null) return null
  return { gzip: Buffer.from(await sbomText(db, { gzip: report.gzip, upload: report.upload }), 'base64'), bytes: report.bytes }
}

/**
 * The report an upload token belongs to. Looked up by the token's SHA-256 (so the index never
 * compares the secret itself), then compared in constant time.
 */
export async function resolveReportToken(db: Db, token: string): Promise<{ uid: string; tenantUid: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null
  const [row] = await db
    .select({ uid: r.uid, tenantUid: r.tenantUid, token: r.token })
    .from(r)
    .where(eq(r.tokenHash, hashToken(token)))
  if (row === undefined || !safeEqual(row.token, token)) return null
  return { uid: row.uid, tenantUid: row.tenantUid }
}

/** The stored SBOM, parsed; 404 when none was uploaded (or the report is not the tenant's). */
export async function sbomOf(db: Db, tenantUid: string, uid: string): Promise<SbomDocument> {
  const document = await sbomOrNull(db, tenantUid, uid)
  if (document === null) throw new HttpError(404, 'No SBOM data available.')
  return document
}

/** The stored SBOM, parsed, or null when none was uploaded (404 when the report is not the tenant's). */
export async function sbomOrNull(db: Db, tenantUid: string, uid: string): Promise<SbomDocument | null> {
  const stored = await getSbomGzip(db, tenantUid, uid)
  return stored === null ? null : (JSON.parse((await gunzip(stored.gzip)).toString('utf8')) as SbomDocument)
}

/** 404 unless the tenant has report `uid` (for writes under a report that need nothing of it). */
export async function reportOr404(db: Db, tenantUid: string, uid: string): Promise<void> {
  const [row] = await db.select({ uid: r.uid }).from(r).where(reportWhere(tenantUid, uid))
  found(row)
}
