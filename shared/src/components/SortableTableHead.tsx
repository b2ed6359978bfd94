import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement, ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface SortableColumn<F extends string = string> {
  /** React key; defaults to the label. */
  id?: string;
  label: string;
  /** The field this column sorts by; omit for a column that cannot be sorted. */
  sortField?: F;
  align?: 'left' | 'right';
  /** What the figures of the column count, when the label alone could be read two ways: a tooltip, and the header's description. */
  description?: string;
}

export interface SortableTableHeadProps<F extends string = string> {
  columns: SortableColumn<F>[];
  orderBy: F;
  direction: SortDirection;
  onSort(field: F): void;
  /** A cell before the columns (a table with row checkboxes: its "select this page" box). */
  leading?: ReactNode;
}

/** The label keeps its name (the spec's words); the description is read after it and shown on hover and focus. */
function withDescription(description: string | undefined, label: ReactElement) {
  return description ? (
    <Tooltip title={description} describeChild>
      {label}
    </Tooltip>
  ) : (
    label
  );
}

export function SortableTableHead<F extends string = string>({
  columns,
  orderBy,
  direction,
  onSort,
  leading,
}: SortableTableHeadProps<F>) {
  return (
    <TableHead>
      <TableRow>
        {leading}
        {columns.map((column) => {
          const active = column.sortField !== undefined && column.sortField === orderBy;
          return (
            <TableCell
              key={column.id ?? column.label}
              align={column.align}
              sortDirection={active ? direction : false}
              sx={{ fontWeight: 'bold' }}
            >
              {withDescription(
                column.description,
                column.sortField ? (
                  <TableSortLabel
                    active={active}
                    direction={active ? direction : 'asc'}
                    onClick={() => onSort(column.sortField!)}
                  >
                    {column.label}
                  </TableSortLabel>
                ) : (
                  <span>{column.label}</span>
                ),
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
