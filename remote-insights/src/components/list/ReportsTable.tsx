import {
  ClientPagination,
  formatDateTime,
  REPORT_TABLE_PAGE_SIZES,
  TableHeader,
  useUrlTableState,
  type ReportListRow,
  type ScanStatus,
} from '@console/shared';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';
import { NOT_AVAILABLE } from '../common/format';
import { assessmentTypeLabel } from '../report/labels';

export const SCAN_STATUS_LABELS: Record<ScanStatus, string> = {
  not_uploaded: 'No scan',
  sbom: 'SBOM',
  audit: 'Audit',
  sbom_and_audit: 'SBOM and audit',
};

// The spec's four, with the scan columns beside them (before Actions, which ends the row).
const COLUMNS = [
  'Report Name',
  'Type',
  'Created At',
  'Scan Status',
  'Last Scan',
  { label: 'Open Vulnerabilities', align: 'right' },
  { label: 'Critical (open)', align: 'right' },
  'Actions',
] as const;

/** A count of the latest SBOM scan; N/A when no scan is kept (no SBOM, or uploaded before the history). */
const count = (value: number | null) => (value === null ? NOT_AVAILABLE : value.toLocaleString('en-US'));

/**
 * The reports, newest first (the API's order), paged 5/10/25 like every report table; the page is
 * in the URL (?reports_page=2), so Back from a report returns to it.
 */
export function ReportsTable({ reports }: { reports: ReportListRow[] }) {
  const { page, rowsPerPage, setPage, setRowsPerPage } = useUrlTableState({
    prefix: 'reports',
    pageSizes: REPORT_TABLE_PAGE_SIZES,
  });
  // After a delete the current page may be past the end (or a link names one): show the last page instead.
  const current = Math.min(page, Math.max(0, Math.ceil(reports.length / rowsPerPage) - 1));
  const visible = reports.slice(current * rowsPerPage, (current + 1) * rowsPerPage);

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="My Insight Reports">
          <TableHeader columns={COLUMNS} />
          <TableBody>
            {visible.map((report) => (
              <TableRow key={report.uid} hover>
                <TableCell sx={{ wordBreak: 'break-word' }}>{report.name}</TableCell>
                <TableCell>{assessmentTypeLabel(report.assessment_type)}</TableCell>
                <TableCell>{formatDateTime(report.created_at, NOT_AVAILABLE)}</TableCell>
                <TableCell>{SCAN_STATUS_LABELS[report.scan_status]}</TableCell>
                <TableCell>{formatDateTime(report.scan_uploaded_at, NOT_AVAILABLE)}</TableCell>
                <TableCell align="right">{count(report.open_vulnerabilities)}</TableCell>
                <TableCell align="right">{count(report.critical_vulnerabilities)}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    variant="outlined"
                    component={RouterLink}
                    to={`/insights/${encodeURIComponent(report.uid)}/`}
                    aria-label={`View ${report.name}`}
                  >
                    View
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {reports.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>No reports yet. Create one above.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ClientPagination
        pageSizes={REPORT_TABLE_PAGE_SIZES}
        count={reports.length}
        page={current}
        rowsPerPage={rowsPerPage}
        setPage={(next) => setPage(next)}
        setRowsPerPage={setRowsPerPage}
      />
    </>
  );
}
