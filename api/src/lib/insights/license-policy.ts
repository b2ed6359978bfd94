import type { LicensePolicy, LicensePolicySet } from '@console/contracts'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { insightLicensePolicies as p } from '../../db/schema/index.js'
import { actorOfRow, type Actor } from '../actor.js'

// The tenant's denied SPDX license ids (docs/insights-api.md "License policy"). The SBOM tab does
// the matching: the ids are few, the components many, and they are already in the browser.

type Row = typeof p.$inferSelect

const toPolicy = (row: Row | undefined): LicensePolicy =>
  row === undefined
    ? { denied: [], updated_at: null, updated_by: null }
    : { denied: row.denied, updated_at: row.updatedAt.toISOString(), updated_by: actorOfRow(row) }

/** Each id once: "mit" after "MIT" adds nothing (matching ignores case). */
function distinct(ids: string[]): string[] {
  const seen = new Set<string>()
  return ids.filter((id) => {
    const key = id.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** GET …/license-policy/: nothing denied until the tenant sets a list. */
export async function licensePolicyOf(db: Db, tenantUid: string): Promise<LicensePolicy> {
  const [row] = await db.select().from(p).where(eq(p.tenantUid, tenantUid))
  return toPolicy(row)
}

/** PUT …/license-policy/: replaces the list (an empty one denies nothing). */
export async function setLicensePolicy(db: Db, tenantUid: string, body: LicensePolicySet, actor: Actor): Promise<LicensePolicy> {
  const values = {
    denied: distinct(body.denied),
    actorKind: actor.kind,
    actorUid: actor.uid,
    actorLabel: actor.label,
    updatedAt: new Date()
  }
  const [row] = await db
    .insert(p)
    .values({ tenantUid, ...values })
    .onConflictDoUpdate({ target: p.tenantUid, set: values })
    .returning()
  return toPolicy(row)
}
