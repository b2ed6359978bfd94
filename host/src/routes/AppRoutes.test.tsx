import { loadRemote } from '@module-federation/enhanced/runtime';
import { currentLocation, renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { screen } from '@testing-library/react';
import { AppRoutes } from './AppRoutes';

const mockPrefetchGet = jest.fn();
jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  prefetchGet: (url: string) => mockPrefetchGet(url),
}));

const load = loadRemote as jest.Mock;

// The spec's URLs and the remote page each one shows (the host's routes come from the page manifests).
const URLS: [string, string][] = [
  ['/', 'detect/DashboardPage'],
  ['/devices', 'detect/DevicesPage'],
  ['/devices/d-1', 'detect/DeviceDetailPage'],
  ['/alerts', 'detect/AlertsPage'],
  ['/alerts/a-1', 'detect/AlertDetailPage'],
  ['/agents', 'detect/AgentsPage'],
  ['/agents/g-1', 'detect/AgentDetailPage'],
  ['/api-keys', 'detect/ApiKeysPage'],
  ['/threat-landscape', 'threat/ThreatLandscapePage'],
  ['/insights', 'insights/InsightsListPage'],
  ['/insights/r-1', 'insights/ReportDetailPage'],
];

beforeEach(() => {
  // Each exposed module answers with a heading naming itself.
  load.mockReset().mockImplementation(async (id: string) => {
    const page = id.split('/')[1];
    return { [page]: () => <h1>{id}</h1> };
  });
});

describe('AppRoutes', () => {
  it.each(URLS)('%s shows %s', async (path, id) => {
    renderWithAuth(<AppRoutes />, { path });
    expect(await screen.findByRole('heading', { name: id, level: 1 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(id);
  });

  it("starts the dashboard's API reads for the signed-in tenant with the page, once", async () => {
    mockPrefetchGet.mockReset();
    renderWithAuth(<AppRoutes />, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'detect/DashboardPage', level: 1 })).toBeInTheDocument();
    expect(mockPrefetchGet.mock.calls).toEqual([['/v1/tenants/t-1/summaries/latest/'], ['/v1/tenants/t-1/dashboard/strategic/']]);
  });

  it('sends /reports to /insights', async () => {
    renderWithAuth(<AppRoutes />, { path: '/reports' });
    expect(await screen.findByRole('heading', { name: 'insights/InsightsListPage', level: 1 })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/insights');
  });

  it('shows Page not found elsewhere, without loading a remote', () => {
    renderWithAuth(<AppRoutes />, { path: '/no-such-page' });
    expect(screen.getByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Security Console');
    expect(load).not.toHaveBeenCalled();
  });
});
