import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SortDirection } from '../../hooks/useServerTable';

export interface Column {
  id: string;
  label: string;
  /** The server's `ordering` field; omit for a column that cannot be sorted. */
  sortField?: string;
  align?: 'left' | 'right';
}

export interface SortableTableHeadProps {
  columns: Column[];
  orderBy: string;
  direction: SortDirection;
  onSort(field: string): void;
}

export function SortableTableHead({ columns, orderBy, direction, onSort }: SortableTableHeadProps) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => {
          const active = column.sortField !== undefined && column.sortField === orderBy;
          return (
            <TableCell
              key={column.id}
              align={column.align}
              sortDirection={active ? direction : false}
              sx={{ fontWeight: 'bold' }}
            >
              {column.sortField ? (
                <TableSortLabel
                  active={active}
                  direction={active ? direction : 'asc'}
                  onClick={() => onSort(column.sortField!)}
                >
                  {column.label}
                </TableSortLabel>
              ) : (
                column.label
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
