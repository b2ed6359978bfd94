import { loadRemote } from '@module-federation/enhanced/runtime';
import { waitFor } from '@testing-library/react';
import { preloadRoute, remoteRouteAt } from './preloadRoute';

const mockPreloadApexCharts = jest.fn();
jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  preloadApexCharts: () => mockPreloadApexCharts(),
}));

const load = loadRemote as jest.Mock;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  load.mockReset().mockResolvedValue({});
  mockPreloadApexCharts.mockReset();
});

describe('preloadRoute: a cold load fetches the page it opens on while the session is checked', () => {
  it('finds the remote page of a path, parameters included', () => {
    expect(remoteRouteAt('/')).toEqual({ remote: 'detect', page: 'DashboardPage', path: '/' });
    expect(remoteRouteAt('/insights/r-1')).toEqual({ remote: 'insights', page: 'ReportDetailPage', path: '/insights/:uid' });
    expect(remoteRouteAt('/settings')).toBeUndefined();
    expect(remoteRouteAt('/devices/d-1/extra')).toBeUndefined();
  });

  it('starts the dashboard page, and ApexCharts once the shell is in, for /', async () => {
    preloadRoute('/');
    await settle();
    expect(load).toHaveBeenCalledWith('detect/DashboardPage');
    await waitFor(() => expect(mockPreloadApexCharts).toHaveBeenCalledTimes(1));
  });

  it('starts a page that draws no chart without ApexCharts', async () => {
    preloadRoute('/devices/d-1');
    await settle();
    expect(load).toHaveBeenCalledWith('detect/DeviceDetailPage');
    expect(mockPreloadApexCharts).not.toHaveBeenCalled();
  });

  it('fetches nothing of the signed-in area for /login', async () => {
    preloadRoute('/login');
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(mockPreloadApexCharts).not.toHaveBeenCalled();
  });

  it('swallows a failed preload: the page load reports it', async () => {
    load.mockRejectedValue(new Error('remote down'));
    preloadRoute('/threat-landscape');
    await settle();
    expect(load).toHaveBeenCalledWith('threat/ThreatLandscapePage');
  });
});
