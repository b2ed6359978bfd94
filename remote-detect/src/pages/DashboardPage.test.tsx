import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { renderRoutes } from '@console/shared/src/testing/renderRoute';
import { currentLocation, lastNavigationType, Route, Routes } from '@console/shared/src/testing/renderWithAuth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
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

/** The browser's Back button. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Browser back
    </button>
  );
}

// The page stays mounted whatever the URL, so later reports can be seen NOT to navigate.
function renderDashboard(path = '/') {
  return renderRoutes(
    <>
      <Routes>
        <Route path="*" element={<DashboardPage />} />
      </Routes>
      <BackButton />
    </>,
    { path },
  );
}

/** The dashboard at `/`, an alert's page beside it: Back from the alert mounts the dashboard anew, as in the console. */
function renderDashboardAndAlert(path: string) {
  return renderRoutes(
    <>
      <Routes>
        <Route path="/" element={<DashboardPage />} />
        <Route path="/alerts/:uid" element={<p>The alert page</p>} />
        <Route path="/devices/:uid" element={<p>The device page</p>} />
      </Routes>
      <BackButton />
    </>,
    { path },
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
  const deviceCalls = () => page.api.history.get.map((r) => r.url!).filter((u) => u.startsWith(`${T}/devices/?`));
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
    // Its "CVEs" counts distinct CVEs, not a device page's package–CVE pairs: the header says so on
    // hover, as a description; the headers' names stay the column labels for a screen reader.
    expect(within(packages).getByRole('columnheader', { name: 'CVEs' })).toBeInTheDocument();
    expect(within(packages).getByRole('columnheader', { name: 'KEV' })).toBeInTheDocument();
    await userEvent.hover(within(packages).getByText('CVEs'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('distinct CVEs of this package, over all devices');
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
      // Back to the same (still mounted) page: its tab came back with the URL.
      await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
      const alertsAgain = await screen.findByRole('table', { name: 'Alerts' });
      await userEvent.click(within(alertsAgain).getByText('OPEN'));
      expect(currentLocation()).toMatchObject({ pathname: '/', search: '?tab=technical' });
      // The links still open the alert and its device after the one automatic navigation.
      await userEvent.click(within(alertsAgain).getByRole('link', { name: 'Port scan' }));
      expect(currentLocation().pathname).toBe('/alerts/al-5');
    });

    it("links each alert's device to the device page", async () => {
      await openTechnical();
      const alerts = screen.getByRole('table', { name: 'Alerts' });
      const device = await within(alerts).findByRole('link', { name: 'web-01' });
      expect(device).toHaveAttribute('href', '/devices/d-1');
      await userEvent.click(device);
      // The device opens, not the alert the row would report.
      expect(currentLocation().pathname).toBe('/devices/d-1');
    });
  });

  describe('the place in the URL', () => {
    const alertCalls = () => page.api.history.get.map((r) => r.url!).filter((u) => u.startsWith(`${T}/alerts/?`));
    /** 25 alerts per status; each name says which page of which status it is on. */
    function replyAlerts() {
      // Replaces the usual handler of the same URL.
      page.api.onGet(new RegExp(`^${T}/alerts/\\?`)).reply((config) => {
        const query = new URL(config.url!, 'http://x').searchParams;
        const offset = Number(query.get('offset'));
        const status = query.get('status') ?? 'any';
        const results = Array.from({ length: Math.min(10, 25 - offset) }, (_, i) => ({
          ...alertRow,
          uid: `al-${status}-${offset + i}`,
          name: `${status} alert ${offset + i}`,
          status: status === 'any' ? 'OPEN' : status,
        }));
        return [200, { count: 25, results }];
      });
    }
    const alertNames = () =>
      within(screen.getByRole('table', { name: 'Alerts' }))
        .getAllByRole('link')
        .map((link) => link.textContent)
        .filter((text) => text!.includes('alert'));

    it('opens the tab, filter, search, sort and page a link names', async () => {
      replyAlerts();
      renderDashboard('/?tab=technical&alerts_status=CLOSED&alerts_page=2&alerts_search=ssh&devices_sort=-kev_count');
      expect(screen.getByRole('tab', { name: 'Technical Overview' })).toHaveAttribute('aria-selected', 'true');
      expect(await screen.findByText('CLOSED alert 10')).toBeInTheDocument();
      expect(alertCalls()).toEqual([
        `${T}/alerts/?limit=10&offset=10&ordering=-elastic_alert_created_at&search=ssh&status=CLOSED`,
      ]);
      expect(deviceCalls()).toEqual([`${T}/devices/?limit=10&offset=0&ordering=-kev_count`]);
      expect(screen.getByLabelText('Search alerts')).toHaveValue('ssh');
      expect(within(screen.getByRole('region', { name: 'Alerts' })).getByText('11–20 of 25')).toBeInTheDocument();
    });

    it("links each card's View all to its list page, with the table's search, filter and sort but not its page", async () => {
      replyAlerts();
      renderDashboard('/?tab=technical&alerts_status=CLOSED&alerts_page=2&alerts_search=ssh&devices_sort=-kev_count');
      await screen.findByText('CLOSED alert 10');
      const alerts = within(screen.getByRole('region', { name: 'Alerts' })).getByRole('link', { name: 'View all alerts' });
      expect(alerts).toHaveAttribute('href', '/alerts?alerts_status=CLOSED&alerts_search=ssh');
      const devices = within(screen.getByRole('region', { name: 'Devices' })).getByRole('link', { name: 'View all devices' });
      expect(devices).toHaveAttribute('href', '/devices?devices_sort=-kev_count');
      await userEvent.click(alerts);
      expect(currentLocation()).toMatchObject({ pathname: '/alerts', search: '?alerts_status=CLOSED&alerts_search=ssh' });
    });

    it('shows the default lists for values it does not offer, without failing', async () => {
      replyAlerts();
      renderDashboard('/?tab=technical&alerts_page=-3&alerts_size=999999&alerts_sort=password&alerts_status=DROP');
      expect(await screen.findByText('any alert 0')).toBeInTheDocument();
      expect(alertCalls()).toEqual([`${T}/alerts/?limit=10&offset=0&ordering=-elastic_alert_created_at`]);
    });

    it('shows the last page for a page past the end, in place of the link’s', async () => {
      replyAlerts();
      renderDashboard('/?tab=technical&alerts_page=9');
      // Two answers in a row (the page asked for, then the last one): more time than one.
      expect(await screen.findByText('any alert 20', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(currentLocation().search).toBe('?tab=technical&alerts_page=3');
      expect(lastNavigationType()).toBe('REPLACE');
    });

    it('keeps the filter and page through opening an alert and going Back, and defaults out of the URL', async () => {
      replyAlerts();
      renderDashboardAndAlert('/');
      await userEvent.click(screen.getByRole('tab', { name: 'Technical Overview' }));
      expect(currentLocation().search).toBe('?tab=technical');
      await screen.findByText('any alert 0');
      const region = screen.getByRole('region', { name: 'Alerts' });
      await userEvent.click(within(region).getByRole('combobox', { name: 'Status' }));
      await userEvent.click(await screen.findByRole('option', { name: 'CLOSED' }));
      expect(await screen.findByText('CLOSED alert 0')).toBeInTheDocument();
      await userEvent.click(within(region).getByRole('button', { name: 'Go to next page' }));
      expect(await screen.findByText('CLOSED alert 10')).toBeInTheDocument();
      expect(currentLocation().search).toBe('?tab=technical&alerts_status=CLOSED&alerts_page=2');
      const shown = alertNames();

      await userEvent.click(screen.getByRole('link', { name: 'CLOSED alert 12' }));
      expect(await screen.findByText('The alert page')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
      expect(await screen.findByText('CLOSED alert 12')).toBeInTheDocument();
      expect(alertNames()).toEqual(shown);
      expect(screen.getByRole('tab', { name: 'Technical Overview' })).toHaveAttribute('aria-selected', 'true');
      expect(within(screen.getByRole('region', { name: 'Alerts' })).getByRole('combobox', { name: 'Status' })).toHaveTextContent(
        'CLOSED',
      );

      // Each step is a history entry: Back undoes the page, then the filter, then the tab.
      await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
      expect(await screen.findByText('CLOSED alert 0')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
      expect(await screen.findByText('any alert 0')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
      expect(currentLocation().search).toBe('');
      expect(screen.getByRole('tab', { name: 'Strategic Overview' })).toHaveAttribute('aria-selected', 'true');
    });

    it('replaces the history entry while typing a search, one request per pause', async () => {
      replyAlerts();
      renderDashboard('/?tab=technical&alerts_page=2');
      await screen.findByText('any alert 10');
      await userEvent.type(screen.getByLabelText('Search alerts'), 'ssh');
      expect(lastNavigationType()).toBe('REPLACE');
      expect(currentLocation().search).toBe('?tab=technical&alerts_search=ssh');
      await waitFor(() =>
        expect(alertCalls()).toContain(`${T}/alerts/?limit=10&offset=0&ordering=-elastic_alert_created_at&search=ssh`),
      );
      expect(alertCalls().filter((u) => !u.includes('offset=10'))).toEqual([
        `${T}/alerts/?limit=10&offset=0&ordering=-elastic_alert_created_at&search=ssh`,
      ]);
    });
  });
});
