import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { renderRoutes } from '@console/shared/src/testing/renderRoute';
import { currentLocation } from '@console/shared/src/testing/renderWithAuth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { DevRoutes } from '../../dev/DevRoutes';
import { renderRoute, T } from '../testing/renderRoute';

const deviceRow = (uid: string, risk: string) => ({
  uid,
  hostname: `host-${uid}`,
  device_type: 'linux',
  platform_name: 'Debian GNU/Linux',
  platform_version: '12',
  risk_score: risk,
  last_connected: '2026-11-20T08:00:00Z',
  created_at: '2026-01-01T00:00:00Z',
  package_count: 10,
  cve_count: 1,
  high_risk_cve_count: 0,
  kev_count: 0,
});
const LIST = new RegExp(`^${T}/devices/\\?`);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The browser's Back button. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Browser back
    </button>
  );
}

describe('DevicesPage (/devices)', () => {
  const page = setupPageTest({ quiet: true });
  const deviceCalls = () => page.api.history.get.map((r) => r.url!).filter((u) => LIST.test(u));
  const lastQuery = () => new URL(deviceCalls().at(-1)!, 'http://x').searchParams;
  beforeEach(() => {
    // The server filters: only the risk asked for comes back.
    page.api.onGet(LIST).reply((config) => {
      const risk = new URL(config.url!, 'http://x').searchParams.get('risk');
      const rows = [deviceRow('d-1', 'High'), deviceRow('d-2', 'Low')].filter((d) => !risk || d.risk_score === risk);
      return [200, { count: rows.length, results: rows }];
    });
  });

  it('sits under Dashboards and lists the devices, a row opening the device', async () => {
    renderRoute('/devices');
    expect(await screen.findByRole('heading', { name: 'Devices', level: 1 })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboards' })).toHaveAttribute('href', '/');
    const table = screen.getByRole('table', { name: 'Devices' });
    const row = (await within(table).findByText('host-d-2')).closest('tr')!;
    expect(deviceCalls()).toEqual([`${T}/devices/?limit=10&offset=0&ordering=hostname`]);
    await userEvent.click(row.cells[2]);
    expect(currentLocation().pathname).toBe('/devices/d-2');
  });

  it('filters by risk on the server and keeps it in the URL', async () => {
    renderRoute('/devices');
    await screen.findByText('host-d-2');
    await userEvent.click(screen.getByRole('combobox', { name: 'Risk' }));
    await userEvent.click(await screen.findByRole('option', { name: 'High' }));
    await waitFor(() => expect(screen.queryByText('host-d-2')).not.toBeInTheDocument());
    expect(screen.getByText('host-d-1')).toBeInTheDocument();
    expect(lastQuery().get('risk')).toBe('High');
    expect(currentLocation().search).toBe('?devices_risk=High');
  });

  it('asks the server for the filters a link names, and shows them', async () => {
    renderRoute(
      '/devices?devices_device_type=rtos&devices_platform=Zephyr&devices_risk=Low&devices_has_kev=true&devices_has_high_risk=false&devices_seen=over_7d',
    );
    await screen.findByText('host-d-2');
    const query = lastQuery();
    expect(Object.fromEntries(query)).toMatchObject({
      device_type: 'rtos',
      platform: 'Zephyr',
      risk: 'Low',
      has_kev: 'true',
      has_high_risk: 'false',
    });
    expect(query.get('last_connected_after')).toBeNull();
    const before = Date.parse(query.get('last_connected_before')!);
    expect(Math.abs(Date.now() - 7 * DAY_MS - before)).toBeLessThan(2 * 60 * 1000);
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('RTOS');
    expect(screen.getByRole('combobox', { name: 'Known exploited (KEV)' })).toHaveTextContent('Yes');
    expect(screen.getByRole('combobox', { name: 'High-risk CVE' })).toHaveTextContent('No');
    expect(screen.getByRole('combobox', { name: 'Last seen' })).toHaveTextContent('More than 7 days ago');
    expect(screen.getByLabelText('Platform (exact name)')).toHaveValue('Zephyr');
  });

  it('applies a platform when the field is left (not per keystroke), and Back undoes it', async () => {
    renderRoutes(
      <>
        <DevRoutes />
        <BackButton />
      </>,
      { path: '/devices' },
    );
    await screen.findByText('host-d-2');
    const platform = screen.getByLabelText('Platform (exact name)');
    await userEvent.type(platform, 'Debian GNU/Linux');
    expect(deviceCalls()).toHaveLength(1);
    await userEvent.tab();
    await waitFor(() => expect(lastQuery().get('platform')).toBe('Debian GNU/Linux'));
    expect(deviceCalls()).toHaveLength(2);
    expect(currentLocation().search).toBe('?devices_platform=Debian+GNU%2FLinux');
    // Back: the filter leaves the URL and the field follows it.
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(currentLocation().search).toBe(''));
    expect(screen.getByLabelText('Platform (exact name)')).toHaveValue('');
  });

  it('says when the filters match nothing, and when the list fails, with Retry', async () => {
    page.api.onGet(LIST).reply(200, { count: 0, results: [] });
    const { unmount } = renderRoute('/devices?devices_has_kev=true');
    expect(await screen.findByText('No devices match these filters.')).toBeInTheDocument();
    unmount();

    let calls = 0;
    page.api
      .onGet(LIST)
      .reply(() => (++calls === 1 ? [500, { detail: 'boom' }] : [200, { count: 1, results: [deviceRow('d-1', 'High')] }]));
    renderRoute('/devices?devices_has_kev=true');
    expect(await screen.findByText('Could not load devices')).toBeInTheDocument();
    expect(screen.queryByText(/No devices/)).not.toBeInTheDocument();
    expect(screen.queryByText(/0–0 of 0/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('host-d-1')).toBeInTheDocument();
  });
});
