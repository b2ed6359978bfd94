import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';

export type SortDirection = 'asc' | 'desc';

export interface SortableColumn<F extends string = string> {
  /** React key; defaults to the label. */
  id?: string;
  label: string;
  /** The field this column sorts by; omit for a column that cannot be sorted. */
  sortField?: F;
  align?: 'left' | 'right';
}

export interface SortableTableHeadProps<F extends string = string> {
  columns: SortableColumn<F>[];
  orderBy: F;
  direction: SortDirection;
  onSort(field: F): void;
}

export function SortableTableHead<F extends string = string>({ columns, orderBy, direction, onSort }: SortableTableHeadProps<F>) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => {
          const active = column.sortField !== undefined && column.sortField === orderBy;
          return (
            <TableCell
              key={column.id ?? column.label}
              align={column.align}
              sortDirection={active ? direction : false}
              sx={{ fontWeight: 'bold' }}
            >
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
