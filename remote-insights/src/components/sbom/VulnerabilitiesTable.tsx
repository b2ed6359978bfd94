import { ClientPagination, REPORT_TABLE_PAGE_SIZES, SortableTableHead, type SortableColumn } from '@console/shared';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { memo, useMemo } from 'react';
import { useClientTable } from '../../hooks/useClientTable';
import { useDialogItem } from '../../hooks/useDialogItem';
import { NOT_AVAILABLE } from '../common/format';
import { SeverityChip } from '../common/SeverityChip';
import { sortVulnerabilities, type VulnerabilityRow, type VulnerabilitySortField } from './sbomData';
import { VulnerabilityDialog } from './VulnerabilityDialog';

const COLUMNS: SortableColumn<VulnerabilitySortField>[] = [
  { label: 'Vulnerability ID', sortField: 'id' },
  { label: 'Severity', sortField: 'severity' },
  { label: 'Source' },
  { label: 'Affected Components' },
];

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
  const table = useClientTable<VulnerabilitySortField>(rows, 'severity', 'desc');
  const dialog = useDialogItem<VulnerabilityRow>();
  const sorted = useMemo(() => sortVulnerabilities(rows, table.orderBy, table.direction), [rows, table.orderBy, table.direction]);
  const visible = sorted.slice(table.page * table.rowsPerPage, (table.page + 1) * table.rowsPerPage);

  return (
    <Paper variant="outlined" component="section" aria-label="Vulnerabilities" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'bold', mb: 1 }}>
        Vulnerabilities
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Vulnerabilities">
          <SortableTableHead columns={COLUMNS} orderBy={table.orderBy} direction={table.direction} onSort={table.sortBy} />
          <TableBody>
            {visible.map((row) => (
              <TableRow
                key={row.key}
                hover
                tabIndex={0}
                sx={{ cursor: 'pointer' }}
                onClick={() => dialog.show(row)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    dialog.show(row);
                  }
                }}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.vulnerability.id}</TableCell>
                <TableCell>
                  <SeverityChip severity={row.severity} />
                </TableCell>
                <TableCell>{row.source ?? NOT_AVAILABLE}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{affectedText(row)}</TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>No vulnerabilities affect components of this type.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ClientPagination
        pageSizes={REPORT_TABLE_PAGE_SIZES}
        count={rows.length}
        page={table.page}
        rowsPerPage={table.rowsPerPage}
        setPage={table.setPage}
        setRowsPerPage={table.setRowsPerPage}
      />
      <VulnerabilityDialog row={dialog.item} open={dialog.open} onClose={dialog.close} />
    </Paper>
  );
});
