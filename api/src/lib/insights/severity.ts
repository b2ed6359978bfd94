/** Vulnerability severities from lowest to highest (spec §4); CycloneDX `info` ranks with `none`. */
export const SEVERITY_ORDER = ['unknown', 'none', 'low', 'medium', 'high', 'critical'] as const
export type Severity = (typeof SEVERITY_ORDER)[number]

/** The values CycloneDX allows in `ratings[].severity` (1.4 to 1.7). */
export const CYCLONEDX_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'none', 'unknown'] as const
export type CycloneDxSeverity = (typeof CYCLONEDX_SEVERITIES)[number]

export function severityRank(severity: string | null): number {
  if (severity === 'info') return 1
  const rank = SEVERITY_ORDER.indexOf(severity as Severity)
  return rank < 0 ? 0 : rank
}

/**
 * What the console shows for a vulnerability: its highest rating. No rating with a severity →
 * `unknown` (never derived from a score: that would be a guess the SBOM did not make).
 */
export function highestSeverity(ratings: ReadonlyArray<{ severity: string | null }>): Severity {
  let rank = 0
  for (const rating of ratings) rank = Math.max(rank, severityRank(rating.severity))
  return SEVERITY_ORDER[rank]!
}
