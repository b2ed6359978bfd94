import { DEVICE_TABLE_PAGE_SIZES } from '@console/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useKeepPageInRange, type ServerTableState } from '../../tables/useServerTable';

export interface ServerTableFrameProps {
  table: ServerTableState<string>;
  /** Null until the list loads and when it failed: no pagination, whose "0–0 of 0" would read as an empty list. */
  count: number | null;
  searchLabel: string;
  loading: boolean;
  filters?: ReactNode;
  /** At the end of the search row: what acts on the whole view (Export CSV). */
  actions?: ReactNode;
  children: ReactNode;
}

/** Search box, a progress bar while a page loads, the table, and server pagination. */
export function ServerTableFrame({ table, count, searchLabel, loading, filters, actions, children }: ServerTableFrameProps) {
  useKeepPageInRange(table, loading ? null : count);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <TextField
          size="small"
          label={searchLabel}
          type="search"
          value={table.search}
          onChange={(event) => table.setSearch(event.target.value)}
          sx={{ minWidth: 260 }}
        />
        {filters}
        {actions && <Box sx={{ ml: 'auto', alignSelf: 'center' }}>{actions}</Box>}
      </Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      {children}
      {/* No rows: the table's empty text says so; "0–0 of 0" below it would only repeat it. */}
      {count !== null && count > 0 && (
        <TablePagination
          component="div"
          count={count}
          page={table.page}
          rowsPerPage={table.rowsPerPage}
          rowsPerPageOptions={[...DEVICE_TABLE_PAGE_SIZES]}
          onPageChange={(_, page) => table.setPage(page)}
          onRowsPerPageChange={(event) => table.setRowsPerPage(Number(event.target.value))}
        />
      )}
    </>
  );
}
