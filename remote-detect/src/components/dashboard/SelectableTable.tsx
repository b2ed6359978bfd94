import { ErrorTableRow, SortableTableHead, type SortableColumn } from '@console/shared';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ServerTableState } from '../../tables/useServerTable';

export interface SelectableTableProps<Row extends { uid: string }> {
  label: string;
  columns: SortableColumn[];
  table: ServerTableState<string>;
  rows: Row[];
  /** Shown as the only row once the server answered with none. */
  emptyText: string | false;
  /** A failed load: shown instead of the rows and the empty text, with Retry. */
  error?: { message: string; onRetry(): void } | null;
  /** The first cell: a plain link to the row's page. */
  link: (row: Row) => { to: string; text: ReactNode };
  /** The other cells. */
  cells: (row: Row) => ReactNode;
  onSelect: (row: Row) => void;
}

/**
 * A dashboard table whose row click reports the row (onSelect); its first cell is also a plain
 * link, so every row's page stays reachable.
 */
export function SelectableTable<Row extends { uid: string }>({
  label,
  columns,
  table,
  rows,
  emptyText,
  error = null,
  link,
  cells,
  onSelect,
}: SelectableTableProps<Row>) {
  return (
    <TableContainer sx={{ maxHeight: 400 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <SortableTableHead columns={columns} orderBy={table.orderBy} direction={table.direction} onSort={table.sortBy} />
        <TableBody>
          {rows.map((row) => {
            const { to, text } = link(row);
            return (
              <TableRow key={row.uid} hover sx={{ cursor: 'pointer' }} onClick={() => onSelect(row)}>
                <TableCell>
                  <Link component={RouterLink} to={to} onClick={(event) => event.stopPropagation()}>
                    {text}
                  </Link>
                </TableCell>
                {cells(row)}
              </TableRow>
            );
          })}
          {error && <ErrorTableRow colSpan={columns.length} message={error.message} onRetry={error.onRetry} />}
          {!error && emptyText && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length}>{emptyText}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
