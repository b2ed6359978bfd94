import { REPORT_TABLE_PAGE_SIZES } from '@console/shared';
import TablePagination from '@mui/material/TablePagination';

export interface ReportTablePaginationProps {
  count: number;
  page: number;
  rowsPerPage: number;
  setPage(page: number): void;
  setRowsPerPage(size: number): void;
}

/** Spec §9: the report tables use page sizes 5, 10 and 25. */
export function ReportTablePagination({ count, page, rowsPerPage, setPage, setRowsPerPage }: ReportTablePaginationProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={[...REPORT_TABLE_PAGE_SIZES]}
      onPageChange={(_, next) => setPage(next)}
      onRowsPerPageChange={(event) => setRowsPerPage(Number(event.target.value))}
    />
  );
}
