import { promisify } from 'node:util'
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib'
import type { ScanDiff, ScanList, ScanListItem } from '@console/contracts'
import { and, desc, eq, notInArray } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { insightScans as s, insightVulnAnalyses, type ScanVulnerability } from '../../db/schema/index.js'
import { HttpError } from '../http-error.js'
import { isUuid, owned, uidOr404 } from '../tenant-scope.js'
import type { TriageTally } from './analysis.js'
import { consoleAnalysisKey, isOpenState, refKeysOf } from './analysis-keys.js'
import type { SbomDocument } from './cyclonedx.js'
import { reportOr404 } from './reports.js'
import { highestSeverity } from './severity.js'

const gzip = promisify(gzipCallback)
const gunzip = promisify(gunzipCallback)

/**
 * A report's scan history: each accepted SBOM upload is kept (insight_scans) as its counts, its
 * components as [name, purl, version] and its vulnerabilities with state, not the document; the
 * newest `retention` per report stay. The newest scan's open counts follow the console's triage
 * (refreshed after each change); older scans keep what held when they were replaced.
 */

export const DEFAULT_SCAN_RETENTION = 20

/** One component as a scan keeps it: [group/name, purl, version]. */
export type ScanComponent = [name: string, purl: string | null, version: string | null]

/** What a scan keeps of an SBOM, made where the document is (the upload worker, or packSbom). */
export interface ScanHistoryColumns {
  componentCount: number
  componentsGzipBase64: string
  vulnerabilities: ScanVulnerability[]
}

/** The scan summary of a normalised SBOM (after its feed analysis and severities). */
export async function scanHistoryOf(document: SbomDocument): Promise<ScanHistoryColumns> {
  const components: ScanComponent[] = document.components.map((c) => [
    c.group === null ? c.name : `${c.group}/${c.name}`,
    c.purl,
    c.version
  ])
  const keyOf = refKeysOf(document)
  return {
    componentCount: components.length,
    componentsGzipBase64: (await gzip(JSON.stringify(components), { level: 6 })).toString('base64'),
    vulnerabilities: document.vulnerabilities.map((v) => {
      const state = v.analysis?.state ?? null
      return {
        id: v.id,
        severity: highestSeverity(v.ratings),
        state,
        keys: [...new Set(v.affects.map((affect) => affect.ref))].map(keyOf),
        open: isOpenState(state)
      }
    })
  }
}

type ConsoleStates = Map<string, string>

/** The console's analysis states of the report, by consoleAnalysisKey. */
async function consoleStates(db: Db, tenantUid: string, reportUid: string): Promise<ConsoleStates> {
  const a = insightVulnAnalyses
  const rows = await db
    .select({ key: a.componentKey, id: a.vulnerabilityId, state: a.state })
    .from(a)
    .where(owned(a, tenantUid, eq(a.reportUid, reportUid)))
  return new Map(rows.map((row) => [consoleAnalysisKey(row.key, row.id), row.state]))
}

/** The states deciding a vulnerability, one per affected component: the console's analysis for it, else the file's. */
const statesOf = (v: ScanVulnerability, states: ConsoleStates): Array<string | null> =>
  v.keys.length === 0
    ? [v.state]
    : v.keys.map((key) => (key === null || v.id === null ? undefined : states.get(consoleAnalysisKey(key, v.id))) ?? v.state)

/**
 * One pass over the states: each vulnerability open while any affected component is, and the
 * tally the report's summary gives (how many are open, and what closed the others: the first
 * component's state).
 */
function judge(
  vulnerabilities: ScanVulnerability[],
  states: ConsoleStates
): { vulnerabilities: ScanVulnerability[]; tally: TriageTally } {
  const tally: TriageTally = { open: 0, not_affected: 0, false_positive: 0, resolved: 0 }
  const judged = vulnerabilities.map((v) => {
    const each = statesOf(v, states)
    const open = each.some(isOpenState)
    if (open) tally.open++
    else tally[each[0] === 'not_affected' || each[0] === 'false_positive' ? each[0] : 'resolved']++
    return { ...v, open }
  })
  return { vulnerabilities: judged, tally }
}

/**
 * The newest scan's vulnerabilities as the console's analyses leave them (the file's where it has
 * none), tallied. Null without a scan.
 */
export async function latestTriageTally(db: Db, tenantUid: string, reportUid: string): Promise<TriageTally | null> {
  const [latest] = await db
    .select({ vulnerabilities: s.vulnerabilities })
    .from(s)
    .where(owned(s, tenantUid, eq(s.reportUid, reportUid)))
    .orderBy(desc(s.uploadedAt), desc(s.uid))
    .limit(1)
  if (latest === undefined) return null
  return judge(latest.vulnerabilities, await consoleStates(db, tenantUid, reportUid)).tally
}

