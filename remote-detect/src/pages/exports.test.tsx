import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportQuery, mockDownloads } from '../testing/downloads';
import { renderRoute, T } from '../testing/renderRoute';

describe('Export CSV of the DETECT tables: the current view, every row', () => {
  const page = setupPageTest({ quiet: true });
  const downloads = mockDownloads(page);
  const gets = () => page.api.history.get.map((r) => r.url!);

  it('devices: the filters, search and sort of the list page', async () => {
    page.api.onGet(new RegExp(`^${T}/devices/\\?`)).reply(200, { count: 0, results: [] });
    renderRoute('/devices?devices_risk=High&devices_has_kev=true&devices_search=api&devices_sort=-kev_count&devices_page=2');
    await screen.findByText(/No devices/);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV of devices' }));
    await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(1));
    expect(exportQuery(gets(), `${T}/devices/export.csv`)).toEqual({
      risk: 'High',
      has_kev: 'true',
      search: 'api',
      ordering: '-kev_count',
    });
  });

  it('API keys', async () => {
    page.api.onGet(`${T}/api-keys/`).reply(200, { results: [] });
    renderRoute('/api-keys');
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV of API keys' }));
    await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(1));
    expect(gets()).toContain(`${T}/api-keys/export.csv`);
  });
});
