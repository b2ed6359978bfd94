import { formatDateTime } from '@console/shared';
import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { currentLocation, fakeAuth } from '@console/shared/src/testing/renderWithAuth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportQuery, mockDownloads } from '../testing/downloads';
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
  user_accounts: [
    { username: 'root', home_directory: '/root', uid: 0, shell: '/bin/bash', group_name: 'root', privileges: 'admin' },
  ],
  network_interfaces: [{ name: 'eth0', state: 'UP', ip_addresses: '10.0.0.5, fe80::1' }],
};
const packages = {
  count: 3,
  results: [
    { name: 'openssl', version: '3.0.1', cve_id: 'CVE-2024-0001', cve_uid: 'c-1', score: 9.8 },
    { name: 'zlib', version: '1.2', cve_id: 'CVE-2024-0002', cve_uid: 'c-2', score: 5.5 },
    { name: 'bash', version: '5.2', cve_id: null, cve_uid: null, score: null },
  ],
};

const alertRow = {
  uid: 'al-1',
  name: 'Reverse shell',
  device: 'd-1',
  device_hostname: 'web-01',
  status: 'OPEN',
  priority: 'High',
  elastic_alert_created_at: '2026-11-20T08:00:00Z',
};

describe('DeviceDetailPage', () => {
  const page = setupPageTest({ quiet: true });
  const downloads = mockDownloads(page);
  const gets = () => page.api.history.get.map((r) => r.url!);

  function replyAll(over: Partial<typeof device> = {}) {
    page.api.onGet(`${T}/devices/d-1/`).reply(200, { ...device, ...over });
    page.api.onGet(new RegExp(`^${T}/devices/d-1/packages/\\?`)).reply(200, packages);
    page.api.onGet(`${T}/devices/d-1/packages/count/`).reply(200, { count: 42, cve_count: 7, high_risk_cve_count: 2 });
    page.api.onGet(`${T}/devices/d-1/threads/`).reply(200, { results: [{ thread_name: 'idle', avg_cpu_usage: 71.5 }] });
    page.api.onGet(new RegExp(`^${T}/alerts/\\?`)).reply(200, { count: 1, results: [alertRow] });
  }

  it('shows the sections, onboarded date, addresses, package counts and risk colours', async () => {
    replyAll();
    renderRoute('/devices/d-1');
    expect(await screen.findByRole('heading', { name: 'web-01' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Device Details', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'System User Accounts' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'System IP Interfaces' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'System Packages' })).toBeInTheDocument();
    expect(screen.getByText('Onboarded')).toBeInTheDocument();
    expect(screen.getByText(formatDateTime(device.created_at))).toBeInTheDocument();
    expect(screen.getByText('10.0.0.5, fe80::1')).toBeInTheDocument();
    expect(screen.getByText('/root')).toBeInTheDocument();
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'System Packages' });
    const openssl = (await within(table).findByText('openssl')).closest('tr')!;
    expect(within(openssl).getByText('9.8')).toBeInTheDocument();
    const high = within(openssl).getByText('High').closest('[data-risk]')!;
    expect(high).toHaveStyle({ color: '#ffffff', fontWeight: '700' });
    const medium = within(within(table).getByText('zlib').closest('tr')!).getByText('Medium').closest('[data-risk]')!;
    expect(medium).toHaveStyle({ backgroundColor: '#ffbf00' });
    // The packages call is server-paged with the default page size of 10, highest score first.
    expect(page.api.history.get.some((r) => r.url === `${T}/devices/d-1/packages/?limit=10&offset=0&ordering=-score`)).toBe(true);
  });

  it('names the tab after the device and shows where it sits: Dashboards › Devices › web-01', async () => {
    replyAll({ hostname: 'web-01 <b>' });
    renderRoute('/devices/d-1');
    await screen.findByRole('heading', { name: 'web-01 <b>' });
    expect(document.title).toBe('web-01 <b> · Devices · Security Console');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Dashboards', '/'],
      ['Devices', '/devices'],
    ]);
    expect(within(crumbs).getByText('web-01 <b>')).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the packages search, sort and page in the URL', async () => {
    replyAll();
    // Replaces the usual answer: enough findings for a second page.
    page.api.onGet(new RegExp(`^${T}/devices/d-1/packages/\\?`)).reply(200, { ...packages, count: 30 });
    renderRoute('/devices/d-1?packages_sort=-epss&packages_page=2&packages_search=ssl');
    await screen.findByRole('table', { name: 'System Packages' });
    await waitFor(() =>
      expect(page.api.history.get.map((r) => r.url)).toContain(
        `${T}/devices/d-1/packages/?limit=10&offset=10&ordering=-epss&search=ssl`,
      ),
    );
    expect(screen.getByLabelText('Search packages')).toHaveValue('ssl');
    expect(screen.getByText('11–20 of 30')).toBeInTheDocument();
    // Score ascending, then back to the default (highest first), which the URL leaves out.
    await userEvent.click(screen.getByRole('button', { name: 'Score' }));
    expect(currentLocation().search).toBe('?packages_sort=score&packages_search=ssl');
    await userEvent.click(screen.getByRole('button', { name: 'Score' }));
    expect(currentLocation().search).toBe('?packages_search=ssl');
  });

  it('shows no thread table and makes no thread call for a linux device', async () => {
    replyAll();
    renderRoute('/devices/d-1');
    await screen.findByRole('heading', { name: 'web-01' });
    expect(screen.queryByRole('heading', { name: 'RTOS Threads' })).not.toBeInTheDocument();
    expect(page.api.history.get.some((r) => r.url?.endsWith('/threads/'))).toBe(false);
  });

  it('shows the thread table for an RTOS device', async () => {
    replyAll({ device_type: 'rtos' });
    renderRoute('/devices/d-1');
    expect(await screen.findByRole('heading', { name: 'RTOS Threads' })).toBeInTheDocument();
    expect(await screen.findByText('idle')).toBeInTheDocument();
    expect(screen.getByText('71.5%')).toBeInTheDocument();
  });

  it('says "Error loading device threads." when the thread call fails', async () => {
    replyAll({ device_type: 'rtos' });
    page.api.onGet(`${T}/devices/d-1/threads/`).reply(404, { detail: 'Not found.' });
    renderRoute('/devices/d-1');
    expect(await screen.findByText('Error loading device threads.')).toBeInTheDocument();
  });

  it('says "Error loading device details." when the device call fails', async () => {
    page.api.onGet(`${T}/devices/d-1/`).reply(404, { detail: 'Not found.' });
    renderRoute('/devices/d-1');
    expect(await screen.findByText('Error loading device details.')).toBeInTheDocument();
  });

  it('says when the packages and count calls fail, with Retry, never "No packages." (the failures are logged too)', async () => {
    page.api.onGet(`${T}/devices/d-1/`).reply(200, device);
    page.api.onGet(new RegExp(`^${T}/devices/d-1/packages/\\?`)).reply(404, { detail: 'Not found.' });
    page.api.onGet(`${T}/devices/d-1/packages/count/`).reply(404, { detail: 'Not found.' });
    page.api.onGet(new RegExp(`^${T}/alerts/\\?`)).reply(200, { count: 1, results: [alertRow] });
    renderRoute('/devices/d-1');
    await screen.findByRole('heading', { name: 'web-01' });
    await waitFor(() => expect(page.logged).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Could not load packages')).toBeInTheDocument();
    expect(screen.getByText('Could not load the package counts')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2);
    expect(screen.queryByText('No packages.')).not.toBeInTheDocument();
    expect(screen.queryByText(/0–0 of 0/)).not.toBeInTheDocument();
  });

  it('opens the CVE description dialog and closes it', async () => {
    replyAll();
    page.api.onGet('/v1/cves/c-1/description/').reply(200, { cve_id: 'CVE-2024-0001', description: 'Buffer overflow in X.' });
    renderRoute('/devices/d-1');
    await userEvent.click(await screen.findByRole('button', { name: 'CVE-2024-0001' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Buffer overflow in X.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends the search to the server after a pause and sorts on the server', async () => {
    replyAll();
    renderRoute('/devices/d-1');
    await screen.findByText('openssl');
    await userEvent.type(screen.getByLabelText('Search packages'), 'ssl');
    await waitFor(() =>
      expect(
        page.api.history.get.some((r) => r.url === `${T}/devices/d-1/packages/?limit=10&offset=0&ordering=-score&search=ssl`),
      ).toBe(true),
    );
    // Typing is debounced: no request for the partial terms.
    expect(page.api.history.get.some((r) => r.url?.includes('search=s&'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Package' }));
    await waitFor(() =>
      expect(
        page.api.history.get.some((r) => r.url === `${T}/devices/d-1/packages/?limit=10&offset=0&ordering=name&search=ssl`),
      ).toBe(true),
    );
  });

  it("lists the device's alerts (only its own, from the server) and opens them in the alert list", async () => {
    replyAll();
    renderRoute('/devices/d-1');
    const section = await screen.findByRole('region', { name: 'Alerts' });
    const alerts = within(section).getByRole('table', { name: 'Alerts' });
    expect(await within(alerts).findByRole('link', { name: 'Reverse shell' })).toHaveAttribute('href', '/alerts/al-1');
    expect(page.api.history.get.map((r) => r.url)).toContain(
      `${T}/alerts/?limit=10&offset=0&ordering=-elastic_alert_created_at&device=d-1`,
    );
    // Its own device is no filter to clear here.
    expect(within(section).queryByText(/^Device:/)).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('link', { name: 'Open in the alert list' }));
    expect(currentLocation()).toMatchObject({ pathname: '/alerts', search: '?alerts_device=d-1' });
  });

  it('says when the device\'s alerts cannot be loaded, with Retry, never "No alerts."', async () => {
    replyAll();
    // Replaces the usual answer: the first call fails, the Retry succeeds.
    let calls = 0;
    page.api
      .onGet(new RegExp(`^${T}/alerts/\\?`))
      .reply(() => (++calls === 1 ? [500, { detail: 'boom' }] : [200, { count: 1, results: [alertRow] }]));
    renderRoute('/devices/d-1');
    const section = await screen.findByRole('region', { name: 'Alerts' });
    expect(await within(section).findByText('Could not load alerts')).toBeInTheDocument();
    expect(within(section).queryByText('No alerts.')).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('link', { name: 'Reverse shell' })).toBeInTheDocument();
  });

  it('waits for the tenant before fetching', () => {
    renderRoute('/devices/d-1', fakeAuth({ profile: null, loading: true }));
    expect(page.api.history.get).toHaveLength(0);
  });

  it("exports the device's packages (search and sort), its user accounts and its alerts as CSV", async () => {
    replyAll();
    renderRoute('/devices/d-1?packages_search=ssl&packages_sort=name');
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV of packages' }));
    await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(1));
    expect(exportQuery(gets(), `${T}/devices/d-1/packages/export.csv`)).toEqual({ search: 'ssl', ordering: 'name' });

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV of user accounts' }));
    await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(2));
    expect(exportQuery(gets(), `${T}/devices/d-1/accounts/export.csv`)).toEqual({});
    // The device's alerts export only that device's alerts.
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV of alerts' }));
    await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(3));
    expect(exportQuery(gets(), `${T}/alerts/export.csv`)).toMatchObject({ device: 'd-1' });
  });
});