const counts = (vulnerabilities: ScanVulnerability[]) => ({
  vulnerabilityCount: vulnerabilities.length,
  openCount: vulnerabilities.filter((v) => v.open).length,
  criticalCount: vulnerabilities.filter((v) => v.open && v.severity === 'critical').length
})

/**
 * Keeps a new scan (inside the upload's transaction) and deletes the ones past `retention`; answers
 * its triage tally (the report's summary needs it: not read back).
 */
export async function keepScan(
  tx: Db,
  tenantUid: string,
  reportUid: string,
  history: ScanHistoryColumns,
  uploadedAt: Date,
  retention: number
): Promise<TriageTally> {
  const { vulnerabilities, tally } = judge(history.vulnerabilities, await consoleStates(tx, tenantUid, reportUid))
  await tx.insert(s).values({
    tenantUid,
    reportUid,
    uploadedAt,
    componentCount: history.componentCount,
    componentsGzipBase64: history.componentsGzipBase64,
    vulnerabilities,
    ...counts(vulnerabilities)
  })
  const kept = tx
    .select({ uid: s.uid })
    .from(s)
    .where(owned(s, tenantUid, eq(s.reportUid, reportUid)))
    .orderBy(desc(s.uploadedAt), desc(s.uid))
    .limit(retention)
  await tx.delete(s).where(owned(s, tenantUid, eq(s.reportUid, reportUid), notInArray(s.uid, kept)))
  return tally
}

/**
 * The newest scan's open counts again, from the console's analyses as they are now (after a
 * triage change or a VEX); with `history` (a feed re-analysis rewrote the SBOM), its summary too.
 * Answers the scan's triage tally for the report's summary (null without a scan).
 */
export async function refreshLatestScan(
  db: Db,
  tenantUid: string,
  reportUid: string,
  history?: ScanHistoryColumns
): Promise<TriageTally | null> {
  const [latest] = await db
    .select({ uid: s.uid, vulnerabilities: s.vulnerabilities })
    .from(s)
    .where(owned(s, tenantUid, eq(s.reportUid, reportUid)))
    .orderBy(desc(s.uploadedAt), desc(s.uid))
    .limit(1)
  if (latest === undefined) return null
  const { vulnerabilities, tally } = judge(
    history?.vulnerabilities ?? latest.vulnerabilities,
    await consoleStates(db, tenantUid, reportUid)
  )
  await db
    .update(s)
    .set({
      vulnerabilities,
      ...counts(vulnerabilities),
      ...(history === undefined
        ? {}
        : { componentCount: history.componentCount, componentsGzipBase64: history.componentsGzipBase64 })
    })
    .where(and(eq(s.tenantUid, tenantUid), eq(s.uid, latest.uid)))
  return tally
}

const LIST_COLUMNS = {
  uid: s.uid,
  uploadedAt: s.uploadedAt,
  componentCount: s.componentCount,
  vulnerabilityCount: s.vulnerabilityCount,
  openCount: s.openCount,
  criticalCount: s.criticalCount
}

const listItem = (row: {
  uid: string
  uploadedAt: Date
  componentCount: number
  vulnerabilityCount: number
  openCount: number
  criticalCount: number
}): ScanListItem => ({
  id: row.uid,
  uploaded_at: row.uploadedAt.toISOString(),
  components: row.componentCount,
  vulnerabilities: row.vulnerabilityCount,
  open: row.openCount,
  critical: row.criticalCount
})

/** The report's kept scans, newest first (404 when the report is not the tenant's). */
export async function listScans(db: Db, tenantUid: string, uid: string): Promise<ScanList> {
  await reportOr404(db, tenantUid, uid)
  const rows = await db
    .select(LIST_COLUMNS)
    .from(s)
    .where(owned(s, tenantUid, eq(s.reportUid, uidOr404(uid))))
    .orderBy(desc(s.uploadedAt), desc(s.uid))
  return { results: rows.map(listItem) }
}

async function scanOf(db: Db, tenantUid: string, reportUid: string, field: 'from' | 'to', id: string) {
  if (!isUuid(id)) throw new HttpError(400, `${field}: not a scan id.`)
  const [row] = await db
    .select({ ...LIST_COLUMNS, components: s.componentsGzipBase64, vulnerabilities: s.vulnerabilities })
    .from(s)
    .where(owned(s, tenantUid, eq(s.reportUid, reportUid), eq(s.uid, id.toLowerCase())))
  if (row === undefined) throw new HttpError(404, `${field}: no such scan of this report (it may have passed the retention).`)
  const components = JSON.parse((await gunzip(Buffer.from(row.components, 'base64'))).toString('utf8')) as ScanComponent[]
  return { item: listItem(row), components, vulnerabilities: row.vulnerabilities }
}

