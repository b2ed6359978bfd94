import TablePagination from '@mui/material/TablePagination';

export interface ClientPaginationProps {
  count: number;
  page: number;
  rowsPerPage: number;
  /** The spec's page sizes for this table (§9): DEVICE_TABLE_PAGE_SIZES or REPORT_TABLE_PAGE_SIZES. */
  pageSizes: readonly number[];
  setPage(page: number): void;
  setRowsPerPage(size: number): void;
}

/** Pagination of a table whose rows are all in memory; takes the paging state of the remote's hook. */
export function ClientPagination({ count, page, rowsPerPage, pageSizes, setPage, setRowsPerPage }: ClientPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_, next) => setPage(next)}
      onRowsPerPageChange={(event) => setRowsPerPage(Number(event.target.value))}
    />
  );
}
