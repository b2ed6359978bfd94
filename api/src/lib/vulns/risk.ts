/** Spec §9: a high-risk CVE is one with CVSS above 7.5. */
export const HIGH_RISK_SCORE = 7.5
/** From this score on a finding makes the device Medium (CVSS "medium" starts at 4.0). */
export const MEDIUM_RISK_SCORE = 4.0

export type RiskScore = 'High' | 'Medium' | 'Low'

export const isHighRisk = (score: number | null | undefined): boolean => typeof score === 'number' && score > HIGH_RISK_SCORE

/**
 * THE device risk rule, used wherever a device's findings are written: High when any finding is
 * high risk (CVSS > 7.5) or known to be exploited (in CISA's KEV catalogue, whatever its CVSS),
 * Medium when any has CVSS ≥ 4.0, otherwise Low. Stored with a rank so lists sort by severity.
 */
export function deviceRisk(
  scores: Iterable<number | null | undefined>,
  kevFindings = 0
): { riskScore: RiskScore; riskRank: number } {
  let worst = -1
  for (const score of scores) if (typeof score === 'number' && score > worst) worst = score
  if (worst > HIGH_RISK_SCORE || kevFindings > 0) return { riskScore: 'High', riskRank: 3 }
  if (worst >= MEDIUM_RISK_SCORE) return { riskScore: 'Medium', riskRank: 2 }
  return { riskScore: 'Low', riskRank: 1 }
}
