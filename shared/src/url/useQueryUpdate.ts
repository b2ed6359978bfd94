import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Query parameters to set (a string) or remove (null). */
export type QueryChanges = Record<string, string | null>;

export interface QueryUpdateOptions {
  /**
   * Replace the current history entry instead of adding one: for typing, so that Back leaves the
   * list instead of undoing one keystroke at a time. Paging, sorting, filters and tabs add one.
   */
  replace?: boolean;
  /** Remove every other parameter first (a tab: what the other tab's tables had no longer applies). */
  clearOthers?: boolean;
}

/**
 * The page's query parameters (the router's, shared by the host and every remote) and a way to
 * change some of them, keeping the others and the path. A change that changes nothing makes no
 * history entry.
 */
export function useQueryUpdate(): [URLSearchParams, (changes: QueryChanges, options?: QueryUpdateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: QueryChanges, { replace = false, clearOthers = false }: QueryUpdateOptions = {}) => {
      const next = new URLSearchParams(clearOthers ? undefined : params);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      if (next.toString() === params.toString()) return;
      setParams(next, { replace });
    },
    [params, setParams],
  );
  return [params, update];
}
