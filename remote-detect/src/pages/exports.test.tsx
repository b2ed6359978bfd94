import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, T } from '../testing/renderRoute';

const device = {
  uid: 'd-1',
  hostname: 'web-01',
  device_type: 'linux',
  platform_name: 'Debian',
  platform_version: '12',
  kernel_arch: 'x86_64',
  kernel_version: '6.1.0',
  risk_score: 'High',
  created_at: '2026-01-02T10:00:00Z',
  last_connected: '2026-11-20T08:00:00Z',
  user_accounts: [],
  network_interfaces: [],
};

/** The query of the last export of `path`: what the file holds. */
const exportQuery = (urls: string[], path: string) => {
  const url = urls.filter((u) => u.startsWith(`${T}${path}`)).at(-1);
  return url === undefined ? undefined : Object.fromEntries(new URL(url, 'http://x').searchParams);
};

describe('Export CSV of the DETECT tables: the current view, every row', () => {
  const page = setupPageTest({ quiet: true });
  let click: jest.SpyInstance;
  const gets = () => page.api.history.get.map((r) => r.url!);
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    page.api.onGet(new RegExp(`^${T}/.*export\\.csv`)).reply(200, new Blob(['a\r\n']));
  });
  afterEach(() => click.mockRestore());

  it('devices: the filters, search and sort of the list page', async () => {
    page.api.onGet(new RegExp(`^${T}/devices/\\?`)).reply(200, { count: 0, results: [] });
    renderRoute('/devices?devices_risk=High&devices_has_kev=true&devices_search=api&devices_sort=-kev_count&devices_page=2');
    await screen.findByText(/No devices/);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV of devices' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(exportQuery(gets(), '/devices/export.csv')).toEqual({
      risk: 'High',
      has_kev: 'true',
      search: 'api',
      ordering: '-kev_count',
    });
  });

  it("a device's packages (search and sort) and its user accounts", async () => {
    page.api.onGet(`${T}/devices/d-1/`).reply(200, device);
    page.api.onGet(new RegExp(`^${T}/devices/d-1/packages/\\?`)).reply(200, { count: 0, results: [] });
    page.api.onGet(`${T}/devices/d-1/packages/count/`).reply(200, { count: 0, cve_count: 0, high_risk_cve_count: 0 });
    page.api.onGet(new RegExp(`^${T}/alerts/\\?`)).reply(200, { count: 0, results: [] });
    renderRoute('/devices/d-1?packages_search=ssl&packages_sort=name');
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV of packages' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(exportQuery(gets(), '/devices/d-1/packages/export.csv')).toEqual({ search: 'ssl', ordering: 'name' });

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV of user accounts' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(exportQuery(gets(), '/devices/d-1/accounts/export.csv')).toEqual({});
    // The device's alerts export only that device's alerts.
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV of alerts' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(3));
    expect(exportQuery(gets(), '/alerts/export.csv')).toMatchObject({ device: 'd-1' });
  });

  it('API keys', async () => {
    page.api.onGet(`${T}/api-keys/`).reply(200, { results: [] });
    renderRoute('/api-keys');
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV of API keys' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(gets()).toContain(`${T}/api-keys/export.csv`);
  });
});
