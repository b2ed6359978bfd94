import { ErrorTableRow, formatDateTime, TableHeader } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

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
}

/** An audit trail, newest first: when, who, then what changed. */
export function TrailTable<Entry extends { at: string; actor: { label: string } }>({
  label,
  columns,
  entries,
  cells,
  error,
  emptyText,
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
    </TableContainer>
  );
}
