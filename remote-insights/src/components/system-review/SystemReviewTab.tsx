import { ErrorState, FilterSelect, LoadingState, preloadApexCharts, useUrlChoice } from '@console/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useMemo } from 'react';
import { errorStatus } from '../../api/http-helpers';
import { useReportRules } from '../../api/report-rules';
import { PieCard, type PieSlice } from '../common/PieCard';
import { SEVERITY_COLORS } from '../common/SeverityChip';
import { STATUS_COLORS } from './RuleStatusChip';
import { ProfileCompliance } from './ProfileCompliance';
import { ALL, buildRuleRows, profileOptions, rowsForProfile, severityCounts, statusCounts } from './ruleData';
import { RulesTable } from './RulesTable';

export const AUDIT_ERROR = 'Error loading audit results.';
export const NO_AUDIT = 'No audit data available.';

/**
 * Spec §2 System Review: the compliance audit, narrowed to one profile on request. `hasAudit`
 * false (an SBOM-only report): says so without asking for the audit.
 */
export function SystemReviewTab({ uid, hasAudit = true }: { uid: string; hasAudit?: boolean }) {
  const { data, error, isLoading, mutate } = useReportRules(uid, hasAudit);
  // The charts' code loads while the data is on its way.
  useEffect(preloadApexCharts, []);
  const rows = useMemo(() => (data ? buildRuleRows(data) : []), [data]);
  const profiles = useMemo(() => (data ? profileOptions(data) : []), [data]);
  const profileValues = useMemo(() => [ALL, ...profiles.map((option) => option.name)], [profiles]);
  // In the URL (?review_profile=cis), like the rule filters below.
  const [profile, setProfile] = useUrlChoice('review_profile', profileValues, { fallback: ALL });
  const scoped = useMemo(() => rowsForProfile(rows, profile), [rows, profile]);
  const statusSlices = useMemo<PieSlice[]>(() => {
    const counts = statusCounts(scoped);
    return [
      { label: 'Passed', value: counts.PASS, color: STATUS_COLORS.PASS },
      { label: 'Failed', value: counts.FAIL, color: STATUS_COLORS.FAIL },
      { label: 'Skipped', value: counts.SKIPPED, color: STATUS_COLORS.SKIPPED },
    ];
  }, [scoped]);
  const severitySlices = useMemo<PieSlice[]>(() => {
    const counts = severityCounts(scoped);
    return [
      { label: 'Critical', value: counts.critical, color: SEVERITY_COLORS.critical },
      { label: 'High', value: counts.high, color: SEVERITY_COLORS.high },
      { label: 'Medium', value: counts.medium, color: SEVERITY_COLORS.medium },
      { label: 'Low', value: counts.low, color: SEVERITY_COLORS.low },
    ];
  }, [scoped]);
  const scores = useMemo(
    () =>
      Object.entries(data?.profile_scores ?? {})
        .filter(([name]) => profile === ALL || name === profile)
        .map(([name, score]) => ({ name, score })),
    [data, profile],
  );

  if (!hasAudit) return <Alert severity="info">{NO_AUDIT}</Alert>;
  // The API answers 404 "No audit data available." when no audit was uploaded.
  if (error && !data) {
    return errorStatus(error) === 404 ? (
      <Alert severity="info">{NO_AUDIT}</Alert>
    ) : (
      <ErrorState message={AUDIT_ERROR} onRetry={() => void mutate()} />
    );
  }
  if (isLoading || !data) return <LoadingState text="Loading audit results…" />;
  if (rows.length === 0) return <Alert severity="info">{NO_AUDIT}</Alert>;

  return (
    <Box>
      <FilterSelect
        label="Filter by Profile"
        value={profile}
        onChange={setProfile}
        renderValue={(value) => (value === ALL ? 'All Profiles' : value.toUpperCase())}
        all={{ value: ALL, label: 'All Profiles' }}
        options={profiles.map((option) => ({
          value: option.name,
          label: <ListItemText primary={option.name.toUpperCase()} secondary={option.description || undefined} />,
        }))}
        minWidth={280}
        mb={2}
      />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <PieCard title="Rule Status" slices={statusSlices} emptyText="No rules in this profile." />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <PieCard title="Severity" slices={severitySlices} emptyText="No evaluated rules in this profile." />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <ProfileCompliance scores={scores} />
        </Grid>
      </Grid>
      <RulesTable rows={scoped} uid={uid} profile={profile} />
    </Box>
  );
}
