// Monolith build only (webpack.monolith.cjs): the remotes' pages compiled into the host bundle,
// still one lazy chunk per page like the federated build. Never imported by the federated build.
import type { RemoteName } from '../src/remotes/remoteCatalog';

type Loader = () => Promise<Record<string, unknown>>;

const loaders: Record<string, Loader> = {
  'detect/DashboardPage': () => import('../../remote-detect/src/pages/DashboardPage'),
  'detect/DeviceDetailPage': () => import('../../remote-detect/src/pages/DeviceDetailPage'),
  'detect/AgentsPage': () => import('../../remote-detect/src/pages/AgentsPage'),
  'detect/AgentDetailPage': () => import('../../remote-detect/src/pages/AgentDetailPage'),
  'detect/AlertDetailPage': () => import('../../remote-detect/src/pages/AlertDetailPage'),
  'detect/ApiKeysPage': () => import('../../remote-detect/src/pages/ApiKeysPage'),
  'insights/InsightsListPage': () => import('../../remote-insights/src/pages/InsightsListPage'),
  'insights/ReportDetailPage': () => import('../../remote-insights/src/pages/ReportDetailPage'),
  'threat/ThreatLandscapePage': () => import('../../remote-threat/src/pages/ThreatLandscapePage'),
};

export async function initRemotes(): Promise<void> {}

export function loadRemoteModule(remote: RemoteName, page: string): Promise<Record<string, unknown>> {
  const load = loaders[`${remote}/${page}`];
  if (!load) return Promise.reject(new Error(`${remote}/${page} is not part of the monolith`));
  return load();
}

export function resetRemote(): void {}
