import type { InsightReport } from '@console/shared';

const present = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** Spec §4: Run AI Analysis is enabled only with a scan uploaded and make, model and industry all present. */
export function canRunAnalysis(report: InsightReport): boolean {
  const context = report.context;
  return (
    report.has_scan_uploaded &&
    present(report.make ?? context?.make) &&
    present(report.model ?? context?.model) &&
    present(report.industry ?? context?.industry)
  );
}
