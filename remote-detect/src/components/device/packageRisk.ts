import { HIGH_RISK_CVSS } from '@console/shared';

/** CVSS at or above this is Medium risk (the CVSS v3 "medium" floor); the spec only fixes High. */
export const MEDIUM_RISK_CVSS = 4;

/** The risk indication of a package finding: High above 7.5 (spec §9), Medium from 4, else Low. */
export function packageRisk(score: number | null | undefined): 'High' | 'Medium' | 'Low' | null {
  if (score === null || score === undefined) return null;
  if (score > HIGH_RISK_CVSS) return 'High';
  if (score >= MEDIUM_RISK_CVSS) return 'Medium';
  return 'Low';
}
