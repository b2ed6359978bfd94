import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** A column of a table that does not sort: its label (text, or text with a tooltip) and alignment. */
export interface TableHeaderColumn {
  label: ReactNode;
  align?: 'left' | 'right';
}

export interface TableHeaderProps {
  /** A plain string is a left-aligned label. */
  columns: readonly (string | TableHeaderColumn)[];
}

/** The bold header row of a table that does not sort (SortableTableHead is the one that does). */
export function TableHeader({ columns }: TableHeaderProps) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column, index) => {
          const { label, align } = typeof column === 'string' ? { label: column, align: undefined } : column;
          // A table's columns are fixed, so the position is a stable key (a label may be empty or not text).
          return (
            <TableCell key={index} align={align} sx={{ fontWeight: 'bold' }}>
              {label}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
