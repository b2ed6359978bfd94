import {
  ClientPagination,
  DemoDataChip,
  EpssValue,
  KevChip,
  REPORT_TABLE_PAGE_SIZES,
  SortableTableHead,
  type SortableColumn,
} from '@console/shared';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { memo } from 'react';
import { useClientTable } from '../../tables/useClientTable';
import { useDialogItem } from '../../tables/useDialogItem';
import { ClickableRow } from '../common/ClickableRow';
import { NOT_AVAILABLE } from '../common/format';
import { ReportSection } from '../common/ReportSection';
import { SeverityChip } from '../common/SeverityChip';
import { sortVulnerabilities, type VulnerabilityRow, type VulnerabilitySortField } from './sbomData';
import { VulnerabilityDialog } from './VulnerabilityDialog';

const COLUMNS: SortableColumn<VulnerabilitySortField>[] = [
  { label: 'Vulnerability ID', sortField: 'id' },
  { label: 'Severity', sortField: 'severity' },
  { label: 'Source' },
  { label: 'Affected Components' },
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

/** Default order: severity, highest first (spec §2). Only the visible page is rendered. */
export const VulnerabilitiesTable = memo(function VulnerabilitiesTable({ rows }: { rows: VulnerabilityRow[] }) {
  const table = useClientTable(rows, sortVulnerabilities, 'severity', 'desc', DESCENDING_FIRST);
  const dialog = useDialogItem<VulnerabilityRow>();

  return (
    <ReportSection title="Vulnerabilities">
      <TableContainer>
        <Table size="small" aria-label="Vulnerabilities">
          <SortableTableHead columns={COLUMNS} orderBy={table.orderBy} direction={table.direction} onSort={table.sortBy} />
          <TableBody>
            {table.visible.map((row) => (
              <ClickableRow key={row.key} onOpen={() => dialog.show(row)}>
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
                <TableCell>{row.source ?? NOT_AVAILABLE}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{affectedText(row)}</TableCell>
                <TableCell>
                  <KevChip kev={row.exploit?.kev} />
                </TableCell>
                <TableCell align="right">
                  <EpssValue epss={row.exploit?.epss} percentile={row.exploit?.epss_percentile} />
                </TableCell>
              </ClickableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>No vulnerabilities affect components of this type.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ClientPagination pageSizes={REPORT_TABLE_PAGE_SIZES} count={rows.length} {...table} />
      <VulnerabilityDialog row={dialog.item} open={dialog.open} onClose={dialog.close} />
    </ReportSection>
  );
});
