import { ErrorState, FilterSelect, LoadingState, preloadApexCharts, useUrlChoice } from '@console/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { memo, useEffect, useMemo } from 'react';
import { errorStatus } from '../../api/http-helpers';
import { useReportSbom } from '../../api/report-sbom';
import { useReportSbomAnalyses } from '../../api/report-sbom-analyses';
import { useReportSbomFeed } from '../../api/report-sbom-feed';
import { useLicensePolicy } from '../../api/license-policy';
import { PieCard, type PieSlice } from '../common/PieCard';
import { capitalise, SEVERITY_COLORS } from '../common/SeverityChip';
import { componentContextOf } from './componentContext';
import { COMPONENTS_TABLE, ComponentsTable } from './ComponentsTable';
import { FeedStatus, noVulnerabilitiesText } from './FeedStatus';
import { LicenseSummaryCard } from './LicenseSummaryCard';
import { deniedComponentCount, deniedSetOf, licenseSummaryOf } from './licenses';
import {
  ALL_TYPES,
  ALL_VEX,
  buildSbomView,
  COMPONENT_SORT_FIELDS,
  VULNERABILITY_SORT_FIELDS,
  componentsMatching,
  componentsOfType,
  severityCountsOf,
  VEX_LABELS,
  VEX_STATUSES,
  vexCountsOf,
  vulnerabilitiesMatching,
  vulnerabilitiesOfType,
  vulnerabilitiesOfVex,
  withConsoleAnalyses,
  withExploitData,
} from './sbomData';
import { useTableOrdering } from '../../tables/useTableOrdering';
import { useTableSearch } from '../../tables/useTableSearch';
import { useStableCallback } from '../../tables/useStableCallback';
import { SbomActions } from './SbomActions';
import { SbomSummaryCard } from './SbomSummaryCard';
import { VULNERABILITIES_TABLE, VulnerabilitiesTable } from './VulnerabilitiesTable';

export const SBOM_ERROR = 'Failed to load SBOM data';
export const NO_SBOM = 'No SBOM data available.';
export const ANALYSES_ERROR = "Failed to load the console's analyses: the states shown are the SBOM file's own";

// Distinct colours for component types (ApexCharts' default palette repeats after five).
/** Pie slices of what the SBOM's VEX analysis closed (greens and a grey: not open work). */
const VEX_COLORS: Record<string, string> = { not_affected: '#66bb6a', false_positive: '#9e9e9e', resolved: '#2e7d32' };

const VEX_VALUES = [ALL_VEX, ...VEX_STATUSES];
const ALL_TYPES_OPTION = { value: ALL_TYPES, label: 'All Types' };
const ALL_VEX_OPTION = { value: ALL_VEX, label: 'All Analyses' };

// Memoised (with stable setters and options): a table's sort or search re-renders the tab.
const Filter = memo(FilterSelect);

const TYPE_COLORS = [
  '#5a00ff',
  '#008ffb',
  '#00e396',
  '#feb019',
  '#ff4560',
  '#775dd0',
  '#3f51b5',
  '#26a69a',
  '#d4526e',
  '#8d6e63',
  '#546e7a',
  '#c0ca33',
];

/**
 * Spec §2 SBOM tab. Everything derived from the payload is computed once per response; the
 * charts are memoised on those values, so sorting, paging and dialogs only re-render a table.
 */
