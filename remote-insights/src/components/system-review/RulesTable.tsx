import { ExportCsvButton, FilterSelect, TableHeader, useUrlChoice, useUrlText } from '@console/shared';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo } from 'react';
import { reportRulesExportPath } from '../../api/report-rules-export';
import { useDialogItem } from '../../tables/useDialogItem';
import { ClickableRow } from '../common/ClickableRow';
import { ReportSection } from '../common/ReportSection';
import { capitalise, SeverityChip } from '../common/SeverityChip';
import { RuleStatusChip } from './RuleStatusChip';
import { RuleDialog } from './RuleDialog';
import { ALL, filterRules, SEVERITIES, STATUS_ORDER, STATUSES, statusCounts, type RuleRow } from './ruleData';

export const NO_MATCHING_RULES = 'No rules match the current filters.';
/** Spec §9: the rules table scrolls above 600px. */
export const RULES_TABLE_MAX_HEIGHT = 600;

const SEVERITY_VALUES: readonly string[] = [ALL, ...SEVERITIES];
const STATUS_VALUES: readonly string[] = [ALL, ...STATUSES];

const chosen = (value: string) => (value === ALL ? undefined : value);

/**
 * Compliance Rules: severity, status and free-text filters, a row opens the rule dialog. Export CSV
 * downloads the rules shown (report `uid`, the chosen `profile` and these filters) from the API.
 */
export function RulesTable({ rows, uid, profile }: { rows: RuleRow[]; uid: string; profile: string }) {
  // In the URL (?rules_status=FAIL&rules_search=ssh), so Back, a reload and a shared link keep them.
  const [severity, setSeverity] = useUrlChoice('rules_severity', SEVERITY_VALUES);
  const [status, setStatus] = useUrlChoice('rules_status', STATUS_VALUES);
  const [search, setSearch] = useUrlText('rules_search');
  const dialog = useDialogItem<RuleRow>();
  // Typing stays responsive with many rules: the table catches up with the search box.
  const deferredSearch = useDeferredValue(search);
  const shown = useMemo(
    () => filterRules(rows, { severity, status, search: deferredSearch }),
    [rows, severity, status, deferredSearch],
  );
  const counts = useMemo(() => statusCounts(rows), [rows]);

  return (
    <ReportSection title="Compliance Rules">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <FilterSelect
          label="Severity"
          value={severity}
          onChange={setSeverity}
          all={{ value: ALL, label: 'All' }}
          options={SEVERITIES.map((value) => ({ value, label: capitalise(value) }))}
          minWidth={150}
        />
        <FilterSelect
          label="Status"
          value={status}
          onChange={setStatus}
          all={{ value: ALL, label: 'All' }}
          options={STATUSES.map((value) => ({ value, label: `${value} (${counts[value].toLocaleString('en-US')})` }))}
          renderValue={(value) => (value === ALL ? 'All' : value)}
          minWidth={150}
        />
        <TextField
          size="small"
          label="Search"
          placeholder="Title, id or message"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ minWidth: 260 }}
        />
        <ExportCsvButton
          what="compliance rules"
          path={reportRulesExportPath(uid, {
            profile: chosen(profile),
            severity: chosen(severity),
            status: chosen(status),
            search: search.trim(),
          })}
        />
      </Box>
      {/* Beside the filters: how many rules have each status, failures first as the rows are. */}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="rule-status-counts">
        {STATUS_ORDER.map((value) => `${value}: ${counts[value].toLocaleString('en-US')}`).join(' · ')}
      </Typography>
      <TableContainer sx={{ maxHeight: RULES_TABLE_MAX_HEIGHT }} data-testid="rules-table-container">
        <Table size="small" stickyHeader aria-label="Compliance Rules">
          <TableHeader columns={['Rule', 'Severity', 'Status', 'Message']} />
          <TableBody>
            {shown.map((row) => (
              <ClickableRow key={row.id} onOpen={() => dialog.show(row)}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {row.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                    {row.id}
                  </Typography>
                </TableCell>
                <TableCell>
                  <SeverityChip severity={row.severity} />
                </TableCell>
                <TableCell>
                  <RuleStatusChip status={row.status} />
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{row.message}</TableCell>
              </ClickableRow>
            ))}
            {shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>{NO_MATCHING_RULES}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <RuleDialog row={dialog.item} open={dialog.open} onClose={dialog.close} />
    </ReportSection>
  );
}
