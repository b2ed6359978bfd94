import { useUrlText } from '@console/shared';
import { useDeferredValue, useMemo } from 'react';
import type { TableSearch } from '../components/common/SortedTableSection';
import { useStableCallback } from './useStableCallback';

/**
 * A table's search box kept in the URL under `key` (a new search returns the table to its first
 * page): the box's props, the same object while the text is (so a memoised table skips the
 * renders of its siblings' sorts), and the text to filter by, deferred so typing stays responsive
 * with 10,000 rows.
 */
export function useTableSearch(key: string, table: string, placeholder: string): { search: TableSearch; filter: string } {
  const [value, setValue] = useUrlText(key, { resetPages: [table] });
  const onChange = useStableCallback(setValue);
  const search = useMemo(() => ({ value, onChange, placeholder }), [value, onChange, placeholder]);
  return { search, filter: useDeferredValue(value) };
}
