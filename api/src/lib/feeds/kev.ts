import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { bumpAllTenantData } from '../data-version.js'
import { deviceRisk } from '../vulns/risk.js'
import { plural } from '../plural.js'
import { rowsOf } from '../sql-rows.js'
import { FeedError } from './errors.js'
import { checkImportFile, fetchFeed, IMPORTED_FILE, type FileFeedSyncOptions, type FileOrigin } from './fetch-feed.js'
import type { FeedOutcome } from './progress.js'
import { markAttempt, markSuccess } from './sources.js'
import { json } from '../sql-params.js'
import { CVE_ID } from '../vulns/osv-record.js'

/**
 * CISA's Known Exploited Vulnerabilities catalogue (JSON): checked whole, then replaced whole in
 * one transaction. Devices with findings on CVEs that entered or left it get their KEV count and
 * risk recomputed (a KEV finding makes a device High).
 */

export const KEV_FEED = 'kev'
/** The catalogue is ~1.5 MB; anything past this is not it. */
const MAX_BYTES = 100 * 1024 * 1024
const DAY = /^\d{4}-\d{2}-\d{2}$/

export interface KevEntry {
  cve_id: string
  vendor_project: string
  product: string
  vulnerability_name: string
  date_added: string | null
  short_description: string
  required_action: string
  due_date: string | null
  known_ransomware_campaign_use: string
  notes: string
  cwes: string[]
}

export interface KevCatalogue {
  version: string | null
  releasedAt: Date | null
  entries: KevEntry[]
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): string => (typeof value === 'string' ? value.replaceAll('\u0000', '').trim() : '')
const day = (value: unknown): string | null => {
  const raw = text(value)
  return DAY.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : null
}

/** The catalogue as CISA publishes it; a FeedError when it is not that (or a cut-off copy). */
export function parseKev(json: string): KevCatalogue {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch (error) {
    throw new FeedError(`the KEV catalogue is not JSON (${(error as Error).message})`)
  }
  if (!isObject(parsed) || !Array.isArray(parsed.vulnerabilities))
    throw new FeedError('not the KEV catalogue: no "vulnerabilities" list')
  const list = parsed.vulnerabilities
  if (typeof parsed.count === 'number' && parsed.count !== list.length) {
    throw new FeedError(`the KEV catalogue says ${parsed.count} entries but holds ${list.length}`)
  }
  const entries = new Map<string, KevEntry>()
  list.forEach((item, index) => {
    const cve = isObject(item) ? text(item.cveID) : ''
    if (!CVE_ID.test(cve)) throw new FeedError(`KEV entry ${index + 1} has no valid cveID`)
    const entry = item as Record<string, unknown>
    entries.set(cve, {
      cve_id: cve,
      vendor_project: text(entry.vendorProject),
      product: text(entry.product),
      vulnerability_name: text(entry.vulnerabilityName),
      date_added: day(entry.dateAdded),
      short_description: text(entry.shortDescription),
      required_action: text(entry.requiredAction),
      due_date: day(entry.dueDate),
      known_ransomware_campaign_use: text(entry.knownRansomwareCampaignUse) || 'Unknown',
      notes: text(entry.notes),
      cwes: Array.isArray(entry.cwes) ? entry.cwes.map(text).filter((cwe) => cwe !== '') : []
    })
  })
  const released = text(parsed.dateReleased)
  return {
    version: text(parsed.catalogVersion) || null,
    releasedAt: released === '' || Number.isNaN(Date.parse(released)) ? null : new Date(released),
    entries: [...entries.values()]
  }
}

/** Replaces the catalogue in one transaction; answers the CVE ids that entered or left it. */
async function replaceKev(db: Db, catalogue: KevCatalogue, state: FileOrigin): Promise<Set<string>> {
  return await db.transaction(async (tx) => {
    const before = new Set(
      rowsOf<{ cve_id: string }>(await tx.execute(sql`SELECT cve_id FROM kev_entries`)).map((row) => row.cve_id)
    )
    await tx.execute(sql`DELETE FROM kev_entries`)
    for (let i = 0; i < catalogue.entries.length; i += 2000) {
      await tx.execute(sql`
        INSERT INTO kev_entries (cve_id, vendor_project, product, vulnerability_name, date_added, short_description, required_action,
          due_date, known_ransomware_campaign_use, notes, cwes)
        SELECT cve_id, vendor_project, product, vulnerability_name, date_added, short_description, required_action, due_date,
          known_ransomware_campaign_use, notes, cwes
        FROM jsonb_to_recordset(${json(catalogue.entries.slice(i, i + 2000))}) AS r(cve_id text, vendor_project text, product text,
          vulnerability_name text, date_added date, short_description text, required_action text, due_date date,
          known_ransomware_campaign_use text, notes text, cwes jsonb)`)
    }
    const after = new Set(catalogue.entries.map((entry) => entry.cve_id))
    const changed = new Set([...before].filter((id) => !after.has(id)))
    for (const id of after) if (!before.has(id)) changed.add(id)
    await markSuccess(tx, KEV_FEED, {
      ...state,
      records: after.size,
      version: catalogue.version,
      releasedAt: catalogue.releasedAt,
      changed: changed.size > 0
    })
    return changed
  })
}

