import { ANALYSIS_LIMITS, type AnalysisComponent, type VexAnswer } from '@console/contracts'
import type { Db } from '../../db/client.js'
import type { Actor } from '../actor.js'
import { HttpError } from '../http-error.js'
import { parseBomLink } from './bom-link.js'
import { normaliseVulnerabilityEntry, type SbomDocument } from './cyclonedx.js'
import { DocumentError, isObject } from './document.js'
import { reportOr404, sbomOrNull } from './reports.js'
import { componentKeyOf } from './analysis-keys.js'
import { storeAnalyses, type AnalysisInput } from './triage.js'

/**
 * A CycloneDX VEX applied to a report in bulk: each `vulnerabilities[i]` with an analysis becomes
 * the console's analysis of every component its `affects` name (by a bom-ref of the report's
 * SBOM, a BOM-Link to one, or a purl). A bad entry is refused by its index with the reason; the
 * good ones are stored, in one transaction.
 */

/** A BOM-Link (as VEX documents point into a BOM) → its bom-ref; any other ref as given. */
const bomLinkRef = (ref: string): string => parseBomLink(ref)?.ref ?? ref

function refsOf(document: SbomDocument | null): Map<string, AnalysisComponent> {
  const byRef = new Map<string, AnalysisComponent>()
  if (document === null) return byRef
  const root = document.metadata.component
  for (const c of root === null ? document.components : [root, ...document.components]) {
    const ref = c['bom-ref']
    if (ref !== null && !byRef.has(ref)) byRef.set(ref, { purl: c.purl, group: c.group, name: c.name, version: c.version })
  }
  return byRef
}

/** Checks one entry; its analyses, or the reason it is refused. */
function entryAnalyses(item: unknown, index: number, byRef: Map<string, AnalysisComponent>): AnalysisInput[] | string {
  let vulnerability
  try {
    vulnerability = normaliseVulnerabilityEntry(item, index)
  } catch (error) {
    if (error instanceof DocumentError) return error.message
    throw error
  }
  const path = `vulnerabilities[${index}]`
  const { id, analysis } = vulnerability
  if (id === null) return `${path}.id is missing`
  if (id.length > ANALYSIS_LIMITS.vulnerabilityId)
    return `${path}.id is longer than ${ANALYSIS_LIMITS.vulnerabilityId} characters`
  if (analysis?.state == null) return `${path}.analysis.state is missing: nothing to apply`
  if ((analysis.detail?.length ?? 0) > ANALYSIS_LIMITS.detail)
    return `${path}.analysis.detail is longer than ${ANALYSIS_LIMITS.detail} characters`
  if (analysis.justification !== null && analysis.state !== 'not_affected')
    return `${path}.analysis.justification is given only for not_affected (the state is ${analysis.state})`
  if (vulnerability.affects.length === 0) return `${path}.affects is empty: no component to apply it to`
  const inputs: AnalysisInput[] = []
  for (const [j, { ref }] of vulnerability.affects.entries()) {
    const component = byRef.get(bomLinkRef(ref)) ?? (ref.startsWith('pkg:') ? { purl: ref } : undefined)
    const key = component === undefined ? null : componentKeyOf(component)
    if (key === null || component === undefined)
      return `${path}.affects[${j}].ref "${ref.slice(0, 100)}" names no component of the report's SBOM (give its bom-ref or a purl)`
    inputs.push({
      key,
      component,
      vulnerability_id: id,
      state: analysis.state as AnalysisInput['state'],
      justification: analysis.justification as AnalysisInput['justification'],
      response: [...new Set(analysis.response)] as AnalysisInput['response'],
      detail: analysis.detail ?? ''
    })
  }
  return inputs
}

/** 400 unless `body` is a CycloneDX document with vulnerabilities to apply (checked before anything is stored). */
export function checkVex(body: unknown): asserts body is { vulnerabilities: unknown[] } {
  if (!isObject(body) || body.bomFormat !== 'CycloneDX')
    throw new HttpError(400, 'vex: send a CycloneDX JSON document (bomFormat "CycloneDX") with vulnerabilities[].analysis.')
  if (!Array.isArray(body.vulnerabilities) || body.vulnerabilities.length === 0)
    throw new HttpError(400, 'vex: vulnerabilities must be a non-empty array.')
}

export async function applyVex(db: Db, tenantUid: string, uid: string, body: unknown, actor: Actor): Promise<VexAnswer> {
  await reportOr404(db, tenantUid, uid)
  checkVex(body)
  const byRef = refsOf(await sbomOrNull(db, tenantUid, uid))
  const rejected: VexAnswer['rejected'] = []
  // The last entry for a component and vulnerability wins, as it would applied one by one.
  const good = new Map<string, AnalysisInput>()
  body.vulnerabilities.forEach((item: unknown, index: number) => {
    const result = entryAnalyses(item, index, byRef)
    if (typeof result === 'string') {
      const id = isObject(item) && typeof item.id === 'string' ? item.id.slice(0, ANALYSIS_LIMITS.vulnerabilityId) : null
      rejected.push({ index, id, reason: result })
      return
    }
    for (const input of result) good.set(`${input.vulnerability_id}\n${input.key}`, input)
  })
  const stored = await storeAnalyses(db, tenantUid, uid.toLowerCase(), [...good.values()], 'vex', actor)
  return { applied: stored.length, rejected }
}
