import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { renderRoutes } from '@console/shared/src/testing/renderRoute';
import { currentLocation, Route, Routes } from '@console/shared/src/testing/renderWithAuth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { T } from '../testing/renderRoute';
import { DashboardPage } from './DashboardPage';

// The real chart needs a browser layout engine; the test checks what the page hands it.
jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  ApexChart: ({ label, series }: { label: string; series: unknown }) => (
    <div data-testid="chart" aria-label={label} data-series={JSON.stringify(series)} />
  ),
}));

const summary = {
  uid: 's-1',
  created_at: '2026-11-21T06:00:00Z',
  text: 'Your 3 devices have 2 high-risk CVEs and 1 open alert.',
  counts: { devices: 3, linux: 2, rtos: 1, packages: 100, cves: 9, high_risk_cves: 2, open_alerts: 1, closed_alerts: 4 },
  worst_findings: [],
};
const strategic = {
  devices_by_risk: [
    { risk_score: 'High', count: 1 },
    { risk_score: 'Low', count: 2 },
  ],
  devices_by_type: [
    { device_type: 'linux', count: 2 },
    { device_type: 'rtos', count: 1 },
  ],
  alerts_by_status: [
    { status: 'OPEN', count: 1 },
    { status: 'CLOSED', count: 4 },
  ],
  open_alerts_by_priority: [{ date: '2026-11-20', priority: 'High', count: 1 }],
  top_vulnerable_packages: [
    { name: 'openssl', device_count: 2, cve_count: 5, max_score: 9.8, kev_count: 3 },
    { name: 'zlib', device_count: 1, cve_count: 1, max_score: 5.5, kev_count: 0 },
  ],
  cve_counts: { total: 9, high_risk: 2, devices_affected: 2, kev: 4, kev_devices: 1, demo: 0 },
  riskiest_devices: [
    { uid: 'd-1', hostname: 'web-01', risk_score: 'High', high_risk_cve_count: 2, kev_count: 3 },
    { uid: 'd-2', hostname: 'plc-07', risk_score: 'Low', high_risk_cve_count: 0, kev_count: 0 },
  ],
  recent_alerts: [
    {
      uid: 'al-1',
      name: 'Reverse shell',
      priority: 'High',
      status: 'OPEN',
      device: 'd-1',
      device_hostname: 'web-01',
      elastic_alert_created_at: '2026-11-20T08:00:00Z',
    },
  ],
};
const deviceRow = (i: number) => ({
  uid: `d-${i}`,
  hostname: `host-${i}`,
  device_type: 'linux',
  platform_name: 'Debian',
  platform_version: '12',
  risk_score: 'Medium',
  last_connected: null,
  created_at: '2026-01-01T00:00:00Z',
  package_count: 10,
  cve_count: 1,
  high_risk_cve_count: 0,
  kev_count: i === 2 ? 1 : 0,
});
const alertRow = {
  uid: 'al-5',
  name: 'Port scan',
  device: 'd-1',
  device_hostname: 'web-01',
  status: 'OPEN',
  priority: 'Low',
  elastic_alert_created_at: '2026-11-19T08:00:00Z',
};

// The page stays mounted whatever the URL, so later reports can be seen NOT to navigate.
function renderDashboard() {
  return renderRoutes(
    <Routes>
      <Route path="*" element={<DashboardPage />} />
    </Routes>,
  );
}

