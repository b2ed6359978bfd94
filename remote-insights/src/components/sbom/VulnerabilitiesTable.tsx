import { DemoDataChip, EpssValue, KevChip, type SortableColumn } from '@console/shared';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import { memo } from 'react';
import { NOT_AVAILABLE } from '../common/format';
import { SeverityChip } from '../common/SeverityChip';
import { SortedTableSection, type TableSearch, type TableSort } from '../common/SortedTableSection';
import { sortVulnerabilities, type VulnerabilityRow, type VulnerabilitySortField } from './sbomData';
import { AnalysisSummary, ScoreSummary } from './VulnerabilityFacts';
import { VulnerabilityDialog } from './VulnerabilityDialog';

const COLUMNS: SortableColumn<VulnerabilitySortField>[] = [
  { label: 'Vulnerability ID', sortField: 'id' },
  { label: 'Severity', sortField: 'severity' },
  // Beside the spec's columns: the score and vector the severity comes from, and the VEX analysis.
  { label: 'Score' },
  { label: 'Source' },
  { label: 'Affected Components' },
  // Beside the spec's columns: the fixed versions the console's feed names for the matched components.
  { label: 'Fixed Version' },
  { label: 'Analysis' },
  // Beside the spec's columns: CISA KEV and FIRST EPSS from the feed status (docs/vuln-feed-api.md).
  { label: 'KEV', sortField: 'kev' },
  { label: 'EPSS', sortField: 'epss', align: 'right' },
];

/** KEV first, likeliest exploitation first: the useful direction of a first click. */
const DESCENDING_FIRST: VulnerabilitySortField[] = ['kev', 'epss'];

/** How many affected components a row names before "+N more" (the dialog lists them all). */
export const AFFECTED_SHOWN = 3;

function affectedText(row: VulnerabilityRow): string {
  if (row.affected.length === 0) return NOT_AVAILABLE;
  const names = row.affected.slice(0, AFFECTED_SHOWN).map((a) => a.label);
  const more = row.affected.length - names.length;
  return more > 0 ? `${names.join(', ')} +${more} more` : names.join(', ');
}

const SORT: TableSort<VulnerabilityRow, VulnerabilitySortField> = {
  rows: sortVulnerabilities,
  field: 'severity',
  direction: 'desc',
  descendingFirst: DESCENDING_FIRST,
};

// Memoised: closed, it need not re-render with every sort or page of the table.
const Dialog = memo(VulnerabilityDialog);

/** The table's prefix in the URL (?vulns_sort=-epss). */
export const VULNERABILITIES_TABLE = 'vulns';

/** Default order: severity, highest first (spec §2). */
export const VulnerabilitiesTable = memo(function VulnerabilitiesTable({
  rows,
  uid,
  allRows = rows,
  search,
}: {
  rows: VulnerabilityRow[];
  /** The report: the dialog offers triage (a form and the trail) with it. */
  uid?: string;
  /** Every row, unfiltered: an open dialog follows its row's refresh even when a filter now hides it. */
  allRows?: VulnerabilityRow[];
  search?: TableSearch;
}) {
  return (
    <SortedTableSection
      title="Vulnerabilities"
      prefix={VULNERABILITIES_TABLE}
      columns={COLUMNS}
      rows={rows}
      sort={SORT}
      empty="No vulnerabilities affect components of this type."
      search={search}
      cells={(row) => (
        <>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {row.demo ? (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                {row.vulnerability.id}
                <DemoDataChip />
              </Box>
            ) : (
              row.vulnerability.id
            )}
          </TableCell>
          <TableCell>
            <SeverityChip severity={row.severity} />
          </TableCell>
          <TableCell sx={{ minWidth: 120 }}>
            <ScoreSummary row={row} />
          </TableCell>
          <TableCell>{row.source ?? NOT_AVAILABLE}</TableCell>
          <TableCell sx={{ wordBreak: 'break-word' }}>{affectedText(row)}</TableCell>
          <TableCell sx={{ wordBreak: 'break-word' }}>{row.fixedText}</TableCell>
          <TableCell>
            <AnalysisSummary row={row} />
          </TableCell>
          <TableCell>
            <KevChip kev={row.exploit?.kev} />
          </TableCell>
          <TableCell align="right">
            <EpssValue epss={row.exploit?.epss} percentile={row.exploit?.epss_percentile} />
          </TableCell>
        </>
      )}
      dialog={({ item, open, close }) => (
        <Dialog row={allRows.find((row) => row.key === item?.key) ?? item} open={open} onClose={close} uid={uid} />
      )}
    />
  );
});
