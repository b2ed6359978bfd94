import { tableParam, useQueryUpdate } from '@console/shared';

/**
 * An exact-name filter of the table under `prefix`, in the URL as `<prefix>_<name>`. Unlike a
 * search (typing replaces the history entry), applying it adds one, as a chosen filter does: Back
 * undoes it. Back to the first page. A longer value in a URL is cut to `maxLength` (the API's limit).
 */
export function useExactTextFilter(prefix: string, name: string, maxLength: number): [string, (value: string) => void] {
  const [params, update] = useQueryUpdate();
  const key = tableParam(prefix, name);
  const value = (params.get(key) ?? '').slice(0, maxLength).trim();
  const setValue = (next: string) => update({ [tableParam(prefix, 'page')]: null, [key]: next === '' ? null : next });
  return [value, setValue];
}
