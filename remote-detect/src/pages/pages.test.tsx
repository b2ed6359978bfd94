import { screen } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderRoute } from '../testing/renderRoute';

jest.mock('../components/dashboard/ApexChart', () => ({ ApexChart: () => null }));

// Every route of this remote mounts with its heading; the browser tests rely on the headings and on
// the tenant caption of Dashboard, Agents and API Keys.
describe('detect routes', () => {
  let api: MockAdapter;
  beforeEach(() => {
    api = mockHttp();
    api.onAny().reply(404, { detail: 'Not found.' });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    api.restore();
    jest.restoreAllMocks();
  });

  it.each([
    ['/', 'Dashboards', true],
    ['/devices/x-1', 'Device Details', false],
    ['/agents', 'Agents', true],
    ['/agents/x-1', 'Agent', false],
    ['/alerts/x-1', 'Alert', false],
    ['/api-keys', 'API Keys', true],
  ])('%s shows the heading %s', async (path, heading, caption) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    if (caption) expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });
});
