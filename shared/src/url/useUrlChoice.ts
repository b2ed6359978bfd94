import { MAX_URL_SEARCH_LENGTH, readChoice, readText, tableParam } from './queryValues';
import { useQueryUpdate } from './useQueryUpdate';

export interface UrlChoiceOptions<V extends string> {
  /** The value when the URL names none or one not offered; never written to the URL. Default: the first value. */
  fallback?: V;
  /** Tables (by prefix) that go back to their first page when the choice changes (a filter above them). */
  resetPages?: readonly string[];
  /** A tab: the other parameters belonged to the tab left, and go. */
  clearOthers?: boolean;
}

/**
 * One of a few values kept in the URL query under `key` (a tab, a filter above a table): Back
 * returns to the previous one, a reload and a shared link keep it. Values may arrive with the data
 * (a filter's options): until then the URL's value reads as the fallback, and stays in the URL.
 */
export function useUrlChoice<V extends string>(
  key: string,
  values: readonly V[],
  { fallback = values[0], resetPages = [], clearOthers = false }: UrlChoiceOptions<V> = {},
): [V, (next: V) => void] {
  const [params, update] = useQueryUpdate();
  const value = readChoice(params.get(key), values, fallback as V);
  const setValue = (next: V) => {
    const pages = Object.fromEntries(resetPages.map((prefix) => [tableParam(prefix, 'page'), null]));
    update({ ...pages, [key]: next === fallback ? null : next }, { clearOthers });
  };
  return [value, setValue];
}

/** Free text kept in the URL query under `key` (a search box); typing replaces the history entry. */
export function useUrlText(
  key: string,
  { resetPages = [] }: { resetPages?: readonly string[] } = {},
): [string, (text: string) => void] {
  const [params, update] = useQueryUpdate();
  const setText = (text: string) => {
    const pages = Object.fromEntries(resetPages.map((prefix) => [tableParam(prefix, 'page'), null]));
    update({ ...pages, [key]: text === '' ? null : text.slice(0, MAX_URL_SEARCH_LENGTH) }, { replace: true });
  };
  return [readText(params.get(key)), setText];
}