describe('DashboardPage', () => {
  const page = setupPageTest({ quiet: true });
  function replyAll() {
    page.api.onGet(`${T}/summaries/latest/`).reply(200, summary);
    page.api.onGet(`${T}/dashboard/strategic/`).reply(200, strategic);
    page.api.onGet(new RegExp(`^${T}/devices/\\?`)).reply((config) => {
      const offset = Number(new URL(config.url!, 'http://x').searchParams.get('offset'));
      return [200, { count: 12, results: Array.from({ length: offset ? 2 : 10 }, (_, i) => deviceRow(offset + i)) }];
    });
    page.api.onGet(new RegExp(`^${T}/alerts/\\?`)).reply(200, { count: 1, results: [alertRow] });
  }
  beforeEach(replyAll);
  /** The first answer of each path is the given failure, later ones the usual data (the first matching handler answers). */
  function failFirst(...paths: Array<string | RegExp>) {
    page.api.resetHandlers();
    for (const path of paths) page.api.onGet(path).replyOnce(404, { detail: 'Not found.' });
    replyAll();
  }

  it('loads the latest summary first into exec_summary and shows the strategic widgets', async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Dashboards', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
    expect(await screen.findByText(summary.text)).toBeInTheDocument();
    expect(page.api.history.get[0].url).toBe(`${T}/summaries/latest/`);
    const risk = await screen.findByRole('region', { name: 'Devices by risk' });
    expect(within(risk).getByTestId('chart')).toHaveAttribute('data-series', '[1,2]');
    const trend = screen.getByRole('region', { name: 'Open alerts by priority (last 30 days)' });
    expect(JSON.parse(within(trend).getByTestId('chart').getAttribute('data-series')!)).toContainEqual({
      name: 'High',
      data: [1],
    });
    expect(within(screen.getByRole('table', { name: 'Top vulnerable packages' })).getByText('openssl')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Top vulnerable packages' })).getByText('High')).toBeInTheDocument();
  });

  it('shows the Known exploited figure beside the CVE figures, and KEV counts for devices and packages', async () => {
    renderDashboard();
    const kev = await screen.findByRole('group', { name: 'Known exploited' });
    expect(within(kev).getByText('4')).toBeInTheDocument();
    expect(within(kev).getByText('CISA KEV, on 1 device')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'CVE findings' })).getByText('9')).toBeInTheDocument();
    expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
    const riskiest = screen.getByRole('list', { name: 'Riskiest devices' });
    expect(within(riskiest).getByText('2 high-risk CVEs · 3 known exploited')).toBeInTheDocument();
    expect(within(riskiest).getByText('0 high-risk CVEs')).toBeInTheDocument();
    const packages = screen.getByRole('table', { name: 'Top vulnerable packages' });
    expect(within(packages).getAllByRole('columnheader').at(-1)).toHaveTextContent('KEV');
    expect(within(within(packages).getByText('openssl').closest('tr')!).getAllByRole('cell').at(-1)).toHaveTextContent('3');
  });

  it('labels the CVE figures "Demo data" when some findings are demo data', async () => {
    page.api.onGet(`${T}/dashboard/strategic/`).reply(200, { ...strategic, cve_counts: { ...strategic.cve_counts, demo: 5 } });
    renderDashboard();
    const findings = await screen.findByRole('group', { name: 'CVE findings' });
    expect(within(findings).getByText('Demo data')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Known exploited' })).getByText('Demo data')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Open alerts' })).queryByText('Demo data')).not.toBeInTheDocument();
  });

  it('shows a dash, not 0, for known exploited when an older server does not count it', async () => {
    const { kev: _kev, kev_devices: _devices, ...older } = strategic.cve_counts;
    page.api.onGet(`${T}/dashboard/strategic/`).reply(200, { ...strategic, cve_counts: older });
    renderDashboard();
    expect(within(await screen.findByRole('group', { name: 'Known exploited' })).getByText('—')).toBeInTheDocument();
  });

  it('says the KEV catalogue is not loaded instead of 0 known exploited', async () => {
    page.api
      .onGet(`${T}/dashboard/strategic/`)
      .reply(200, { ...strategic, cve_counts: { ...strategic.cve_counts, kev: 0, kev_devices: 0, kev_loaded: false } });
    renderDashboard();
    const kev = await screen.findByRole('group', { name: 'Known exploited' });
    expect(within(kev).getByText("CISA's KEV catalogue is not loaded")).toBeInTheDocument();
    expect(within(kev).queryByText('0')).not.toBeInTheDocument();
  });

  it('navigates on the first reported alert_uid only', async () => {
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: /Reverse shell/ }));
    expect(currentLocation().pathname).toBe('/alerts/al-1');
    await userEvent.click(screen.getByRole('button', { name: /plc-07/ }));
    expect(currentLocation().pathname).toBe('/alerts/al-1');
  });

  it('navigates on the first reported device_uid only', async () => {
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: /plc-07/ }));
    expect(currentLocation().pathname).toBe('/devices/d-2');
    await userEvent.click(screen.getByRole('button', { name: /Reverse shell/ }));
    await userEvent.click(within(screen.getByRole('list', { name: 'Riskiest devices' })).getByRole('button', { name: /web-01/ }));
    expect(currentLocation().pathname).toBe('/devices/d-2');
  });

  it('says when the summary and the dashboard fail, with Retry, never "No summary yet." or "No data"', async () => {
    failFirst(`${T}/summaries/latest/`, `${T}/dashboard/strategic/`);
    renderDashboard();
    // Logged as before, and shown.
    await waitFor(() => expect(page.logged).toHaveBeenCalledTimes(2));
    const card = screen.getByRole('region', { name: 'Executive summary' });
    expect(await within(card).findByText('Could not load the executive summary')).toBeInTheDocument();
    expect(await screen.findByText('Could not load the dashboard')).toBeInTheDocument();
    expect(screen.queryByText('No summary yet.')).not.toBeInTheDocument();
    expect(screen.queryByText('No data')).not.toBeInTheDocument();

    // Each Retry asks again (the beforeEach handlers answer now).
    await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText(summary.text)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'CVE findings' })).toHaveTextContent('9');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps "No summary yet." when the tenant has no summary', async () => {
    page.api.onGet(`${T}/summaries/latest/`).reply(200, '');
    renderDashboard();
    expect(await screen.findByText('No summary yet.')).toBeInTheDocument();
  });

  describe('Technical Overview', () => {
    async function openTechnical() {
      renderDashboard();
      await userEvent.click(screen.getByRole('tab', { name: 'Technical Overview' }));
      return screen.findByRole('table', { name: 'Devices' });
    }
    const deviceCalls = () => page.api.history.get.map((r) => r.url!).filter((u) => u.startsWith(`${T}/devices/?`));

    it('says when the device or alert list fails, with Retry, never "No devices." or "0–0 of 0"', async () => {
      failFirst(new RegExp(`^${T}/devices/\\?`), new RegExp(`^${T}/alerts/\\?`));
      const devices = await openTechnical();
      expect(await within(devices).findByText('Could not load devices')).toBeInTheDocument();
      const alerts = screen.getByRole('table', { name: 'Alerts' });
      expect(await within(alerts).findByText('Could not load alerts')).toBeInTheDocument();
      expect(screen.queryByText('No devices.')).not.toBeInTheDocument();
      expect(screen.queryByText('No alerts.')).not.toBeInTheDocument();
      expect(screen.queryByText(/0–0 of 0/)).not.toBeInTheDocument();

      await userEvent.click(within(devices).getByRole('button', { name: 'Retry' }));
      expect(await within(devices).findByText('host-0')).toBeInTheDocument();
      await userEvent.click(within(alerts).getByRole('button', { name: 'Retry' }));
      expect(await within(alerts).findByText('Port scan')).toBeInTheDocument();
    });

    it('lists devices and alerts from the server with paging', async () => {
      const devices = await openTechnical();
      expect(await within(devices).findByText('host-0')).toBeInTheDocument();
      expect(deviceCalls()).toContain(`${T}/devices/?limit=10&offset=0&ordering=hostname`);
      expect(page.api.history.get.map((r) => r.url)).toContain(
        `${T}/alerts/?limit=10&offset=0&ordering=-elastic_alert_created_at`,
      );
      expect(await within(screen.getByRole('table', { name: 'Alerts' })).findByText('Port scan')).toBeInTheDocument();

      const deviceRegion = screen.getByRole('region', { name: 'Devices' });
      expect(within(deviceRegion).getByText('1–10 of 12')).toBeInTheDocument();
      await userEvent.click(within(deviceRegion).getByRole('button', { name: 'Go to next page' }));
      expect(await within(devices).findByText('host-11')).toBeInTheDocument();
      expect(deviceCalls()).toContain(`${T}/devices/?limit=10&offset=10&ordering=hostname`);
    });

    it('searches after a pause and sorts on the server', async () => {
      const devices = await openTechnical();
      await within(devices).findByText('host-0');
      await userEvent.type(screen.getByLabelText('Search devices'), 'web');
      await waitFor(() => expect(deviceCalls()).toContain(`${T}/devices/?limit=10&offset=0&ordering=hostname&search=web`));
      expect(deviceCalls().some((u) => u.includes('search=w&') || u.includes('search=we&'))).toBe(false);
      await userEvent.click(within(devices).getByRole('button', { name: 'Risk' }));
      await waitFor(() => expect(deviceCalls()).toContain(`${T}/devices/?limit=10&offset=0&ordering=risk_score&search=web`));
      await userEvent.click(within(devices).getByRole('button', { name: 'Risk' }));
      await waitFor(() => expect(deviceCalls()).toContain(`${T}/devices/?limit=10&offset=0&ordering=-risk_score&search=web`));
    });

    it('shows KEV findings per device, sorted on the server most first', async () => {
      const devices = await openTechnical();
      const host2 = (await within(devices).findByText('host-2')).closest('tr')!;
      expect(within(host2).getAllByRole('cell')[6]).toHaveTextContent('1');
      await userEvent.click(within(devices).getByRole('button', { name: 'KEV' }));
      await waitFor(() => expect(deviceCalls()).toContain(`${T}/devices/?limit=10&offset=0&ordering=-kev_count`));
    });

    it('reports rows through the navigate-once rule and keeps every name a real link', async () => {
      const devices = await openTechnical();
      expect(await within(devices).findByRole('link', { name: 'host-3' })).toHaveAttribute('href', '/devices/d-3');
      const alerts = screen.getByRole('table', { name: 'Alerts' });
      expect(await within(alerts).findByRole('link', { name: 'Port scan' })).toHaveAttribute('href', '/alerts/al-5');

      await userEvent.click((within(devices).getByText('host-0').closest('tr') as HTMLTableRowElement).cells[1]);
      expect(currentLocation().pathname).toBe('/devices/d-0');
      await userEvent.click(within(alerts).getByText('web-01'));
      expect(currentLocation().pathname).toBe('/devices/d-0');
      // The link still opens the alert after the one automatic navigation.
      await userEvent.click(within(alerts).getByRole('link', { name: 'Port scan' }));
      expect(currentLocation().pathname).toBe('/alerts/al-5');
    });
  });
});
