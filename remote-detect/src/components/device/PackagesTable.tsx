import {
  DemoDataChip,
  DEVICE_TABLE_PAGE_SIZES,
  EpssValue,
  ExportCsvButton,
  ErrorTableRow,
  KevChip,
  SortableTableHead,
  type Package,
  type SortableColumn,
} from '@console/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { devicePackagesExportPath, useDevicePackages } from '../../api/device-package-list';
import { useLogError, useTenant } from '../../api/http-helpers';
import { useKeepPageInRange, useServerTable } from '../../tables/useServerTable';
import { formatScore } from '../common/format';
import { RiskChip } from '../common/RiskChip';
import { CveDialog } from './CveDialog';
import { packageRisk } from './packageRisk';

const COLUMNS: SortableColumn[] = [
  { id: 'name', label: 'Package', sortField: 'name' },
  { id: 'version', label: 'Version', sortField: 'version' },
  { id: 'cve', label: 'CVE', sortField: 'cve_id' },
  { id: 'score', label: 'Score', sortField: 'score', align: 'right' },
  { id: 'risk', label: 'Risk' },
  // Beside the spec's columns: CISA KEV and FIRST EPSS, sorted by the API (docs/vuln-feed-api.md).
  { id: 'kev', label: 'KEV', sortField: 'kev' },
  { id: 'epss', label: 'EPSS', sortField: 'epss', align: 'right' },
];

export const PACKAGES_ERROR = 'Could not load packages';

/** KEV first, likeliest exploitation first: the useful direction of a first click. */
const DESCENDING_FIRST = ['kev', 'epss'];

/** One row per (package, CVE) finding, paged, sorted and searched on the server. */
export function PackagesTable({ uid }: { uid: string }) {
  // The API's default order: highest score first.
  const table = useServerTable({
    prefix: 'packages',
    columns: COLUMNS,
    defaultOrderBy: 'score',
    defaultDirection: 'desc',
    descendingFirst: DESCENDING_FIRST,
  });
  const tenant = useTenant();
  const { data, error, isLoading, isValidating, mutate } = useDevicePackages(uid, table.params);
  useKeepPageInRange(table, isValidating || error || !data ? null : data.count);
  const [cve, setCve] = useState<{ cve_uid: string; cve_id: string | null } | null>(null);
  // Spec §8 only logs a packages error; the table says so too: an empty table reads as "no vulnerabilities".
  useLogError(error, 'Loading the packages');
  const rows: Package[] = error ? [] : (data?.results ?? []);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <TextField
          size="small"
          label="Search packages"
          value={table.search}
          onChange={(event) => table.setSearch(event.target.value)}
          sx={{ minWidth: 260 }}
        />
        <ExportCsvButton what="packages" path={tenant ? devicePackagesExportPath(tenant, uid, table.params) : null} />
      </Box>
      <TableContainer sx={{ maxHeight: 400 }}>
        <Table size="small" stickyHeader aria-label="System Packages">
          <SortableTableHead columns={COLUMNS} orderBy={table.orderBy} direction={table.direction} onSort={table.sortBy} />
          <TableBody>
            {rows.map((pkg, index) => (
              <TableRow key={`${pkg.name}-${pkg.version}-${pkg.cve_uid ?? index}`}>
                <TableCell>{pkg.name}</TableCell>
                <TableCell>{pkg.version}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    {pkg.cve_uid ? (
                      <Link
                        component="button"
                        type="button"
                        onClick={() => setCve({ cve_uid: pkg.cve_uid!, cve_id: pkg.cve_id })}
                      >
                        {pkg.cve_id ?? pkg.cve_uid}
                      </Link>
                    ) : (
                      (pkg.cve_id ?? '—')
                    )}
                    {pkg.source === 'demo' && <DemoDataChip />}
                  </Box>
                </TableCell>
                <TableCell align="right">{formatScore(pkg.score)}</TableCell>
                <TableCell>
                  <RiskChip level={packageRisk(pkg.score)} />
                </TableCell>
                <TableCell>
                  <KevChip kev={pkg.kev} />
                </TableCell>
                <TableCell align="right">
                  <EpssValue epss={pkg.epss} percentile={pkg.epss_percentile} />
                </TableCell>
              </TableRow>
            ))}
            {error ? (
              <ErrorTableRow colSpan={COLUMNS.length} message={PACKAGES_ERROR} onRetry={() => void mutate()} />
            ) : (
              !isLoading &&
              rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length}>No packages.</TableCell>
                </TableRow>
              )
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {/* Without an answer there is no count: "0–0 of 0" would read as "no packages". */}
      {!(error && !data) && (
        <TablePagination
          component="div"
          count={data?.count ?? 0}
          page={table.page}
          rowsPerPage={table.rowsPerPage}
          rowsPerPageOptions={[...DEVICE_TABLE_PAGE_SIZES]}
          onPageChange={(_, page) => table.setPage(page)}
          onRowsPerPageChange={(event) => table.setRowsPerPage(Number(event.target.value))}
        />
      )}
      <CveDialog cve={cve} onClose={() => setCve(null)} />
    </>
  );
}