export function SbomTab({ uid, hasSbom = true }: { uid: string; hasSbom?: boolean }) {
  // An audit-only report (`hasSbom` false) asks for neither: the 404s would be console errors.
  const { data, error, isLoading, mutate } = useReportSbom(uid, hasSbom);
  // Asked at the same time as the SBOM: coverage, and KEV/EPSS of its vulnerabilities.
  const feed = useReportSbomFeed(uid, hasSbom);
  // The console's analyses, laid over the file's: they decide the states, counts and pie.
  const analyses = useReportSbomAnalyses(uid, hasSbom);
  // The tenant's denied licenses: flagged on components, counted on the Licenses card.
  const policy = useLicensePolicy(hasSbom);
  // The charts' code loads while the data is on its way.
  useEffect(preloadApexCharts, []);
  const view = useMemo(() => (data ? buildSbomView(data) : null), [data]);
  const typeValues = useMemo(() => [ALL_TYPES, ...(view?.types ?? []).map((option) => option.type)], [view]);
  // In the URL (?sbom_type=library); both tables below go back to their first page when it changes.
  const [type, setTypeNow] = useUrlChoice('sbom_type', typeValues, {
    fallback: ALL_TYPES,
    resetPages: [COMPONENTS_TABLE, VULNERABILITIES_TABLE],
  });
  const setType = useStableCallback(setTypeNow);
  const typeOptions = useMemo(
    () =>
      (view?.types ?? []).map((option) => ({
        value: option.type,
        label: `${option.type} (${option.count.toLocaleString('en-US')})`,
      })),
    [view],
  );
  const ofTypeComponents = useMemo(() => (view ? componentsOfType(view.components, type) : []), [view, type]);
  // ?components_search=lodash&vulns_search=CVE-2021: the tables' rows only (the charts and counts keep every row).
  const componentSearch = useTableSearch('components_search', COMPONENTS_TABLE, 'Name or package URL');
  const vulnerabilitySearch = useTableSearch('vulns_search', VULNERABILITIES_TABLE, 'ID, or a component name or package URL');
  const components = useMemo(
    () => componentsMatching(ofTypeComponents, componentSearch.filter),
    [ofTypeComponents, componentSearch.filter],
  );
  const triaged = useMemo(() => (view ? withConsoleAnalyses(view.vulnerabilities, analyses.data) : []), [view, analyses.data]);
  const exploitable = useMemo(() => withExploitData(triaged, feed.data), [triaged, feed.data]);
  const ofType = useMemo(() => vulnerabilitiesOfType(exploitable, type), [exploitable, type]);
  const denied = useMemo(() => deniedSetOf(policy.data?.denied), [policy.data]);
  const componentContext = useMemo(() => (data ? componentContextOf(data, triaged, denied) : null), [data, triaged, denied]);
  const licenseSummary = useMemo(() => licenseSummaryOf(data?.components ?? []), [data]);
  const deniedCount = useMemo(
    () => (policy.data ? deniedComponentCount(data?.components ?? [], denied) : null),
    [data, policy.data, denied],
  );
  // ?vulns_vex=not_affected: the table's rows by VEX analysis; the charts and counts keep every row.
  const [vex, setVexNow] = useUrlChoice('vulns_vex', VEX_VALUES, { fallback: ALL_VEX, resetPages: [VULNERABILITIES_TABLE] });
  const setVex = useStableCallback(setVexNow);
  const vulnerabilities = useMemo(
    () => vulnerabilitiesMatching(vulnerabilitiesOfVex(ofType, vex), vulnerabilitySearch.filter),
    [ofType, vex, vulnerabilitySearch.filter],
  );
  // The CSV exports hold the rows the tables show: the same type, Analysis filter, search and sort.
  const componentOrdering = useTableOrdering(COMPONENTS_TABLE, COMPONENT_SORT_FIELDS);
  const vulnerabilityOrdering = useTableOrdering(VULNERABILITIES_TABLE, VULNERABILITY_SORT_FIELDS);
  const exportFilters = useMemo(() => {
    const typeFilter = type === ALL_TYPES ? undefined : type;
    return {
      components: { type: typeFilter, search: componentSearch.filter, ordering: componentOrdering },
      vulnerabilities: {
        type: typeFilter,
        vex: vex === ALL_VEX ? undefined : vex,
        search: vulnerabilitySearch.filter,
        ordering: vulnerabilityOrdering,
      },
    };
  }, [type, vex, componentSearch.filter, vulnerabilitySearch.filter, componentOrdering, vulnerabilityOrdering]);
  const vexCounts = useMemo(() => vexCountsOf(ofType), [ofType]);
  const allVexCounts = useMemo(() => vexCountsOf(triaged), [triaged]);
  const vexOptions = useMemo(
    () =>
      vexCounts.map(({ status, count }) => ({
        value: status,
        label: `${VEX_LABELS[status]} (${count.toLocaleString('en-US')})`,
      })),
    [vexCounts],
  );
  // Severities of the open ones; what VEX closed is counted apart, in slices of its own.
  const severitySlices = useMemo<PieSlice[]>(
    () => [
      ...severityCountsOf(vulnerabilitiesOfVex(ofType, 'open')).map(({ severity, count }) => ({
        label: capitalise(severity),
        value: count,
        color: SEVERITY_COLORS[severity]!,
      })),
      ...vexCounts
        .filter(({ status }) => status !== 'open')
        .map(({ status, count }) => ({ label: `${VEX_LABELS[status]} (VEX)`, value: count, color: VEX_COLORS[status]! })),
    ],
    [ofType, vexCounts],
  );
  const typeSlices = useMemo<PieSlice[]>(
    () =>
      (view?.types ?? []).map(({ type: name, count }, index) => ({
        label: name,
        value: count,
        color: TYPE_COLORS[index % TYPE_COLORS.length]!,
      })),
    [view],
  );

  if (!hasSbom) return <Alert severity="info">{NO_SBOM}</Alert>;
  // The API answers 404 "No SBOM data available." when no SBOM was uploaded.
  if (error && !data) {
    return errorStatus(error) === 404 ? (
      <Alert severity="info">{NO_SBOM}</Alert>
    ) : (
      <ErrorState message={SBOM_ERROR} onRetry={() => void mutate()} />
    );
  }
  if (isLoading || !data || !view || !componentContext) return <LoadingState text="Loading SBOM data…" />;

  return (
    <Box>
      <FeedStatus feed={feed.data} error={feed.error} onRetry={() => void feed.mutate()} />
      {analyses.error && <ErrorState message={ANALYSES_ERROR} onRetry={() => void analyses.mutate()} />}
      <SbomActions uid={uid} filters={exportFilters} />
      <Filter
        label="Filter by Component Type"
        value={type}
        onChange={setType}
        all={ALL_TYPES_OPTION}
        options={typeOptions}
        minWidth={260}
        mb={2}
      />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <SbomSummaryCard
            root={view.root}
            generator={view.generator}
            vex={allVexCounts}
            timestamp={data.metadata?.timestamp ?? null}
            specVersion={data.spec_version ?? null}
            components={view.components.length}
            vulnerabilities={view.vulnerabilities.length}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <PieCard
            title="Vulnerability Severity"
            slices={severitySlices}
            emptyText={noVulnerabilitiesText(feed.data, feed.error)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <PieCard title="Component Types" slices={typeSlices} emptyText="No components found" donut />
        </Grid>
        <Grid size={12}>
          <LicenseSummaryCard summary={licenseSummary} denied={deniedCount} policy={policy} />
        </Grid>
      </Grid>
      {/* minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <ComponentsTable rows={components} context={componentContext} search={componentSearch.search} />
        {view.vulnerabilities.length > 0 && (
          <Box>
            <Filter
              label="Filter by Analysis"
              value={vex}
              onChange={setVex}
              all={ALL_VEX_OPTION}
              options={vexOptions}
              minWidth={220}
              mb={2}
            />
            <VulnerabilitiesTable rows={vulnerabilities} uid={uid} allRows={exploitable} search={vulnerabilitySearch.search} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
