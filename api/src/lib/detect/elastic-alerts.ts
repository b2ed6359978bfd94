import { ALERT_INGEST_LIMITS, type AlertIngestAnswer } from '@console/contracts'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { alerts, devices, type AssociatedAlert } from '../../db/schema/index.js'
import { HttpError } from '../http-error.js'
import { formatPath, inspectJson, type JsonIssue } from '../json-inspect.js'
import { chunks } from '../sql-rows.js'
import { parseTimestamp } from '../timestamps.js'
import { bumpTenantData } from '../data-version.js'
import { priorityRank, type Priority } from './priority.js'
import { isUuid, owned } from '../tenant-scope.js'

/**
 * Ingest of Elastic Security alert documents (the `.alerts-security.alerts-*` documents, or what
 * a Kibana connector / webhook sends). Elastic writes fields either nested
 * (`{"kibana": {"alert": {"uuid": ...}}}`) or flattened (`{"kibana.alert.uuid": ...}`) or mixed;
 * every document is flattened to dotted keys first, so both read the same.
 */

interface NormalisedAlert {
  name: string
  elasticAlertId: string
  elasticRuleId: string
  elasticIndex: string
  elasticGroupId: string
  createdAt: Date
  priority: Priority
  status: 'OPEN' | 'CLOSED'
  mitreIds: string[]
  summary: string
  description: string
  recommendation: string
  indicator: string
  model: string
  eventData: Record<string, unknown>
  related: AssociatedAlert[]
  deviceUid: string | null
  hostName: string | null
}

/** Invalid alert document: the message names the field (unlike insights/document.ts, no JSON path prefix). */
class AlertDocumentError extends Error {}