/** The diff of two kept scans of the report (scan-diff.ts). */
export async function scanDiff(db: Db, tenantUid: string, uid: string, fromId: string, toId: string): Promise<ScanDiff> {
  await reportOr404(db, tenantUid, uid)
  const reportUid = uidOr404(uid)
  const from = await scanOf(db, tenantUid, reportUid, 'from', fromId)
  const to = await scanOf(db, tenantUid, reportUid, 'to', toId)
  return {
    from: from.item,
    to: to.item,
    components: diffComponents(from.components, to.components),
    vulnerabilities: diffVulnerabilities(from.vulnerabilities, to.vulnerabilities)
  }
}

/** A package's identity across versions: the purl without version, qualifiers and subpath, else the name. */
export function packageIdentity(name: string, purl: string | null): string {
  if (purl === null) return `name:${name}`
  const bare = purl.split(/[?#]/, 1)[0]!
  const at = bare.lastIndexOf('@')
  return at > bare.lastIndexOf('/') ? bare.slice(0, at) : bare
}

const byVersion = (a: ScanComponent, b: ScanComponent): number => (a[2] ?? '').localeCompare(b[2] ?? '', 'en', { numeric: true })
const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/** identity → version → the component (each version once: copies of a package at several paths are one). */
function versionsByPackage(components: ScanComponent[]): Map<string, Map<string | null, ScanComponent>> {
  const packages = new Map<string, Map<string | null, ScanComponent>>()
  for (const component of components) {
    const identity = packageIdentity(component[0], component[1])
    const versions = packages.get(identity) ?? new Map<string | null, ScanComponent>()
    if (!versions.has(component[2])) versions.set(component[2], component)
    packages.set(identity, versions)
  }
  return packages
}

const shown = ([name, purl, version]: ScanComponent) => ({ name, purl, version })

/**
 * Versions only in `to` are added, only in `from` removed; a package with both pairs them in
 * version order as upgrades (or downgrades: "upgraded" means another version of the same package).
 */
export function diffComponents(fromList: ScanComponent[], toList: ScanComponent[]): ScanDiff['components'] {
  const before = versionsByPackage(fromList)
  const after = versionsByPackage(toList)
  const diff: ScanDiff['components'] = { added: [], removed: [], upgraded: [] }
  for (const identity of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(identity) ?? new Map<string | null, ScanComponent>()
    const now = after.get(identity) ?? new Map<string | null, ScanComponent>()
    const gone = [...old]
      .filter(([version]) => !now.has(version))
      .map(([, c]) => c)
      .sort(byVersion)
    const come = [...now]
      .filter(([version]) => !old.has(version))
      .map(([, c]) => c)
      .sort(byVersion)
    const pairs = Math.min(gone.length, come.length)
    for (let i = 0; i < pairs; i++)
      diff.upgraded.push({ name: come[i]![0], purl: come[i]![1], from_version: gone[i]![2], to_version: come[i]![2] })
    diff.removed.push(...gone.slice(pairs).map(shown))
    diff.added.push(...come.slice(pairs).map(shown))
  }
  diff.added.sort(byName)
  diff.removed.sort(byName)
  diff.upgraded.sort(byName)
  return diff
}

/** id → open and severity (an id listed twice is open while either entry is; its highest severity). */
function byId(vulnerabilities: ScanVulnerability[]): Map<string, { open: boolean; severity: string }> {
  const ids = new Map<string, { open: boolean; severity: string }>()
  for (const v of vulnerabilities) {
    if (v.id === null) continue
    const seen = ids.get(v.id)
    ids.set(v.id, {
      open: v.open || (seen?.open ?? false),
      severity: seen === undefined ? v.severity : highestSeverity([{ severity: seen.severity }, { severity: v.severity }])
    })
  }
  return ids
}

export function diffVulnerabilities(fromList: ScanVulnerability[], toList: ScanVulnerability[]): ScanDiff['vulnerabilities'] {
  const before = byId(fromList)
  const after = byId(toList)
  const diff: ScanDiff['vulnerabilities'] = { new: [], fixed: [], still_open: [] }
  for (const [id, now] of after) {
    const was = before.get(id)
    if (now.open) (was?.open === true ? diff.still_open : diff.new).push({ id, severity: now.severity })
  }
  for (const [id, was] of before) {
    if (was.open && after.get(id)?.open !== true) diff.fixed.push({ id, severity: after.get(id)?.severity ?? was.severity })
  }
  const sorted = (list: Array<{ id: string }>) => list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  sorted(diff.new)
  sorted(diff.fixed)
  sorted(diff.still_open)
  return diff
}
