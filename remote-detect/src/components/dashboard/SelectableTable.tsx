import { ErrorTableRow, SortableTableHead, VisuallyHidden, type SortableColumn } from '@console/shared';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ServerTableState } from '../../tables/useServerTable';
import type { RowSelection } from '../triage/useRowSelection';

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
  /** Row checkboxes (bulk actions): the selection, and each row's name for its checkbox. */
  checkboxes?: { selection: RowSelection; label: (row: Row) => string };
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
  checkboxes,
}: SelectableTableProps<Row>) {
  const pageUids = rows.map((row) => row.uid);
  const ticked = checkboxes ? pageUids.filter((uid) => checkboxes.selection.isSelected(uid)).length : 0;
  const colSpan = columns.length + (checkboxes ? 1 : 0);
  return (
    <TableContainer sx={{ maxHeight: 400 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <SortableTableHead
          columns={columns}
          orderBy={table.orderBy}
          direction={table.direction}
          onSort={table.sortBy}
          leading={
            checkboxes && (
              <TableCell padding="checkbox">
                <VisuallyHidden>Selected</VisuallyHidden>
                <Checkbox
                  checked={rows.length > 0 && ticked === rows.length}
                  indeterminate={ticked > 0 && ticked < rows.length}
                  disabled={rows.length === 0}
                  onChange={() => checkboxes.selection.togglePage(pageUids)}
                  slotProps={{ input: { 'aria-label': `Select the ${label.toLowerCase()} on this page` } }}
                />
              </TableCell>
            )
          }
        />
        <TableBody>
          {rows.map((row) => {
            const { to, text } = link(row);
            return (
              <TableRow key={row.uid} hover sx={{ cursor: 'pointer' }} onClick={() => onSelect(row)}>
                {checkboxes && (
                  // Ticking a row selects it; it never opens the row.
                  <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      checked={checkboxes.selection.isSelected(row.uid)}
                      onChange={() => checkboxes.selection.toggle(row.uid, pageUids)}
                      slotProps={{ input: { 'aria-label': `Select ${checkboxes.label(row)}` } }}
                    />
                  </TableCell>
                )}
                <TableCell>
                  <Link component={RouterLink} to={to} onClick={(event) => event.stopPropagation()}>
                    {text}
                  </Link>
                </TableCell>
                {cells(row)}
              </TableRow>
            );
          })}
          {error && <ErrorTableRow colSpan={colSpan} message={error.message} onRetry={error.onRetry} />}
          {!error && emptyText && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={colSpan}>{emptyText}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
