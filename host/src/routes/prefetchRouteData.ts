import { prefetchGet, useAuth, type PageManifestEntry } from '@console/shared';
import { useEffect, useRef } from 'react';
import { REMOTE_PAGES } from '../remotes/remoteCatalog';
import { remoteRouteAt } from './preloadRoute';

/**
 * The API GETs the page at `pathname` makes first (its manifest's `prefetch`), for `tenant`. Only
 * for the page's default view: with a query (another tab, filters) it reads something else.
 */
export function routeDataUrls(pathname: string, search: string, tenant: string): string[] {
  const route = remoteRouteAt(pathname);
  if (route === undefined || search !== '') return [];
  const pages: Record<string, PageManifestEntry> = REMOTE_PAGES[route.remote];
  return (pages[route.page]?.prefetch ?? []).map((url) => url.replaceAll('{tenant}', encodeURIComponent(tenant)));
}

/**
 * Starts the API reads of the page the signed-in area opens on as soon as the profile names the
 * tenant, while the remote's code is still loading; the page's own GETs take the answers
 * (prefetchGet). Once per tenant: later pages load their data themselves, their code being there.
 */
export function usePrefetchRouteData(pathname: string, search: string): void {
  const tenant = useAuth().profile?.tenant_uid;
  const done = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!tenant || done.current === tenant) return;
    done.current = tenant;
    for (const url of routeDataUrls(pathname, search, tenant)) prefetchGet(url);
  }, [tenant, pathname, search]);
}
