import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { currentLocation } from '@console/shared/src/testing/renderWithAuth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, T } from '../testing/renderRoute';

const alertRow = {
  uid: 'al-1',
  name: 'SSH brute force',
  device: 'd-1',
  device_hostname: 'web-01',
  status: 'OPEN',
  priority: 'High',
  elastic_alert_created_at: '2026-11-20T08:00:00Z',
};
const LIST = new RegExp(`^${T}/alerts/\\?`);
const DAY_MS = 24 * 60 * 60 * 1000;

describe('AlertsPage (/alerts)', () => {
  const page = setupPageTest({ quiet: true });
  const alertCalls = () => page.api.history.get.map((r) => r.url!).filter((u) => LIST.test(u));
  const lastQuery = () => new URL(alertCalls().at(-1)!, 'http://x').searchParams;
  beforeEach(() => {
    page.api.onGet(LIST).reply(200, { count: 1, results: [alertRow] });
    page.api.onGet(`${T}/devices/d-1/`).reply(200, { uid: 'd-1', hostname: 'web-01' });
  });

  it('sits under Dashboards and lists the alerts, a row opening the alert', async () => {
    renderRoute('/alerts');
    expect(await screen.findByRole('heading', { name: 'Alerts', level: 1 })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboards' })).toHaveAttribute('href', '/');
    const table = screen.getByRole('table', { name: 'Alerts' });
    const row = (await within(table).findByText('SSH brute force')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'web-01' })).toHaveAttribute('href', '/devices/d-1');
    expect(alertCalls()).toEqual([`${T}/alerts/?limit=10&offset=0&ordering=-elastic_alert_created_at`]);
    await userEvent.click(row.cells[3]);
    expect(currentLocation().pathname).toBe('/alerts/al-1');
  });

  it('asks the server for the filters a link names, and shows them', async () => {
    renderRoute(
      '/alerts?alerts_status=CLOSED&alerts_priority=Critical&alerts_device=d-1&alerts_rule=SSH%20brute&alerts_created=7d',
    );
    await screen.findByText('SSH brute force');
    const query = lastQuery();
    expect(Object.fromEntries(query)).toMatchObject({ status: 'CLOSED', priority: 'Critical', device: 'd-1', rule: 'SSH brute' });
    // Seven days back from now, to the minute.
    const after = Date.parse(query.get('created_after')!);
    expect(Math.abs(Date.now() - 7 * DAY_MS - after)).toBeLessThan(2 * 60 * 1000);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('CLOSED');
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveTextContent('Critical');
    expect(screen.getByRole('combobox', { name: 'Created' })).toHaveTextContent('Last 7 days');
    expect(screen.getByLabelText('Rule (exact name)')).toHaveValue('SSH brute');
    // The device by its name, once it has loaded.
    expect(await screen.findByText('Device: web-01')).toBeInTheDocument();
  });

  it('filters by priority and rule into the URL, from the first page, and clears the device', async () => {
    renderRoute('/alerts?alerts_device=d-1&alerts_page=2');
    await screen.findByText('SSH brute force');
    await userEvent.click(screen.getByRole('combobox', { name: 'Priority' }));
    await userEvent.click(await screen.findByRole('option', { name: 'High' }));
    await waitFor(() => expect(lastQuery().get('priority')).toBe('High'));
    expect(currentLocation().search).toBe('?alerts_device=d-1&alerts_priority=High');
    expect(lastQuery().get('offset')).toBe('0');

    // An exact name: asked for once, on Enter, not per keystroke.
    await userEvent.type(screen.getByLabelText('Rule (exact name)'), 'Reverse shell{Enter}');
    await waitFor(() => expect(lastQuery().get('rule')).toBe('Reverse shell'));
    expect(alertCalls().filter((u) => u.includes('rule=R'))).toHaveLength(1);

    await userEvent.click(
      within((await screen.findByText('Device: web-01')).closest('.MuiChip-root')!).getByTestId('CancelIcon'),
    );
    await waitFor(() => expect(lastQuery().get('device')).toBeNull());
    expect(currentLocation().search).toBe('?alerts_priority=High&alerts_rule=Reverse+shell');
  });

  it('says when the filters match nothing, and when the list fails, with Retry', async () => {
    page.api.onGet(LIST).reply(200, { count: 0, results: [] });
    const { unmount } = renderRoute('/alerts?alerts_priority=Low');
    expect(await screen.findByText('No alerts match these filters.')).toBeInTheDocument();
    // The empty text says it once: no "0–0 of 0" under it.
    expect(screen.queryByText(/0–0 of 0/)).not.toBeInTheDocument();
    unmount();

    let calls = 0;
    page.api.onGet(LIST).reply(() => (++calls === 1 ? [500, { detail: 'boom' }] : [200, { count: 1, results: [alertRow] }]));
    renderRoute('/alerts?alerts_priority=Low');
    expect(await screen.findByText('Could not load alerts')).toBeInTheDocument();
    expect(screen.queryByText(/No alerts/)).not.toBeInTheDocument();
    expect(screen.queryByText(/0–0 of 0/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('SSH brute force')).toBeInTheDocument();
  });

  it('shows every alert for filter values it does not offer', async () => {
    renderRoute('/alerts?alerts_priority=Urgent&alerts_created=forever&alerts_status=DROP');
    await screen.findByText('SSH brute force');
    expect(alertCalls()).toEqual([`${T}/alerts/?limit=10&offset=0&ordering=-elastic_alert_created_at`]);
  });
});
