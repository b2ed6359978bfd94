import type {
  AnalysisComponent,
  AnalysisSet,
  AnalysisSource,
  AnalysisTrail,
  AnalysisTrailQuery,
  ConsoleAnalysis,
  ConsoleAnalysisList
} from '@console/contracts'
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { insightVulnAnalyses as a, insightVulnAnalysisEvents as events } from '../../db/schema/index.js'
import { actorOfRow, type Actor } from '../actor.js'
import { HttpError } from '../http-error.js'
import { paging } from '../listing.js'
import { owned, uidOr404 } from '../tenant-scope.js'
import { trail } from '../trail.js'
import { componentKeyOf } from './analysis-keys.js'
import { reportOr404 } from './reports.js'
import { refreshAnalysis } from './scan.js'
import { refreshLatestScan } from './scan-history.js'

/**
 * The console's triage of a report's SBOM vulnerabilities (CycloneDX analysis per component and
 * vulnerability). Kept under the component's identity, not under anything of one upload, so it
 * survives re-uploads; every write also appends to the trail, in the same transaction.
 */

/** One analysis to store: the body of a PUT, or one affected component of a VEX entry. */
export type AnalysisInput = Omit<AnalysisSet, 'component'> & { component: AnalysisComponent; key: string }

/** The analysis columns both tables hold, as the wire says them. */
const analysisOf = (row: typeof events.$inferSelect | typeof a.$inferSelect) => ({
  state: row.state,
  justification: row.justification ?? null,
  response: row.response,
  detail: row.detail,
  source: row.source
})

const toAnalysis = (row: typeof a.$inferSelect): ConsoleAnalysis => ({
  component_key: row.componentKey,
  purl: row.purl,
  group: row.group,
  name: row.name,
  version: row.version,
  vulnerability_id: row.vulnerabilityId,
  ...analysisOf(row),
  updated_at: row.updatedAt.toISOString(),
  updated_by: actorOfRow(row)
})

/** Stores the analyses (replacing what the console held for each) and records each in the trail. */
export async function storeAnalyses(
  db: Db,
  tenantUid: string,
  reportUid: string,
  inputs: AnalysisInput[],
  source: AnalysisSource,
  actor: Actor
): Promise<ConsoleAnalysis[]> {
  if (inputs.length === 0) return []
  const rows = inputs.map((input) => ({
    tenantUid,
    reportUid,
    componentKey: input.key,
    vulnerabilityId: input.vulnerability_id,
    state: input.state,
    justification: input.justification ?? null,
    response: input.response ?? [],
    detail: input.detail?.trim() ?? '',
    source,
    actorKind: actor.kind,
    actorUid: actor.uid,
    actorLabel: actor.label
  }))
  return await db.transaction(async (tx) => {
    const written = await tx
      .insert(a)
      .values(
        rows.map((row, index) => {
          const { purl = null, group = null, name = null, version = null } = inputs[index]!.component
          return { ...row, purl, group, name, version, updatedAt: new Date() }
        })
      )
      .onConflictDoUpdate({
        target: [a.tenantUid, a.reportUid, a.componentKey, a.vulnerabilityId],
        set: {
          state: sql`excluded.state`,
          justification: sql`excluded.justification`,
          response: sql`excluded.response`,
          detail: sql`excluded.detail`,
          source: sql`excluded.source`,
          purl: sql`excluded.purl`,
          group: sql`excluded."group"`,
          name: sql`excluded.name`,
          version: sql`excluded.version`,
          actorKind: sql`excluded.actor_kind`,
          actorUid: sql`excluded.actor_uid`,
          actorLabel: sql`excluded.actor_label`,
          updatedAt: sql`excluded.updated_at`
        }
      })
      .returning()
    await tx.insert(events).values(rows)
    // The newest scan's open counts (the reports list's, the scan history's) follow the triage.
    const triage = await refreshLatestScan(tx, tenantUid, reportUid)
    // The Overview's summary counts them the same way.
    await refreshAnalysis(tx, tenantUid, reportUid, triage)
    return written.map(toAnalysis)
  })
}

/** PUT …/sbom/analyses/: one component's analysis of one vulnerability. */
export async function setAnalysis(
  db: Db,
  tenantUid: string,
  uid: string,
  body: AnalysisSet,
  actor: Actor
): Promise<ConsoleAnalysis> {
  const key = componentKeyOf(body.component)
  if (key === null) throw new HttpError(400, 'component: give its purl, or its name (with group and version).')
  if (body.justification && body.state !== 'not_affected')
    throw new HttpError(400, `justification: CycloneDX gives one only for not_affected (the state is ${body.state}).`)
  await reportOr404(db, tenantUid, uid)
  const [stored] = await storeAnalyses(db, tenantUid, uidOr404(uid), [{ ...body, key }], 'console', actor)
  return stored!
}

/** Every analysis the console holds for the report (the page lays them over the SBOM). */
export async function listAnalyses(db: Db, tenantUid: string, uid: string): Promise<ConsoleAnalysisList> {
  await reportOr404(db, tenantUid, uid)
  const rows = await db
    .select()
    .from(a)
    .where(owned(a, tenantUid, eq(a.reportUid, uidOr404(uid))))
    .orderBy(asc(a.vulnerabilityId), asc(a.componentKey))
  return { results: rows.map(toAnalysis) }
}

/** The trail of the report's analyses, newest first; of one vulnerability and/or component when asked. */
export async function analysisTrail(db: Db, tenantUid: string, uid: string, query: AnalysisTrailQuery): Promise<AnalysisTrail> {
  await reportOr404(db, tenantUid, uid)
  const where = owned(
    events,
    tenantUid,
    eq(events.reportUid, uidOr404(uid)),
    query.vulnerability_id === undefined ? undefined : eq(events.vulnerabilityId, query.vulnerability_id),
    query.component_key === undefined ? undefined : eq(events.componentKey, query.component_key)
  )
  return await trail(db, events, where, paging(query, 100, 1000), (row) => ({
    component_key: row.componentKey,
    vulnerability_id: row.vulnerabilityId,
    ...analysisOf(row)
  }))
}
