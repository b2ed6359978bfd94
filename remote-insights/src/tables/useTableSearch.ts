import { useUrlText } from '@console/shared';
import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef } from 'react';
import type { TableSearch } from '../components/common/SortedTableSection';

/**
 * A table's search box kept in the URL under `key` (a new search returns the table to its first
 * page): the box's props, the same object while the text is (so a memoised table skips the
 * renders of its siblings' sorts), and the text to filter by, deferred so typing stays responsive
 * with 10,000 rows.
 */
export function useTableSearch(key: string, table: string, placeholder: string): { search: TableSearch; filter: string } {
  const [value, setValue] = useUrlText(key, { resetPages: [table] });
  // useUrlText's setter changes with every change of the URL (a sort); the box calls the latest one.
  const latest = useRef(setValue);
  useLayoutEffect(() => {
    latest.current = setValue;
  });
  const onChange = useCallback((text: string) => latest.current(text), []);
  const search = useMemo(() => ({ value, onChange, placeholder }), [value, onChange, placeholder]);
  return { search, filter: useDeferredValue(value) };
}
