import {
  DEVICE_TABLE_PAGE_SIZES,
  useUrlTableState,
  type SortDirection,
  type SortableColumn,
  type UrlTableState,
} from '@console/shared';
import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

export interface ServerTableState<F extends string = never> extends UrlTableState<F> {
  /** The list call's parameters: limit/offset, `ordering` with `-` for descending, the search once typing pauses. */
  params: { limit: number; offset: number; ordering: string; search: string };
}

export interface ServerTableOptions<F extends string = never> {
  /** Names the table's query parameters: `alerts` → ?alerts_page=3&alerts_search=ssh. */
  prefix: string;
  /** The table's columns: the fields they sort by are the sorts a URL may ask for. */
  columns: readonly SortableColumn[];
  defaultOrderBy: string;
  defaultDirection?: SortDirection;
  /** A column here sorts descending on its first click (KEV first, likeliest exploit first). */
  descendingFirst?: readonly string[];
  /** Filters and their allowed values ('' is "all"). */
  filters?: Readonly<Record<F, readonly string[]>>;
}

type Params = ServerTableState['params'];
const sameParams = (a: Params, b: Params) =>
  a.limit === b.limit && a.offset === b.offset && a.ordering === b.ordering && a.search === b.search;

/**
 * Paging, sorting, searching and filtering of a server-side table, kept in the page's URL (Back
 * from a row returns to the same rows; a reload and a shared link keep them). Any change but
 * paging returns to page 0. While someone types, the list call keeps its last parameters until
 * typing pauses: one request per pause, none for the page of the old search.
 */
export function useServerTable<F extends string = never>({
  prefix,
  columns,
  defaultOrderBy,
  defaultDirection = 'asc',
  descendingFirst,
  filters,
}: ServerTableOptions<F>): ServerTableState<F> {
  const table = useUrlTableState<F>({
    prefix,
    sortFields: columns.flatMap((column) => (column.sortField ? [column.sortField] : [])),
    defaultSort: { field: defaultOrderBy, direction: defaultDirection },
    pageSizes: DEVICE_TABLE_PAGE_SIZES,
    descendingFirst,
    filters,
  });
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(false), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typing, table.search]);

  const live: Params = {
    limit: table.rowsPerPage,
    offset: table.page * table.rowsPerPage,
    ordering: `${table.direction === 'desc' ? '-' : ''}${table.orderBy}`,
    search: table.search.trim(),
  };
  const [settled, setSettled] = useState(live);
  // Adjusted during render, so no request goes out for a half-typed search.
  if (!typing && !sameParams(settled, live)) setSettled(live);

  return {
    ...table,
    params: typing ? settled : live,
    setSearch(text) {
      setTyping(true);
      table.setSearch(text);
    },
  };
}

/**
 * Once the server has said how many rows there are, a page past the last one (an old link, rows
 * deleted since) becomes the last page, replacing the history entry: never "No alerts." on page 40 of 3.
 */
export function useKeepPageInRange(table: Pick<UrlTableState, 'page' | 'rowsPerPage' | 'setPage'>, count: number | null) {
  const { page, rowsPerPage, setPage } = table;
  const lastPage = count === null ? null : Math.max(0, Math.ceil(count / rowsPerPage) - 1);
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage, { replace: true });
  }, [page, lastPage, setPage]);
}
