import { tableParam } from '@console/shared';
import { useSearchParams } from 'react-router-dom';

/**
 * The table's sort in the URL as an API `ordering` (`-severity`), when it names one of `fields`;
 * undefined for the default or a value the table ignores (so an old link never makes a 400).
 */
export function useTableOrdering(prefix: string, fields: readonly string[]): string | undefined {
  const [params] = useSearchParams();
  const raw = params.get(tableParam(prefix, 'sort'));
  return raw !== null && fields.includes(raw.replace(/^-/, '')) ? raw : undefined;
}
