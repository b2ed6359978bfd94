import { AUDIT } from '../../testing/auditFixture';
import {
  ALL,
  buildRuleRows,
  filterRules,
  profileOptions,
  rowsForProfile,
  scoreLevel,
  scorePercent,
  severityCounts,
  statusCounts,
} from './ruleData';

describe('rule data', () => {
  const rows = buildRuleRows(AUDIT);

  it('joins each result with its rule, and keeps a result whose rule is missing (by id)', () => {
    expect(rows).toHaveLength(11);
    // Failures first, the most severe first.
    expect(rows[0]).toMatchObject({
      id: 'updates-security-pending',
      title: 'Ensure security updates are installed',
      severity: 'critical',
      status: 'FAIL',
    });
    expect(rows.map((row) => row.status)).toEqual([...Array(4).fill('FAIL'), 'SKIPPED', 'SKIPPED', ...Array(5).fill('PASS')]);
    const orphan = buildRuleRows({ ...AUDIT, results: [{ id: 'custom-banner', status: 'FAIL', message: 'no banner' }] });
    expect(orphan).toEqual([
      {
        id: 'custom-banner',
        title: 'custom-banner',
        severity: '',
        status: 'FAIL',
        message: 'no banner',
        profiles: [],
        rule: null,
      },
    ]);
  });

  it('lists the defined profiles with descriptions, then score-only ones', () => {
    expect(profileOptions(AUDIT).map((p) => p.name)).toEqual(['cis-l1', 'cis-l2', 'iot']);
    const extra = profileOptions({ ...AUDIT, profile_scores: { ...AUDIT.profile_scores, vendor: { score: 1, max: 2 } } });
    expect(extra.at(-1)).toEqual({ name: 'vendor', description: '' });
  });

  it('counts statuses, and severities without the skipped rules', () => {
    expect(statusCounts(rows)).toEqual({ PASS: 5, FAIL: 4, SKIPPED: 2 });
    expect(severityCounts(rows)).toEqual({ critical: 3, high: 3, medium: 1, low: 2 });
    const iot = rowsForProfile(rows, 'iot');
    expect(statusCounts(iot)).toEqual({ PASS: 3, FAIL: 3, SKIPPED: 0 });
    expect(severityCounts(iot)).toEqual({ critical: 3, high: 2, medium: 1, low: 0 });
    expect(rowsForProfile(rows, ALL)).toBe(rows);
  });

  it('filters by severity, status and a case-insensitive search on title, id and message', () => {
    const ids = (filters: Partial<Parameters<typeof filterRules>[1]>) =>
      filterRules(rows, { severity: ALL, status: ALL, search: '', ...filters }).map((r) => r.id);
    expect(ids({ severity: 'critical' })).toEqual(['updates-security-pending', 'accounts-empty-passwords', 'telnet-absent']);
    expect(ids({ status: 'SKIPPED' })).toEqual(['auditd-enabled', 'selinux-enforcing']);
    expect(ids({ severity: 'high', status: 'FAIL' })).toEqual(['firewall-active']);
    expect(ids({ search: 'SSH' })).toEqual(['ssh-password-auth', 'ssh-permit-root-login']);
    expect(ids({ search: 'kernel-aslr' })).toEqual(['kernel-aslr']);
    expect(ids({ search: 'libssl3' })).toEqual(['updates-security-pending']);
    expect(ids({ severity: 'low', search: 'telnet' })).toEqual([]);
  });

  it('colours scores red below 60 %, amber from 60 % to under 80 %, green from 80 %', () => {
    expect(scoreLevel(59.9)).toBe('red');
    expect(scoreLevel(60)).toBe('amber');
    expect(scoreLevel(79.9)).toBe('amber');
    expect(scoreLevel(80)).toBe('green');
    expect(scoreLevel(0)).toBe('red');
    expect(scoreLevel(100)).toBe('green');
    expect(scoreLevel(scorePercent({ score: 599, max: 1000 }))).toBe('red');
    expect(scoreLevel(scorePercent({ score: 3, max: 5 }))).toBe('amber');
    expect(scoreLevel(scorePercent({ score: 4, max: 5 }))).toBe('green');
    expect(scorePercent({ score: 0, max: 0 })).toBe(0);
  });
});
