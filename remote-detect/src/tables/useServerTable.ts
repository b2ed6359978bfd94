import { DEFAULT_PAGE_SIZE, type SortDirection } from '@console/shared';
import { useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue';

export interface ServerTableState {
  page: number;
  rowsPerPage: number;
  search: string;
  orderBy: string;
  direction: SortDirection;
  /** The list call's parameters: limit/offset, `ordering` with `-` for descending, the debounced search. */
  params: { limit: number; offset: number; ordering: string; search: string };
  setPage(page: number): void;
  setRowsPerPage(size: number): void;
  setSearch(text: string): void;
  sortBy(column: string): void;
}

/**
 * Paging, sorting and searching state of a server-side table; any change but paging returns to page 0.
 * A column in `descendingFirst` sorts descending on its first click (KEV first, likeliest exploit first).
 */
export function useServerTable(
  defaultOrderBy: string,
  defaultDirection: SortDirection = 'asc',
  pageSize = DEFAULT_PAGE_SIZE,
  descendingFirst: readonly string[] = [],
): ServerTableState {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRows] = useState(pageSize);
  const [search, setSearchText] = useState('');
  const [orderBy, setOrderBy] = useState(defaultOrderBy);
  const [direction, setDirection] = useState<SortDirection>(defaultDirection);
  const debounced = useDebouncedValue(search.trim());
  const [searched, setSearched] = useState(debounced);
  // A new search term starts at the first page (during render, so no request goes out for the old page).
  if (searched !== debounced) {
    setSearched(debounced);
    setPage(0);
  }

  return {
    page,
    rowsPerPage,
    search,
    orderBy,
    direction,
    params: {
      limit: rowsPerPage,
      offset: page * rowsPerPage,
      ordering: `${direction === 'desc' ? '-' : ''}${orderBy}`,
      search: debounced,
    },
    setPage,
    setRowsPerPage(size) {
      setRows(size);
      setPage(0);
    },
    setSearch: setSearchText,
    sortBy(column) {
      if (column === orderBy) setDirection(direction === 'asc' ? 'desc' : 'asc');
      else {
        setOrderBy(column);
        setDirection(descendingFirst.includes(column) ? 'desc' : 'asc');
      }
      setPage(0);
    },
  };
}
