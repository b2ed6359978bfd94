import type { AuditResult, ProfileScore, Rule, RuleStatus } from '@console/shared';

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const STATUSES: RuleStatus[] = ['PASS', 'FAIL', 'SKIPPED'];

/** One evaluated rule: its result joined with its definition (null when the audit lacks it). */
export interface RuleRow {
  id: string;
  title: string;
  /** Lower case, as the filters use it. */
  severity: string;
  status: RuleStatus;
  message: string;
  profiles: string[];
  rule: Rule | null;
}

export interface ProfileOption {
  name: string;
  description: string;
}

export interface RuleFilters {
  severity: string;
  status: string;
  search: string;
}

export const ALL = 'all';

/** What needs work first: failures, then what was not checked, then what passed. */
export const STATUS_ORDER: RuleStatus[] = ['FAIL', 'SKIPPED', 'PASS'];

const statusRank = (status: RuleStatus) => {
  const rank = STATUS_ORDER.indexOf(status);
  return rank < 0 ? STATUS_ORDER.length : rank;
};
const severityRank = (severity: string) => {
  const rank = (SEVERITIES as readonly string[]).indexOf(severity);
  return rank < 0 ? SEVERITIES.length : rank;
};

/**
 * The table's rows: FAIL first, then SKIPPED, then PASS; within each the most severe first, then
 * in result order. A result without a definition still shows, by its id.
 */
export function buildRuleRows(audit: AuditResult): RuleRow[] {
  const byId = new Map<string, Rule>();
  for (const rule of audit.rules?.rules ?? []) byId.set(rule.id, rule);
  const rows = (audit.results ?? []).map((result) => {
    const rule = byId.get(result.id) ?? null;
    return {
      id: result.id,
      title: rule?.title || result.id,
      severity: String(rule?.severity ?? '').toLowerCase(),
      status: result.status,
      message: result.message ?? '',
      profiles: rule?.profiles ?? [],
      rule,
    };
  });
  // Array.prototype.sort is stable: equal rows keep the result order.
  return rows.sort((a, b) => statusRank(a.status) - statusRank(b.status) || severityRank(a.severity) - severityRank(b.severity));
}

/** The profiles the audit defines, then any that only have a score. */
export function profileOptions(audit: AuditResult): ProfileOption[] {
  const defined = audit.rules?.globals?.profiles ?? {};
  const names = [...Object.keys(defined)];
  for (const name of Object.keys(audit.profile_scores ?? {})) if (!names.includes(name)) names.push(name);
  return names.map((name) => ({ name, description: defined[name]?.description ?? '' }));
}

export function rowsForProfile(rows: RuleRow[], profile: string): RuleRow[] {
  return profile === ALL ? rows : rows.filter((row) => row.profiles.includes(profile));
}

export function statusCounts(rows: RuleRow[]): Record<RuleStatus, number> {
  const counts: Record<RuleStatus, number> = { PASS: 0, FAIL: 0, SKIPPED: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status] += 1;
  return counts;
}

/** Severity counts of the rules that ran (skipped rules are excluded, spec §2). */
export function severityCounts(rows: RuleRow[]): Record<(typeof SEVERITIES)[number], number> {
  const counts = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const row of rows) {
    if (row.status === 'SKIPPED') continue;
    if (row.severity in counts) counts[row.severity as keyof typeof counts] += 1;
  }
  return counts;
}

export function filterRules(rows: RuleRow[], { severity, status, search }: RuleFilters): RuleRow[] {
  const needle = search.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (severity === ALL || row.severity === severity) &&
      (status === ALL || row.status === status) &&
      (!needle ||
        row.title.toLowerCase().includes(needle) ||
        row.id.toLowerCase().includes(needle) ||
        row.message.toLowerCase().includes(needle)),
  );
}

/** Percent of the maximum score; 0 when the profile has no maximum. */
export function scorePercent({ score, max }: ProfileScore): number {
  return max > 0 ? (score / max) * 100 : 0;
}

export const SCORE_COLORS = { red: '#d32f2f', amber: '#ffbf00', green: '#2e7d32' } as const;
export type ScoreLevel = keyof typeof SCORE_COLORS;

/** Spec §4: red below 60 %, amber from 60 % to under 80 %, green at 80 % or more. */
export function scoreLevel(percent: number): ScoreLevel {
  if (percent >= 80) return 'green';
  if (percent >= 60) return 'amber';
  return 'red';
}