/**
 * Stored KEV counts and risk of the devices with findings on these CVEs, recomputed with the one
 * risk rule (deviceRisk) from one grouped query and written by one update per 1,000 devices.
 */
export async function refreshKevDevices(db: Db, cveIds: Set<string>): Promise<number> {
  if (cveIds.size === 0) return 0
  const stats = rowsOf<{ tenant_uid: string; device_uid: string; worst: number | null; kev: number }>(
    await db.execute(sql`
    WITH touched AS (
      SELECT DISTINCT f.tenant_uid, f.device_uid FROM package_findings f JOIN vulnerabilities v ON v.uid = f.vulnerability_uid
      WHERE v.cve_id = ANY(ARRAY(SELECT jsonb_array_elements_text(${json([...cveIds])}))))
    SELECT f.tenant_uid, f.device_uid, max(f.score) AS worst,
      count(*) FILTER (WHERE EXISTS (SELECT 1 FROM kev_entries k WHERE k.cve_id = v.cve_id))::int AS kev
    FROM package_findings f JOIN touched t ON t.tenant_uid = f.tenant_uid AND t.device_uid = f.device_uid
      JOIN vulnerabilities v ON v.uid = f.vulnerability_uid
    GROUP BY f.tenant_uid, f.device_uid`)
  )
  for (let i = 0; i < stats.length; i += 1000) {
    const rows = stats.slice(i, i + 1000).map((row) => {
      const risk = deviceRisk([row.worst === null ? null : Number(row.worst)], Number(row.kev))
      return {
        tenant_uid: row.tenant_uid,
        uid: row.device_uid,
        kev_count: Number(row.kev),
        risk_score: risk.riskScore,
        risk_rank: risk.riskRank
      }
    })
    await db.execute(sql`
      UPDATE devices d SET kev_count = s.kev_count, risk_score = s.risk_score, risk_rank = s.risk_rank
      FROM jsonb_to_recordset(${json(rows)}) AS s(tenant_uid uuid, uid uuid, kev_count integer, risk_score text, risk_rank smallint)
      WHERE d.tenant_uid = s.tenant_uid AND d.uid = s.uid`)
  }
  return stats.length
}

async function applyKev(db: Db, catalogue: KevCatalogue, state: FileOrigin): Promise<{ changed: number; devices: number }> {
  const changed = await replaceKev(db, catalogue, state)
  const devices = await refreshKevDevices(db, changed)
  bumpAllTenantData()
  return { changed: changed.size, devices }
}

const describe = (catalogue: KevCatalogue, result: { changed: number; devices: number }): string =>
  `kev: ${plural(catalogue.entries.length, 'entry', 'entries')}${catalogue.version === null ? '' : ` (catalogue ${catalogue.version})`}, ` +
  `${plural(result.changed, 'CVE')} entered or left it, ${plural(result.devices, 'device')} re-rated`

export async function syncKev(db: Db, options: FileFeedSyncOptions): Promise<FeedOutcome> {
  const feed = { name: KEV_FEED, kind: 'kev' as const, ecosystem: null, url: options.url }
  return await fetchFeed(db, feed, { ...options, stem: 'kev', extension: '.json' }, async (file, fetched) => {
    if (fetched.bytes > MAX_BYTES)
      throw new FeedError(`the KEV catalogue is too large (${fetched.bytes.toLocaleString('en-US')} bytes)`)
    const catalogue = parseKev(await fs.promises.readFile(file, 'utf8'))
    const result = await applyKev(db, catalogue, { validators: fetched.validators, sha256: fetched.sha256 })
    return { name: KEV_FEED, status: result.changed > 0 ? 'changed' : 'unchanged', message: describe(catalogue, result) }
  })
}

/** `import-kev PATH`: the catalogue from a file (an offline install). The next sync downloads again. */
export async function importKevFile(db: Db, file: string): Promise<string> {
  await checkImportFile(file, MAX_BYTES, 'the KEV catalogue')
  const catalogue = parseKev(await fs.promises.readFile(file, 'utf8'))
  await markAttempt(db, { name: KEV_FEED, kind: 'kev', ecosystem: null, url: null })
  const result = await applyKev(db, catalogue, IMPORTED_FILE)
  return describe(catalogue, result)
}
