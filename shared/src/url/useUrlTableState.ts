import type { SortDirection } from '../components/SortableTableHead';
import { DEFAULT_PAGE_SIZE, DEVICE_TABLE_PAGE_SIZES } from '../constants';
import {
  MAX_URL_SEARCH_LENGTH,
  readChoice,
  readPage,
  readPageSize,
  readSort,
  readText,
  tableParam,
  writePage,
  writeSort,
  type SortState,
} from './queryValues';
import { useQueryUpdate } from './useQueryUpdate';

export interface UrlTableOptions<F extends string = string> {
  /** Names this table's query parameters (`alerts` → alerts_page, alerts_sort, …); unique on its page. */
  prefix: string;
  /** The fields the table sorts by; a sort in the URL on any other field shows the default sort. */
  sortFields?: readonly string[];
  /** The sort when the URL names none. */
  defaultSort?: SortState;
  /** The page sizes offered (the spec's, per table); another size in the URL shows the default. */
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** Fields that sort descending on their first click (KEV first, likeliest exploit first). */
  descendingFirst?: readonly string[];
  /** Filters and their allowed values; '' (everything) is each one's default. */
  filters?: Readonly<Record<F, readonly string[]>>;
}

export interface UrlTableState<F extends string = string> {
  /** 0-based. */
  page: number;
  rowsPerPage: number;
  /** As typed (not trimmed). */
  search: string;
  orderBy: string;
  direction: SortDirection;
  /** Each filter's value, '' for none. */
  filters: Readonly<Record<F, string>>;
  setPage(page: number, options?: { replace?: boolean }): void;
  setRowsPerPage(size: number): void;
  setSearch(text: string): void;
  sortBy(field: string): void;
  setFilter(name: F, value: string): void;
}

const NO_SORT: SortState = { field: '', direction: 'asc' };
const NO_FILTERS = {};

/**
 * A table's search, filters, sort, page and page size, kept in the page's URL under the table's
 * prefix, so Back, a reload and a shared link show the same rows. Defaults are left out of the URL;
 * a value the table does not offer reads as the default. Typing a search replaces the history
 * entry; paging, sorting and filtering add one (Back undoes them). Anything but paging returns to
 * the first page.
 */
export function useUrlTableState<F extends string = never>({
  prefix,
  sortFields = [],
  defaultSort = NO_SORT,
  pageSizes = DEVICE_TABLE_PAGE_SIZES,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  descendingFirst = [],
  filters: filterValues = NO_FILTERS as Readonly<Record<F, readonly string[]>>,
}: UrlTableOptions<F>): UrlTableState<F> {
  const [params, update] = useQueryUpdate();
  const key = (name: string) => tableParam(prefix, name);
  const page = readPage(params.get(key('page')));
  const rowsPerPage = readPageSize(params.get(key('size')), pageSizes, defaultPageSize);
  const sort = readSort(params.get(key('sort')), sortFields, defaultSort);
  const search = readText(params.get(key('search')));
  const filters = Object.fromEntries(
    (Object.keys(filterValues) as F[]).map((name) => [name, readChoice(params.get(key(name)), filterValues[name], '')]),
  ) as Record<F, string>;
  const firstPage = { [key('page')]: null };

  return {
    page,
    rowsPerPage,
    search,
    orderBy: sort.field,
    direction: sort.direction,
    filters,
    setPage(next, { replace = false } = {}) {
      update({ [key('page')]: writePage(next) }, { replace });
    },
    setRowsPerPage(size) {
      update({ ...firstPage, [key('size')]: size === defaultPageSize ? null : String(size) });
    },
    setSearch(text) {
      update({ ...firstPage, [key('search')]: text === '' ? null : text.slice(0, MAX_URL_SEARCH_LENGTH) }, { replace: true });
    },
    sortBy(field) {
      const next: SortState =
        field === sort.field
          ? { field, direction: sort.direction === 'asc' ? 'desc' : 'asc' }
          : { field, direction: descendingFirst.includes(field) ? 'desc' : 'asc' };
      update({ ...firstPage, [key('sort')]: writeSort(next, defaultSort) });
    },
    setFilter(name, value) {
      update({ ...firstPage, [key(name)]: value === '' ? null : value });
    },
  };
}
