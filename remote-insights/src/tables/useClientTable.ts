import { REPORT_TABLE_PAGE_SIZES, useUrlTableState, type SortDirection } from '@console/shared';
import { useMemo } from 'react';
import { useStableCallback } from './useStableCallback';

/**
 * Sort and paging state of a table whose rows are all in memory, kept in the page's URL under
 * `prefix` (?vulns_sort=-epss&vulns_page=2: Back, a reload and a shared link show the same rows),
 * and the page of sorted rows to render (only that page is, so 10,000 rows stay fast). A new sort
 * or page size returns to the first page; a filter above the table does so itself (useUrlChoice's
 * resetPages); a page past the end (fewer rows now, an old link) shows the last page. `sortRows`
 * must be stable (a module-level function). A field in `descendingFirst` sorts descending on its
 * first click (KEV first, likeliest exploit first).
 */
export function useClientTable<R, F extends string>(
  rows: R[],
  sortRows: (rows: R[], field: F, direction: SortDirection) => R[],
  { prefix, fields, defaultField, defaultDirection = 'asc', descendingFirst = [] }: ClientTableOptions<F>,
) {
  const table = useUrlTableState({
    prefix,
    sortFields: fields,
    defaultSort: { field: defaultField, direction: defaultDirection },
    pageSizes: REPORT_TABLE_PAGE_SIZES,
    descendingFirst,
  });
  const orderBy = table.orderBy as F;
  const { direction, rowsPerPage } = table;
  const page = Math.min(table.page, Math.max(0, Math.ceil(rows.length / rowsPerPage) - 1));
  const sorted = useMemo(() => sortRows(rows, orderBy, direction), [rows, sortRows, orderBy, direction]);
  // The same page array and setters while this table's own state is unchanged: another table's
  // sort or search changes the URL too, and must not re-render this one's rows.
  const visible = useMemo(() => sorted.slice(page * rowsPerPage, (page + 1) * rowsPerPage), [sorted, page, rowsPerPage]);
  return {
    orderBy,
    direction,
    page,
    rowsPerPage,
    visible,
    setPage: useStableCallback((next: number) => table.setPage(next)),
    setRowsPerPage: useStableCallback(table.setRowsPerPage),
    sortBy: useStableCallback((field: F) => table.sortBy(field)),
  };
}

export interface ClientTableOptions<F extends string> {
  /** Names the table's query parameters; unique on its page. */
  prefix: string;
  /** The fields the table sorts by: a sort in the URL on any other reads as the default. */
  fields: readonly F[];
  defaultField: F;
  defaultDirection?: SortDirection;
  descendingFirst?: readonly F[];
}
