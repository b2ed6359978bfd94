/**
 * Versions of each tenant's DETECT data in this process. Cached DETECT answers are keyed by the
 * version read BEFORE their query ran, so a write that bumps the version after it committed makes
 * every answer read before it unreachable at once.
 *
 * EVERY write path that changes what a DETECT read shows (devices and their accounts,
 * interfaces, packages, findings or threads; alerts; the seed; inventory and alert ingest; CVE
 * matching) must call `bumpTenantData(tenantUid)` after its transaction commits, or
 * `bumpAllTenantData()` when it touches every tenant (a vulnerability feed import).
 * As a safety net the `detect-cache` plugin bumps the caller's tenant after every
 * POST/PUT/PATCH/DELETE, but writes outside a request (the CLI, timers) rely on these calls.
 *
 * Other processes (a second server on the same PostgreSQL, the CLI) cannot bump this counter:
 * what they write is seen here within CACHE_TTL_SECONDS, the life of a cached answer.
 *
 * It sits below the areas (not in lib/detect/) because writers outside DETECT bump it too: CVE
 * matching (lib/vulns), feed syncs (lib/feeds), demo removal.
 */
const versions = new Map<string, number>()
let allTenants = 0

/** Call after a write to this tenant's DETECT data has committed. */
export function bumpTenantData(tenantUid: string): void {
  versions.set(tenantUid, (versions.get(tenantUid) ?? 0) + 1)
}

/** Call after a write that changes every tenant's DETECT data (e.g. global CVE records). */
export function bumpAllTenantData(): void {
  allTenants++
}

/** The current version of a tenant's DETECT data, part of every cache key. */
export function tenantDataVersion(tenantUid: string): string {
  return `${allTenants}.${versions.get(tenantUid) ?? 0}`
}
