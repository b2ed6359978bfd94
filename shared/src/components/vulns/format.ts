import type { Coverage } from '../../types';

/** An EPSS probability (0..1) as a percentage: "12.3%", "0.04%" (most scores are tiny), "—" when unknown. */
export function formatEpss(epss: number | null | undefined): string {
  if (epss === null || epss === undefined || Number.isNaN(epss)) return '—';
  const percent = epss * 100;
  if (percent >= 1) return `${percent.toFixed(1)}%`;
  if (percent >= 0.01) return `${percent.toFixed(2)}%`;
  return percent > 0 ? '<0.01%' : '0%';
}

/** An EPSS percentile (0..1) as "95.1". */
export function formatPercentile(percentile: number | null | undefined): string | null {
  if (percentile === null || percentile === undefined || Number.isNaN(percentile)) return null;
  return (percentile * 100).toFixed(1);
}

/**
 * Ecosystems without advisories: findings there are incomplete. On a demo device or SBOM the demo
 * catalogue counts as coverage too (it matches only those).
 */
export function coverageGaps(coverage: Coverage[] | null | undefined, demo = false): string[] {
  return (coverage ?? [])
    .filter((entry) => entry.advisories === 0 && (!demo || entry.demo_advisories === 0))
    .map((entry) => entry.ecosystem);
}

export const gapMessage = (ecosystem: string) => `No advisories loaded for ${ecosystem} — findings are incomplete`;

/** "1 package is" / "3 packages are": counts in messages read as sentences. */
export function countOf(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
