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
 * `unknown`. A CVSS rating that states a score but no severity has been given one from its score
 * (scoreSeverities, at upload), so it ranks like the score says.
 */
export function highestSeverity(ratings: ReadonlyArray<{ severity: string | null }>): Severity {
  let rank = 0
  for (const rating of ratings) rank = Math.max(rank, severityRank(rating.severity))
  return SEVERITY_ORDER[rank]!
}

/**
 * The rating a vulnerability's displayed severity comes from: the highest severity; among equals
 * the one with the highest score (a rating with a score before one without). Null without ratings.
 */
export function headlineRating<R extends { severity: string | null; score: number | null }>(ratings: readonly R[]): R | null {
  let best: R | null = null
  for (const rating of ratings) {
    const rank = best === null ? 1 : severityRank(rating.severity) - severityRank(best.severity)
    if (rank > 0 || (rank === 0 && (rating.score ?? -1) > (best!.score ?? -1))) best = rating
  }
  return best
}

/** CVSS qualitative bands (FIRST's CVSS v3.1 table 14; v4.0 uses the same), used for every version. */
export function cvssSeverity(score: number): 'none' | 'low' | 'medium' | 'high' | 'critical' {
  if (score === 0) return 'none'
  if (score < 4) return 'low'
  if (score < 7) return 'medium'
  if (score < 9) return 'high'
  return 'critical'
}

/** The CycloneDX rating method of a CVSS vector. */
export function cvssMethod(vector: string | null): string | null {
  if (vector === null) return null
  if (vector.startsWith('CVSS:3.1/')) return 'CVSSv31'
  if (vector.startsWith('CVSS:3.0/')) return 'CVSSv3'
  if (vector.startsWith('CVSS:4.0/')) return 'CVSSv4'
  return /^\(?AV:[LAN]\//.test(vector) ? 'CVSSv2' : null
}

/**
 * On a vulnerability: a rating whose severity the console set from its CVSS score; the value is
 * the rating's index in `ratings`. The mark tells the page (and a re-analysis) the file stated
 * only the score.
 */
export const SCORED_SEVERITY_PROPERTY = 'console:severity-from-score'

const CVSS_METHODS = new Set(['CVSSv2', 'CVSSv3', 'CVSSv31', 'CVSSv4'])

const isCvss = (rating: { method: string | null; vector: string | null }): boolean =>
  rating.method === null ? cvssMethod(rating.vector) !== null : CVSS_METHODS.has(rating.method)

interface Scorable {
  ratings: Array<{ severity: string | null; method: string | null; score: number | null; vector: string | null }>
  properties: Array<{ name: string; value: string | null }>
}

/**
 * Gives each CVSS rating that has a score but no severity the severity of CVSS's qualitative
 * scale, and marks it (SCORED_SEVERITY_PROPERTY). A CVSS 10.0 that states no severity is critical
 * by CVSS's own definition, not "unknown" sorted last. Other methods (OWASP, SSVC, other) have no
 * such scale: left alone. Idempotent: a rating with a severity is never changed.
 */
export function scoreSeverities(vulnerabilities: readonly Scorable[]): void {
  for (const vulnerability of vulnerabilities) {
    vulnerability.ratings.forEach((rating, index) => {
      if (rating.severity !== null || rating.score === null || rating.score < 0 || rating.score > 10 || !isCvss(rating)) return
      rating.severity = cvssSeverity(rating.score)
      vulnerability.properties.push({ name: SCORED_SEVERITY_PROPERTY, value: String(index) })
    })
  }
}

/** Undoes scoreSeverities (before a re-analysis does it again): the marked ratings lose their severity. */
export function unscoreSeverities(vulnerability: Scorable): void {
  for (const property of vulnerability.properties) {
    if (property.name !== SCORED_SEVERITY_PROPERTY) continue
    const rating = vulnerability.ratings[Number(property.value)]
    if (rating !== undefined) rating.severity = null
  }
}
