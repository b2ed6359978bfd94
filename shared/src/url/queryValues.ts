import type { SortDirection } from '../components/SortableTableHead';

/** The highest page a URL may ask for (1-based); beyond it, or anything not a page number, means the first page. */
export const MAX_URL_PAGE = 100_000;
/** A longer search in a URL is cut: the API refuses searches above 200 characters. */
export const MAX_URL_SEARCH_LENGTH = 200;

export interface SortState<F extends string = string> {
  field: F;
  direction: SortDirection;
}

/** A table's query parameters: `alerts` → alerts_page, alerts_size, alerts_sort, alerts_search, alerts_<filter>. */
export function tableParam(prefix: string, name: 'page' | 'size' | 'sort' | 'search' | (string & {})): string {
  return `${prefix}_${name}`;
}

/** The 0-based page of a 1-based `page` parameter; 0 for anything else (page=-3, page=1.5, page=abc). */
export function readPage(raw: string | null): number {
  if (raw === null || !/^[1-9][0-9]{0,5}$/.test(raw)) return 0;
  const page = Number(raw);
  return page <= MAX_URL_PAGE ? page - 1 : 0;
}

/** The 1-based `page` parameter of a 0-based page; null (no parameter) for the first. */
export function writePage(page: number): string | null {
  return Number.isInteger(page) && page > 0 ? String(page + 1) : null;
}

/** One of the table's page sizes, else the default (size=999999 shows the default). */
export function readPageSize(raw: string | null, sizes: readonly number[], fallback: number): number {
  if (raw === null || !/^[0-9]{1,4}$/.test(raw)) return fallback;
  const size = Number(raw);
  return sizes.includes(size) ? size : fallback;
}

/** `field` or `-field` (descending), for a field the table sorts by; else the default sort. */
export function readSort<F extends string>(raw: string | null, fields: readonly F[], fallback: SortState<F>): SortState<F> {
  if (raw === null) return fallback;
  const descending = raw.startsWith('-');
  const field = (descending ? raw.slice(1) : raw) as F;
  return fields.includes(field) ? { field, direction: descending ? 'desc' : 'asc' } : fallback;
}

/** The `sort` parameter of a sort; null (no parameter) for the default. */
export function writeSort(sort: SortState, fallback: SortState): string | null {
  if (sort.field === fallback.field && sort.direction === fallback.direction) return null;
  return `${sort.direction === 'desc' ? '-' : ''}${sort.field}`;
}

/** One of the allowed values, else the fallback (an unknown filter value shows everything). */
export function readChoice<V extends string>(raw: string | null, values: readonly V[], fallback: V): V {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as V) : fallback;
}

/** Free text (a search), cut to what the API accepts. */
export function readText(raw: string | null): string {
  return (raw ?? '').slice(0, MAX_URL_SEARCH_LENGTH);
}
