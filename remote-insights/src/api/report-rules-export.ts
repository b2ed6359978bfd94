import { reportPath } from './http-helpers';

export interface RuleExportFilters {
  profile?: string;
  severity?: string;
  status?: string;
  search?: string;
}

/** GET …/rules/export.csv: the Compliance Rules as CSV, narrowed by the page's filters (empty ones left out). */
export function reportRulesExportPath(uid: string, filters: RuleExportFilters): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const text = query.toString();
  return `${reportPath(uid)}rules/export.csv${text ? `?${text}` : ''}`;
}
