import { DEFAULT_PAGE_SIZE, type SortDirection } from '@console/shared';
import { useMemo, useState } from 'react';

/**
 * Sort and paging state of a table whose rows are all in memory, and the page of sorted rows to
 * render (only that page is, so 10,000 rows stay fast). A new sort, page size or row set (a filter)
 * returns to the first page. `sortRows` must be stable (a module-level function). A field in
 * `descendingFirst` sorts descending on its first click (KEV first, likeliest exploit first).
 */
export function useClientTable<R, F extends string>(
  rows: R[],
  sortRows: (rows: R[], field: F, direction: SortDirection) => R[],
  defaultField: F,
  defaultDirection: SortDirection = 'asc',
  descendingFirst: readonly F[] = [],
) {
  const [orderBy, setOrderBy] = useState<F>(defaultField);
  const [direction, setDirection] = useState<SortDirection>(defaultDirection);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRows] = useState(DEFAULT_PAGE_SIZE);
  const [seenRows, setSeenRows] = useState(rows);
  if (seenRows !== rows) {
    // Adjusting state during render: no effect pass, no render of a stale page.
    setSeenRows(rows);
    setPage(0);
  }
  const sorted = useMemo(() => sortRows(rows, orderBy, direction), [rows, sortRows, orderBy, direction]);
  return {
    orderBy,
    direction,
    page,
    rowsPerPage,
    visible: sorted.slice(page * rowsPerPage, (page + 1) * rowsPerPage),
    setPage,
    setRowsPerPage(size: number) {
      setRows(size);
      setPage(0);
    },
    sortBy(field: F) {
      if (field === orderBy) setDirection(direction === 'asc' ? 'desc' : 'asc');
      else {
        setOrderBy(field);
        setDirection(descendingFirst.includes(field) ? 'desc' : 'asc');
      }
      setPage(0);
    },
  };
}
