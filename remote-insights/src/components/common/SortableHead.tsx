import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SortDirection } from '../../hooks/useClientTable';

export interface HeadColumn<F extends string> {
  label: string;
  /** Omit for a column that cannot be sorted. */
  sortField?: F;
}

export interface SortableHeadProps<F extends string> {
  columns: HeadColumn<F>[];
  orderBy: F;
  direction: SortDirection;
  onSort(field: F): void;
}

export function SortableHead<F extends string>({ columns, orderBy, direction, onSort }: SortableHeadProps<F>) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => {
          const active = column.sortField !== undefined && column.sortField === orderBy;
          return (
            <TableCell key={column.label} sortDirection={active ? direction : false} sx={{ fontWeight: 'bold' }}>
              {column.sortField ? (
                <TableSortLabel active={active} direction={active ? direction : 'asc'} onClick={() => onSort(column.sortField!)}>
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
