export type RemoteName = 'detect' | 'insights' | 'threat';

/** Names shown to the user when a remote cannot be loaded. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  detect: 'DETECT',
  insights: 'INSIGHTS',
  threat: 'THREAT',
};

/** The exposes contract: each remote exposes `./<Page>` with a named export `<Page>`. */
export const REMOTE_PAGES = {
  detect: [
    'DashboardPage',
    'DeviceDetailPage',
    'AgentsPage',
    'AgentDetailPage',
    'AlertDetailPage',
    'ApiKeysPage',
  ],
  insights: ['InsightsListPage', 'ReportDetailPage'],
  threat: ['ThreatLandscapePage'],
} as const satisfies Record<RemoteName, readonly string[]>;

export type RemotePageName<R extends RemoteName = RemoteName> = (typeof REMOTE_PAGES)[R][number];

export const REMOTES_JSON_URL = '/remotes.json';
