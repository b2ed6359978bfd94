import { ErrorTableRow, formatDateTime, TableHeader } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { TRAIL_PAGE_SIZE } from '../../api/http-helpers';

export interface TrailTableProps<Entry extends { at: string; actor: { label: string } }> {
  label: string;
  /** The columns after When and Who. */
  columns: string[];
  entries: Entry[] | undefined;
  /** The other cells of an entry, in the order of `columns`. */
  cells: (entry: Entry) => ReactNode;
  /** A failed load: shown instead of the entries, with Retry (never as "no changes"). */
  error: { message: string; onRetry(): void } | null;
  emptyText: string;
  /** The trail's page (the API answers `count` entries in all, TRAIL_PAGE_SIZE a page): without it a long trail would end silently at its first page. */
  paging?: { count: number | undefined; page: number; onPageChange(page: number): void };
}

/** An audit trail, newest first: when, who, then what changed. */
export function TrailTable<Entry extends { at: string; actor: { label: string } }>({
  label,
  columns,
  entries,
  cells,
  error,
  emptyText,
  paging,
}: TrailTableProps<Entry>) {
  const all = ['When', 'Who', ...columns];
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHeader columns={all} />
        <TableBody>
          {!error &&
            entries?.map((entry, index) => (
              <TableRow key={`${entry.at}-${index}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</TableCell>
                <TableCell>{entry.actor.label}</TableCell>
                {cells(entry)}
              </TableRow>
            ))}
          {error && <ErrorTableRow colSpan={all.length} message={error.message} onRetry={error.onRetry} />}
          {!error && entries === undefined && (
            <TableRow>
              <TableCell colSpan={all.length}>Loading...</TableCell>
            </TableRow>
          )}
          {!error && entries?.length === 0 && (
            <TableRow>
              <TableCell colSpan={all.length}>{emptyText}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {!error && paging?.count !== undefined && paging.count > TRAIL_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={paging.count}
          page={paging.page}
          rowsPerPage={TRAIL_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_, page) => paging.onPageChange(page)}
        />
      )}
    </TableContainer>
  );
}
