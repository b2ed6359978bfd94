import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { ErrorState, type ErrorStateProps } from './ErrorState';

// Apart from ErrorState, which the host's entry chunk draws (ProtectedRoute): that chunk then
// carries no table components.

export interface ErrorTableRowProps extends Omit<ErrorStateProps, 'compact'> {
  /** The table's column count: the error spans the whole row. */
  colSpan: number;
}

/** The error state as the only row of a table body, in place of its empty text. */
export function ErrorTableRow({ colSpan, ...props }: ErrorTableRowProps) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ p: 1 }}>
        <ErrorState compact {...props} />
      </TableCell>
    </TableRow>
  );
}
