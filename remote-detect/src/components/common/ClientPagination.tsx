import { DEVICE_TABLE_PAGE_SIZES } from '@console/shared';
import TablePagination from '@mui/material/TablePagination';

export interface ClientPaginationProps {
  count: number;
  page: number;
  rowsPerPage: number;
  setPage(page: number): void;
  setRowsPerPage(size: number): void;
}

/** Page sizes 5, 10, 25, 50 (spec §9). */
export function ClientPagination({ count, page, rowsPerPage, setPage, setRowsPerPage }: ClientPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={[...DEVICE_TABLE_PAGE_SIZES]}
      onPageChange={(_, next) => setPage(next)}
      onRowsPerPageChange={(event) => setRowsPerPage(Number(event.target.value))}
    />
  );
}