type Flat = Map<string, unknown>

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Recursive, but only ever run on a document whose depth `checkDocument` has bounded. */
function flatten(value: Record<string, unknown>, prefix = '', out: Flat = new Map(), depth = 0): Flat {
  if (depth > ALERT_INGEST_LIMITS.depth) throw new AlertDocumentError('The document is nested too deeply.')
  for (const [key, child] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`
    if (isPlainObject(child) && Object.keys(child).length > 0) flatten(child, path, out, depth + 1)
    else out.set(path, child)
  }
  return out
}

/** A string field (the first of the keys present), or undefined; any other type is an error. */
function text(flat: Flat, keys: string[], max: number = ALERT_INGEST_LIMITS.text): string | undefined {
  for (const key of keys) {
    let value = flat.get(key)
    // The fields API returns one-element arrays for single values.
    if (Array.isArray(value) && value.length === 1) value = value[0]
    if (value === undefined || value === null) continue
    if (typeof value !== 'string') throw new AlertDocumentError(`${key} must be a string.`)
    if (value.length > max) throw new AlertDocumentError(`${key} is longer than ${max} characters.`)
    return value
  }
  return undefined
}

function date(flat: Flat, keys: string[]): Date | undefined {
  for (const key of keys) {
    let value = flat.get(key)
    if (Array.isArray(value) && value.length === 1) value = value[0]
    if (value === undefined || value === null) continue
    const parsed = parseTimestamp(value)
    if (parsed === undefined)
      throw new AlertDocumentError(`${key} must be an ISO 8601 date-time or epoch milliseconds, from year 0001 to 9999.`)
    return parsed
  }
  return undefined
}

const SEVERITIES: Record<string, Priority> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' }

/** kibana.alert.severity, else the 0..100 risk score in Elastic's own bands, else Medium. */
function priority(flat: Flat): Priority {
  const severity = text(flat, ['kibana.alert.severity', 'kibana.alert.rule.severity', 'signal.rule.severity'])
  if (severity !== undefined) {
    const mapped = SEVERITIES[severity.toLowerCase()]
    if (mapped === undefined) throw new AlertDocumentError('kibana.alert.severity must be low, medium, high or critical.')
    return mapped
  }
  let risk = flat.get('kibana.alert.risk_score') ?? flat.get('kibana.alert.rule.risk_score')
  if (Array.isArray(risk) && risk.length === 1) risk = risk[0]
  if (risk !== undefined && risk !== null) {
    if (typeof risk !== 'number' || risk < 0 || risk > 100)
      throw new AlertDocumentError('kibana.alert.risk_score must be a number from 0 to 100.')
    return risk >= 74 ? 'Critical' : risk >= 48 ? 'High' : risk >= 22 ? 'Medium' : 'Low'
  }
  return 'Medium'
}

const MITRE_ID = /^T\d{4}(\.\d{3})?$/

/** Technique and sub-technique ids from `threat[]` (nested) or the fields-API flattened arrays. */
function mitreIds(flat: Flat): string[] {
  const ids = new Set<string>()
  const take = (value: unknown, field: string) => {
    for (const id of ([] as unknown[]).concat(value ?? [])) {
      if (typeof id !== 'string') throw new AlertDocumentError(`${field} must hold strings.`)
      if (MITRE_ID.test(id)) ids.add(id)
    }
  }
  for (const base of ['kibana.alert.rule.threat', 'signal.rule.threat']) {
    const threats = flat.get(base)
    if (threats !== undefined) {
      if (!Array.isArray(threats)) throw new AlertDocumentError(`${base} must be a list.`)
      for (const threat of threats) {
        if (!isPlainObject(threat)) throw new AlertDocumentError(`${base} must hold objects.`)
        for (const technique of ([] as unknown[]).concat(flatten(threat).get('technique') ?? [])) {
          if (!isPlainObject(technique)) throw new AlertDocumentError(`${base}[].technique must hold objects.`)
          const t = flatten(technique)
          take(t.get('id'), `${base}[].technique[].id`)
          for (const sub of ([] as unknown[]).concat(t.get('subtechnique') ?? [])) {
            if (!isPlainObject(sub)) throw new AlertDocumentError(`${base}[].technique[].subtechnique must hold objects.`)
            take(flatten(sub).get('id'), `${base}[].technique[].subtechnique[].id`)
          }
        }
      }
    }
    take(flat.get(`${base}.technique.id`), `${base}.technique.id`)
    take(flat.get(`${base}.technique.subtechnique.id`), `${base}.technique.subtechnique.id`)
  }
  return [...ids].sort()
}

function related(flat: Flat): AssociatedAlert[] {
  const out: AssociatedAlert[] = []
  for (const key of ['associated_alert_ids', 'related']) {
    const value = flat.get(key)
    if (value === undefined || value === null) continue
    if (!Array.isArray(value)) throw new AlertDocumentError(`${key} must be a list of alert ids.`)
    if (value.length > ALERT_INGEST_LIMITS.related)
      throw new AlertDocumentError(`${key} holds more than ${ALERT_INGEST_LIMITS.related} alerts.`)
    for (const item of value) {
      if (typeof item === 'string' && item !== '' && item.length <= 256)
        out.push({ elastic_rule_name: '', elastic_alert_id: item })
      else if (
        isPlainObject(item) &&
        typeof item.elastic_alert_id === 'string' &&
        item.elastic_alert_id !== '' &&
        item.elastic_alert_id.length <= 256 &&
        (item.elastic_rule_name === undefined || typeof item.elastic_rule_name === 'string')
      ) {
        out.push({
          elastic_rule_name: String(item.elastic_rule_name ?? '').slice(0, 500),
          elastic_alert_id: item.elastic_alert_id
        })
      } else {
        throw new AlertDocumentError(`${key} must hold alert ids or {elastic_alert_id, elastic_rule_name} objects.`)
      }
    }
  }
  return out
}

/** Fields that describe the alert itself rather than the event: kept out of event_data. */
const OWN_FIELDS =
  /^(kibana\.|signal\.|_id$|_index$|_score$|@timestamp$|device$|related$|associated_alert_ids$|indicator$|model$|recommendation$)/
const INDICATOR_FIELDS = [
  'threat.indicator.name',
  'source.ip',
  'destination.ip',
  'url.full',
  'dns.question.name',
  'file.path',
  'process.command_line',
  'process.name',
  'user.name',
  'host.name'
]

function eventData(flat: Flat): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const [key, value] of flat) {
    if (key.startsWith('kibana.alert.original_event.'))
      data[`event.${key.slice('kibana.alert.original_event.'.length)}`] ??= value
    else if (!OWN_FIELDS.test(key)) data[key] = value
  }
  return data
}

const issueText = (issue: JsonIssue): string =>
  issue.path.length === 0 ? issue.message : `${formatPath(issue.path)}: ${issue.message}`

/**
 * Depth first and without recursion (a document nested 5,000 levels deep overflowed the stack in
 * JSON.stringify below), then every string and key: what jsonb and text refuse is this
 * document's error, not the batch's 500.
 */
function checkDocument(input: unknown): void {
  const [issue] = inspectJson(input, { maxDepth: ALERT_INGEST_LIMITS.depth, maxIssues: 1 })
  if (issue !== undefined) throw new AlertDocumentError(issueText(issue))
}

/** One document → the alert it describes, or a AlertDocumentError naming the bad field. */
export function normaliseAlert(input: unknown): NormalisedAlert {
  if (!isPlainObject(input)) throw new AlertDocumentError('An alert must be a JSON object.')
  checkDocument(input)
  if (JSON.stringify(input).length > ALERT_INGEST_LIMITS.alertBytes)
    throw new AlertDocumentError(`The alert is larger than ${ALERT_INGEST_LIMITS.alertBytes / 1024} KiB.`)
  // A search hit as Elasticsearch returns it: the document is its _source.
  const doc = isPlainObject(input._source) ? { ...input._source, _id: input._id, _index: input._index } : input
  const flat = flatten(doc)
  const name = text(flat, ['kibana.alert.rule.name', 'signal.rule.name'], 500)
  if (name === undefined || name.trim() === '') throw new AlertDocumentError('kibana.alert.rule.name is required.')
  const id = text(flat, ['kibana.alert.uuid', '_id', 'signal.id'], 256)
  if (id === undefined || id.trim() === '') throw new AlertDocumentError('kibana.alert.uuid (or _id) is required.')
  const createdAt = date(flat, ['@timestamp', 'kibana.alert.original_time'])
  if (createdAt === undefined) throw new AlertDocumentError('@timestamp (or kibana.alert.original_time) is required.')
  const device = text(flat, ['device'], 64)
  if (device !== undefined && !isUuid(device)) throw new AlertDocumentError('device must be a device uid.')
  const workflow = text(flat, ['kibana.alert.workflow_status', 'signal.status'], 64)
  const data = eventData(flat)
  let indicator = text(flat, ['indicator'], 2000)
  if (indicator === undefined) {
    const field = INDICATOR_FIELDS.find(
      (key) => typeof data[key] === 'string' || (Array.isArray(data[key]) && typeof (data[key] as unknown[])[0] === 'string')
    )
    indicator = field === undefined ? '' : String(([] as unknown[]).concat(data[field])[0]).slice(0, 2000)
  }
  return {
    name: name.trim(),
    elasticAlertId: id,
    elasticRuleId: text(flat, ['kibana.alert.rule.rule_id', 'kibana.alert.rule.uuid', 'signal.rule.rule_id'], 256) ?? '',
    elasticIndex: text(flat, ['_index'], 256) ?? '',
    elasticGroupId: text(flat, ['kibana.alert.group.id', 'signal.group.id'], 256) ?? '',
    createdAt,
    priority: priority(flat),
    status: workflow?.toLowerCase() === 'closed' ? 'CLOSED' : 'OPEN',
    mitreIds: mitreIds(flat),
    summary: text(flat, ['kibana.alert.reason', 'signal.reason']) ?? '',
    description: text(flat, ['kibana.alert.rule.description', 'signal.rule.description']) ?? '',
    recommendation: text(flat, ['recommendation', 'kibana.alert.rule.note', 'signal.rule.note']) ?? '',
    indicator,
    model: text(flat, ['model', 'kibana.alert.rule.type', 'signal.rule.type'], 200) ?? '',
    eventData: data,
    related: related(flat),
    deviceUid: device?.toLowerCase() ?? null,
    hostName: text(flat, ['host.name', 'host.hostname'], 255) ?? null
  }
}

/** The documents of a body: one alert document, or `{"alerts": [...]}`. 400 for anything else. */
export function documentsOf(body: Record<string, unknown>): { batch: boolean; documents: unknown[] } {
  if (!Object.hasOwn(body, 'alerts')) return { batch: false, documents: [body] }
  const list = body.alerts
  if (!Array.isArray(list)) throw new HttpError(400, 'alerts must be a list of alert documents.')
  if (Object.keys(body).length > 1) throw new HttpError(400, 'A batch body holds only "alerts": [...].')
  if (list.length === 0) throw new HttpError(400, 'alerts is empty.')
  if (list.length > ALERT_INGEST_LIMITS.alerts)
    throw new HttpError(400, `At most ${ALERT_INGEST_LIMITS.alerts} alerts per request (got ${list.length}).`)
  return { batch: true, documents: list }
}

/**
 * Duplicate keys (found by the body parser, which alone saw the text) by document index: one
 * document's is that document's error; anywhere else, or in a single document, the body's 400.
 */
function duplicatesByDocument(batch: boolean, issues: JsonIssue[]): Map<number, string> {
  const byDocument = new Map<number, string>()
  const outside: Record<string, string> = {}
  for (const issue of issues) {
    const [first, index] = issue.path
    if (batch && first === 'alerts' && typeof index === 'number') {
      if (!byDocument.has(index)) byDocument.set(index, issueText({ path: issue.path.slice(2), message: issue.message }))
    } else {
      outside[formatPath(issue.path)] ??= issue.message
    }
  }
  if (Object.keys(outside).length > 0) throw new HttpError(400, 'Invalid request body.', {}, outside)
  return byDocument
}

const merge = (list: AssociatedAlert[], more: AssociatedAlert[], self: string): AssociatedAlert[] => {
  const seen = new Set(list.map((a) => a.elastic_alert_id))
  const out = [...list]
  for (const a of more) {
    if (a.elastic_alert_id === self || seen.has(a.elastic_alert_id)) continue
    seen.add(a.elastic_alert_id)
    out.push(a)
  }
  return out
}

/**
 * Stores the alerts of one request for a tenant. Idempotent on the alert id: an id already stored
 * (or repeated in the body) counts as a duplicate and changes nothing, so a resend is harmless
 * and the console's OPEN/CLOSED decision is kept. A single bad document is a 400; in a batch,
 * bad documents are listed in `rejected` by index and the good ones stored.
 */
export async function ingestAlerts(
  db: Db,
  tenantUid: string,
  body: Record<string, unknown>,
  duplicateKeys: JsonIssue[] = []
): Promise<AlertIngestAnswer> {
  // Duplicates first: {"alerts":[...],"alerts":[]} must not read as whichever list came last.
  const duplicated = duplicatesByDocument(Object.hasOwn(body, 'alerts'), duplicateKeys)
  const { batch, documents } = documentsOf(body)
  const answer: AlertIngestAnswer = { received: documents.length, created: 0, duplicates: 0, rejected: [] }
  const valid: Array<{ index: number; alert: NormalisedAlert }> = []
  documents.forEach((doc, index) => {
    try {
      const duplicate = duplicated.get(index)
      if (duplicate !== undefined) throw new AlertDocumentError(duplicate)
      valid.push({ index, alert: normaliseAlert(doc) })
    } catch (error) {
      if (!(error instanceof AlertDocumentError)) throw error
      if (!batch) throw new HttpError(400, error.message)
      answer.rejected.push({ index, detail: error.message })
    }
  })

  // Devices: an explicit uid must be this tenant's; host.name links the most recently seen device.
  const uids = [...new Set(valid.map((v) => v.alert.deviceUid).filter((u): u is string => u !== null))]
  const known =
    uids.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ uid: devices.uid })
              .from(devices)
              .where(owned(devices, tenantUid, inArray(devices.uid, uids)))
          ).map((r) => r.uid)
        )
  const hosts = [
    ...new Set(
      valid.filter((v) => v.alert.deviceUid === null && v.alert.hostName !== null).map((v) => v.alert.hostName!.toLowerCase())
    )
  ]
  const byHost = new Map<string, string>()
  if (hosts.length > 0) {
    const rows = await db
      .select({ uid: devices.uid, host: sql<string>`lower(${devices.hostname})` })
      .from(devices)
      .where(owned(devices, tenantUid, inArray(sql`lower(${devices.hostname})`, hosts)))
      .orderBy(sql`${devices.lastConnected} desc nulls last`, devices.createdAt)
    for (const row of rows) if (!byHost.has(row.host)) byHost.set(row.host, row.uid)
  }
  const accepted: NormalisedAlert[] = []
  const seen = new Set<string>()
  for (const { index, alert } of valid) {
    if (alert.deviceUid !== null && !known.has(alert.deviceUid)) {
      const detail = `device ${alert.deviceUid} is not a device of this tenant.`
      if (!batch) throw new HttpError(400, detail)
      answer.rejected.push({ index, detail })
      continue
    }
    if (alert.deviceUid === null && alert.hostName !== null) alert.deviceUid = byHost.get(alert.hostName.toLowerCase()) ?? null
    if (seen.has(alert.elasticAlertId)) {
      answer.duplicates++
      continue
    }
    seen.add(alert.elasticAlertId)
    accepted.push(alert)
  }
  answer.rejected.sort((a, b) => a.index - b.index)
  if (accepted.length === 0) return answer

  await db.transaction(async (tx) => {
    // Rule names of related alerts given by id only, and alerts sharing a group id, in this tenant.
    const relatedIds = [
      ...new Set(accepted.flatMap((a) => a.related.filter((r) => r.elastic_rule_name === '').map((r) => r.elastic_alert_id)))
    ]
    const groupIds = [...new Set(accepted.map((a) => a.elasticGroupId).filter((g) => g !== ''))]
    const names = new Map(accepted.map((a) => [a.elasticAlertId, a.name]))
    if (relatedIds.length > 0) {
      const rows = await tx
        .select({ id: alerts.elasticAlertId, name: alerts.elasticRuleName })
        .from(alerts)
        .where(owned(alerts, tenantUid, inArray(alerts.elasticAlertId, relatedIds)))
      for (const row of rows) names.set(row.id, row.name)
    }
    const groupMembers = new Map<string, AssociatedAlert[]>()
    const existingMembers: Array<{ uid: string; group: string; self: string; links: AssociatedAlert[] }> = []
    if (groupIds.length > 0) {
      const rows = await tx
        .select({
          uid: alerts.uid,
          group: alerts.elasticGroupId,
          id: alerts.elasticAlertId,
          name: alerts.elasticRuleName,
          links: alerts.associatedAlertIds
        })
        .from(alerts)
        .where(owned(alerts, tenantUid, inArray(alerts.elasticGroupId, groupIds)))
        .limit(10_000)
      for (const row of rows) {
        groupMembers.set(row.group, [
          ...(groupMembers.get(row.group) ?? []),
          { elastic_rule_name: row.name, elastic_alert_id: row.id }
        ])
        existingMembers.push({ uid: row.uid, group: row.group, self: row.id, links: row.links })
      }
    }
    for (const a of accepted) {
      if (a.elasticGroupId !== '') {
        groupMembers.set(a.elasticGroupId, [
          ...(groupMembers.get(a.elasticGroupId) ?? []),
          { elastic_rule_name: a.name, elastic_alert_id: a.elasticAlertId }
        ])
      }
    }

    const rows = accepted.map((a) => ({
      tenantUid,
      deviceUid: a.deviceUid,
      name: a.name,
      status: a.status,
      priority: a.priority,
      priorityRank: priorityRank(a.priority),
      indicator: a.indicator,
      description: a.description,
      recommendation: a.recommendation,
      summary: a.summary,
      eventData: a.eventData,
      associatedAlertIds: merge(
        a.related.map((r) => ({
          elastic_rule_name: r.elastic_rule_name || (names.get(r.elastic_alert_id) ?? ''),
          elastic_alert_id: r.elastic_alert_id
        })),
        a.elasticGroupId === '' ? [] : (groupMembers.get(a.elasticGroupId) ?? []),
        a.elasticAlertId
      ).slice(0, ALERT_INGEST_LIMITS.related),
      mitreIds: a.mitreIds,
      model: a.model,
      elasticRuleId: a.elasticRuleId,
      elasticAlertId: a.elasticAlertId,
      elasticRuleName: a.name,
      elasticIndex: a.elasticIndex,
      elasticGroupId: a.elasticGroupId,
      elasticAlertCreatedAt: a.createdAt
    }))
    const inserted: string[] = []
    for (const batch of chunks(rows, 200)) {
      const written = await tx
        .insert(alerts)
        .values(batch)
        .onConflictDoNothing({ target: [alerts.tenantUid, alerts.elasticAlertId] })
        .returning({ id: alerts.elasticAlertId })
      inserted.push(...written.map((w) => w.id))
    }
    answer.created = inserted.length
    answer.duplicates += accepted.length - inserted.length

    // Alerts already stored in a group learn about the new members of their group.
    const fresh = new Set(inserted)
    for (const member of existingMembers) {
      const newcomers = (groupMembers.get(member.group) ?? []).filter((m) => fresh.has(m.elastic_alert_id))
      if (newcomers.length === 0) continue
      const links = merge(member.links, newcomers, member.self).slice(0, ALERT_INGEST_LIMITS.related)
      if (links.length !== member.links.length) {
        await tx
          .update(alerts)
          .set({ associatedAlertIds: links, updatedAt: new Date() })
          .where(owned(alerts, tenantUid, eq(alerts.uid, member.uid)))
      }
    }
  })
  bumpTenantData(tenantUid)
  return answer
}
