import { DEVICE_TABLE_PAGE_SIZES, useUrlTableState } from '@console/shared';

/**
 * Paging of a list the API sends whole (tokens, agents, API keys), kept in the page's URL under
 * `prefix` (?tokens_page=2) so Back from a row returns to the same page.
 */
export function useClientPaging<T>(rows: T[], prefix: string) {
  const table = useUrlTableState({ prefix, pageSizes: DEVICE_TABLE_PAGE_SIZES });
  const { rowsPerPage } = table;
  // After a delete the current page may be past the end (or a URL asks for one): show the last page instead.
  const lastPage = Math.max(0, Math.ceil(rows.length / rowsPerPage) - 1);
  const current = Math.min(table.page, lastPage);
  return {
    page: current,
    rowsPerPage,
    visible: rows.slice(current * rowsPerPage, (current + 1) * rowsPerPage),
    setPage: (page: number) => table.setPage(page),
    setRowsPerPage: table.setRowsPerPage,
  };
}
