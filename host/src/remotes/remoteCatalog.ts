import type { PageManifestEntry } from '@console/shared';
// Each remote's page manifest: plain data (name, path, title), so no remote code enters the host bundle.
import detectPages from '../../../remote-detect/src/pages/manifest.json';
import insightsPages from '../../../remote-insights/src/pages/manifest.json';
import threatPages from '../../../remote-threat/src/pages/manifest.json';

export type RemoteName = 'detect' | 'insights' | 'threat';

/** Names shown to the user when a remote cannot be loaded. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  detect: 'DETECT',
  insights: 'INSIGHTS',
  threat: 'THREAT',
};

/** The exposes contract: each remote exposes every page `<Page>` of its manifest as `./<Page>`, with a named export `<Page>`. */
export const REMOTE_PAGES = {
  detect: detectPages,
  insights: insightsPages,
  threat: threatPages,
} satisfies Record<RemoteName, Record<string, PageManifestEntry>>;

export type RemotePageName<R extends RemoteName = RemoteName> = R extends RemoteName
  ? Extract<keyof (typeof REMOTE_PAGES)[R], string>
  : never;

export type RemoteRoute = { [R in RemoteName]: { remote: R; page: RemotePageName<R>; path: string } }[RemoteName];

function routesOf<R extends RemoteName>(remote: R): RemoteRoute[] {
  const pages: Record<string, PageManifestEntry> = REMOTE_PAGES[remote];
  return Object.entries(pages).map(([page, { path }]) => ({ remote, page, path }) as RemoteRoute);
}

/** One route per page of every remote, at the path its manifest gives. */
export const REMOTE_ROUTES: readonly RemoteRoute[] = (Object.keys(REMOTE_LABELS) as RemoteName[]).flatMap(routesOf);

export const REMOTES_JSON_URL = '/remotes.json';
