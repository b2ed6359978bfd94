import { tableParam } from '@console/shared';
import Link from '@mui/material/Link';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

/**
 * "View all" on a dashboard table: its list page, with the table's search, filters and sort (the
 * page keeps them under the same prefix), from the first page.
 */
export function ViewAllLink({ to, prefix, label }: { to: string; prefix: string; label: string }) {
  const [params] = useSearchParams();
  const carried = new URLSearchParams();
  for (const [name, value] of params) {
    if (name.startsWith(tableParam(prefix, '')) && name !== tableParam(prefix, 'page')) carried.set(name, value);
  }
  const query = carried.toString();
  return (
    <Link component={RouterLink} to={query ? `${to}?${query}` : to} aria-label={label}>
      View all
    </Link>
  );
}
