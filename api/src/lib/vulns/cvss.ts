import calculator from 'ae-cvss-calculator'

/**
 * CVSS base scores from vectors, with {metæffekt}'s ae-cvss-calculator (v2, v3.0, v3.1, v4.0).
 * v4 gives CVSS-B: base metrics only, whatever threat or environmental metrics the vector adds.
 */

const round1 = (n: number): number => Math.round(n * 10) / 10

type Scorer = (vector: string) => number | undefined

const SCORERS: Array<[RegExp, Scorer]> = [
  [/^CVSS:3\.1\//, (v) => new calculator.Cvss3P1(v).calculateScores().base],
  [/^CVSS:3\.0\//, (v) => new calculator.Cvss3P0(v).calculateScores().base],
  [/^CVSS:4\.0\//, (v) => new calculator.Cvss4P0(v).calculateScores().baseMetricsOnly],
  [/^AV:[LAN]\//, (v) => new calculator.Cvss2(v).calculateScores().base]
]

const fullyDefined = (vector: string): boolean => {
  if (vector.startsWith('CVSS:3.1/')) return new calculator.Cvss3P1(vector).isBaseFullyDefined()
  if (vector.startsWith('CVSS:3.0/')) return new calculator.Cvss3P0(vector).isBaseFullyDefined()
  if (vector.startsWith('CVSS:4.0/')) return new calculator.Cvss4P0(vector).isBaseFullyDefined()
  return new calculator.Cvss2(vector).isBaseFullyDefined()
}

/** The base score of a CVSS vector, or null when it is not a complete, valid vector. */
export function cvssBaseScore(vector: string): number | null {
  const text = vector.trim().replace(/^\((.*)\)$/, '$1')
  const scorer = SCORERS.find(([prefix]) => prefix.test(text))?.[1]
  if (scorer === undefined) return null
  try {
    if (!fullyDefined(text)) return null
    const score = scorer(text)
    return typeof score === 'number' && Number.isFinite(score) && score >= 0 && score <= 10 ? round1(score) : null
  } catch {
    return null
  }
}

/** Which severity entry of a record to show: v3 first (what "high risk above 7.5" was set on), then v4, then v2. */
const PREFERENCE = ['CVSS_V3', 'CVSS_V4', 'CVSS_V2']

/**
 * The score and vector of an OSV `severity[]`. Distro ratings ({type: "Ubuntu", score: "medium"})
 * carry no number and are not turned into one.
 */
export function severityScore(severity: unknown): { score: number; vector: string } | null {
  if (!Array.isArray(severity)) return null
  const entries = severity
    .filter(
      (entry): entry is { type: string; score: string } =>
        typeof entry === 'object' && entry !== null && typeof entry.type === 'string' && typeof entry.score === 'string'
    )
    .filter((entry) => PREFERENCE.includes(entry.type))
    .sort((a, b) => PREFERENCE.indexOf(a.type) - PREFERENCE.indexOf(b.type))
  for (const entry of entries) {
    const score = cvssBaseScore(entry.score)
    if (score !== null) return { score, vector: entry.score.trim() }
  }
  return null
}
