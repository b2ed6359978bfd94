import { preloadApexCharts, type PageManifestEntry } from '@console/shared';
import { matchPath } from 'react-router-dom';
import { REMOTE_PAGES, REMOTE_ROUTES, type RemoteRoute } from '../remotes/remoteCatalog';
import { loadRemoteModule } from '../remotes/remote-modules';
import { loadAppShell } from './lazyPages';

/** The remote page mounted at `pathname`, if any. */
export function remoteRouteAt(pathname: string): RemoteRoute | undefined {
  return REMOTE_ROUTES.find(({ path }) => matchPath({ path, end: true }, pathname) !== null);
}

/**
 * On the first load of a page behind the sign-in: fetch the shell, the route's remote page and,
 * when its manifest says it draws charts, ApexCharts (once the shell is in), in parallel with
 * the session check. A
 * failure here is ignored: the page's own load says what failed, with Retry.
 */
export function preloadRoute(pathname: string): void {
  if (pathname === '/login') return;
  const shell = loadAppShell();
  void shell.catch(() => undefined);
  const route = remoteRouteAt(pathname);
  if (route === undefined) return;
  void loadRemoteModule(route.remote, route.page).catch(() => undefined);
  const pages: Record<string, PageManifestEntry> = REMOTE_PAGES[route.remote];
  // After the shell: on a slow network ApexCharts' 140 KB would share the bandwidth with the
  // code that draws the page's text; the charts draw after the page's first paint anyway.
  if (pages[route.page]?.charts === true) void shell.then(preloadApexCharts, () => undefined);
}
