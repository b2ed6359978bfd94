import { DEFAULT_PAGE_SIZE, type SortDirection } from '@console/shared';
import { useState } from 'react';

/**
 * Sort and paging state of a table whose rows are all in memory. A new sort, page size or row
 * set (a filter) returns to the first page.
 */
export function useClientTable<F extends string>(rows: unknown, defaultField: F, defaultDirection: SortDirection = 'asc') {
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
  return {
    orderBy,
    direction,
    page,
    rowsPerPage,
    setPage,
    setRowsPerPage(size: number) {
      setRows(size);
      setPage(0);
    },
    sortBy(field: F) {
      if (field === orderBy) setDirection(direction === 'asc' ? 'desc' : 'asc');
      else {
        setOrderBy(field);
        setDirection('asc');
      }
      setPage(0);
    },
  };
}
