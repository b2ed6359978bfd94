import { formatDateTime } from '@console/shared';
import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { currentLocation } from '@console/shared/src/testing/renderWithAuth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, T } from '../testing/renderRoute';

const alert = {
  uid: 'al-1',
  name: 'Reverse shell',
  device: 'd-1',
  device_hostname: 'web-01',
  status: 'OPEN',
  priority: 'High',
  indicator: 'bash -i',
  description: 'A shell connected out.',
  recommendation: 'Isolate the host.',
  summary: 'Outbound shell from web-01.',
  event_data: { process: { name: 'bash', pid: 4242 }, destination: { ip: '203.0.113.9' } },
  elastic_alert_created_at: '2026-11-20T08:00:00Z',
  associated_alert_ids: [
    { elastic_rule_name: 'Suspicious curl', elastic_alert_id: 'ea-2', link: 'al-2' },
    { elastic_rule_name: 'Unknown rule', elastic_alert_id: 'ea-3', link: null },
  ],
  mitre_ids: ['T1059'],
  model: 'secret-model',
  elastic_rule_id: 'rule-internal',
  elastic_alert_id: 'ea-1',
  elastic_index: '.alerts-security',
};

const change = (at: string, from: string, to: string, comment: string, label = 'ana@example.com') => ({
  at,
  from_status: from,
  to_status: to,
  comment,
  actor: { kind: 'user', uid: 'u-1', label },
});

describe('AlertDetailPage', () => {
  const page = setupPageTest();
  // What the page asks of the alert itself (the history is asked too).
  const alertGets = () => page.api.history.get.filter((request) => request.url === `${T}/alerts/al-1/`).length;
  let history: ReturnType<typeof change>[];
  let historyFails: boolean;
  beforeEach(() => {
    history = [];
    historyFails = false;
    page.api
      .onGet(`${T}/alerts/al-1/history/?limit=50&offset=0`)
      .reply(() => (historyFails ? [500, { detail: 'boom' }] : [200, { count: history.length, results: history }]));
  });

  it('shows summary, metadata without the hidden fields, the event table and the links', async () => {
    page.api.onGet(`${T}/alerts/al-1/`).reply(200, alert);
    renderRoute('/alerts/al-1');
    expect(await screen.findByRole('heading', { name: 'Reverse shell', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Outbound shell from web-01.')).toBeInTheDocument();
    expect(screen.getByText('Isolate the host.')).toBeInTheDocument();

    const metadata = screen.getByRole('region', { name: 'Metadata' });
    expect(within(metadata).getByText('T1059')).toBeInTheDocument();
    expect(within(metadata).getByText('bash -i')).toBeInTheDocument();
    expect(within(metadata).getByText(formatDateTime(alert.elastic_alert_created_at))).toBeInTheDocument();
    for (const hidden of ['secret-model', 'rule-internal', 'ea-1', '.alerts-security', 'OPEN', 'A shell connected out.']) {
      expect(within(metadata).queryByText(hidden)).not.toBeInTheDocument();
    }

    const events = screen.getByRole('table', { name: 'Event Data' });
    expect(within(within(events).getByText('process.pid').closest('tr')!).getByText('4242')).toBeInTheDocument();
    expect(within(events).getByText('destination.ip')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'web-01' })).toHaveAttribute('href', '/devices/d-1');
    expect(screen.getByRole('link', { name: 'ea-2' })).toHaveAttribute('href', '/alerts/al-2');
    expect(screen.queryByRole('link', { name: 'ea-3' })).not.toBeInTheDocument();
    expect(screen.getByText('ea-3')).toBeInTheDocument();
  });

  it('PATCHes each status change and then refetches the alert', async () => {
    let current = 'OPEN';
    page.api.onGet(`${T}/alerts/al-1/`).reply(() => [200, { ...alert, status: current }]);
    page.api.onPatch(`${T}/alerts/al-1/`).reply((config) => {
      current = (JSON.parse(config.data as string) as { status: string }).status;
      return [200, { ...alert, status: current }];
    });
    renderRoute('/alerts/al-1');
    const select = await screen.findByRole('combobox', { name: 'Status' });
    expect(select).toHaveTextContent('OPEN');
    const getsBefore = alertGets();

    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'CLOSED' }));
    await waitFor(() => expect(alertGets()).toBe(getsBefore + 1));
    expect(JSON.parse(page.api.history.patch[0].data as string)).toEqual({ status: 'CLOSED' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('CLOSED'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'OPEN' }));
    await waitFor(() => expect(alertGets()).toBe(getsBefore + 2));
    expect(page.api.history.patch.map((r) => JSON.parse(r.data as string))).toEqual([{ status: 'CLOSED' }, { status: 'OPEN' }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('OPEN'));
  });

  it('refetches after a failed change too, so the server status shows, and says why it failed', async () => {
    page.api.onGet(`${T}/alerts/al-1/`).reply(200, alert);
    page.api.onPatch(`${T}/alerts/al-1/`).reply(400, { detail: 'bad' });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute('/alerts/al-1');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'CLOSED' }));
    await waitFor(() => expect(alertGets()).toBe(2));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('OPEN'));
    expect(logged).toHaveBeenCalled();
    // The reason shows beside the selector, not only in the console.
    expect(screen.getByRole('alert')).toHaveTextContent('Changing the status failed: bad');
    logged.mockRestore();
  });

  it('navigates to an associated alert', async () => {
    page.api.onGet(`${T}/alerts/al-1/`).reply(200, alert);
    page.api.onGet(`${T}/alerts/al-2/`).reply(200, { ...alert, uid: 'al-2', name: 'Suspicious curl' });
    renderRoute('/alerts/al-1');
    await userEvent.click(await screen.findByRole('link', { name: 'ea-2' }));
    expect(currentLocation().pathname).toBe('/alerts/al-2');
    expect(await screen.findByRole('heading', { name: 'Suspicious curl' })).toBeInTheDocument();
  });

  it('names the tab after the alert and shows where it sits: Dashboards › Alerts › the alert', async () => {
    page.api.onGet(`${T}/alerts/al-1/`).reply(200, alert);
    renderRoute('/alerts/al-1');
    await screen.findByRole('heading', { name: 'Reverse shell', level: 1 });
    expect(document.title).toBe('Reverse shell · Alerts · Security Console');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Dashboards', '/'],
      ['Alerts', '/alerts'],
    ]);
    expect(within(crumbs).getByText('Reverse shell')).toHaveAttribute('aria-current', 'page');
  });

  it('names the device without a link when the alert has no device', async () => {
    page.api.onGet(`${T}/alerts/al-1/`).reply(200, { ...alert, device: null, device_hostname: 'unknown-host' });
    renderRoute('/alerts/al-1');
    expect(await screen.findByText(/unknown-host/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'unknown-host' })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="/devices/"]')).toBeNull();
  });

  it('shows the error message of a failed load', async () => {
    page.api.onGet(`${T}/alerts/al-1/`).reply(404, { detail: 'Not found.' });
    renderRoute('/alerts/al-1');
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
  });

  it('says "Error loading alert details." when there is no data', async () => {
    page.api.onGet(`${T}/alerts/al-1/`).reply(200, '');
    renderRoute('/alerts/al-1');
    expect(await screen.findByText('Error loading alert details.')).toBeInTheDocument();
  });

  it('shows the status history newest first: when, who, from → to, comment (as text, never markup)', async () => {
    history = [
      change('2026-11-21T10:00:00Z', 'CLOSED', 'OPEN', '', 'API key soar (ab12)'),
      change('2026-11-20T09:00:00Z', 'OPEN', 'CLOSED', '<b>benign</b> scanner'),
    ];
    page.api.onGet(`${T}/alerts/al-1/`).reply(200, alert);
    renderRoute('/alerts/al-1');
    const table = await screen.findByRole('table', { name: 'Status history' });
    await within(table).findByText('OPEN → CLOSED');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [formatDateTime('2026-11-21T10:00:00Z'), 'API key soar (ab12)', 'CLOSED → OPEN', '—'],
      [formatDateTime('2026-11-20T09:00:00Z'), 'ana@example.com', 'OPEN → CLOSED', '<b>benign</b> scanner'],
    ]);
    expect(table.querySelector('b')).toBeNull();
  });

  it('pages a long history: 120 changes read 1–50 of 120, and the next page asks the API for entries 51–100', async () => {
    const stamp = (n: number) => new Date(Date.UTC(2026, 10, 20, 0, n)).toISOString();
    const all = Array.from({ length: 120 }, (_, n) => change(stamp(120 - n), 'OPEN', 'CLOSED', `change ${120 - n}`));
    page.api.onGet(`${T}/alerts/al-1/`).reply(200, alert);
    page.api.onGet(`${T}/alerts/al-1/history/?limit=50&offset=0`).reply(200, { count: 120, results: all.slice(0, 50) });
    page.api.onGet(`${T}/alerts/al-1/history/?limit=50&offset=50`).reply(200, { count: 120, results: all.slice(50, 100) });
    renderRoute('/alerts/al-1');
    const table = await screen.findByRole('table', { name: 'Status history' });
    await within(table).findByText('change 120');
    expect(screen.getByText('1–50 of 120')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('change 70')).toBeInTheDocument();
    expect(within(table).queryByText('change 120')).not.toBeInTheDocument();
    expect(screen.getByText('51–100 of 120')).toBeInTheDocument();
  });

  it('shows a status change made on the page in the history', async () => {
    let current = 'OPEN';
    page.api.onGet(`${T}/alerts/al-1/`).reply(() => [200, { ...alert, status: current }]);
    page.api.onPatch(`${T}/alerts/al-1/`).reply(() => {
      history = [change('2026-11-22T08:00:00Z', current, 'CLOSED', ''), ...history];
      current = 'CLOSED';
      return [200, { ...alert, status: current }];
    });
    renderRoute('/alerts/al-1');
    const table = await screen.findByRole('table', { name: 'Status history' });
    expect(await within(table).findByText('No status changes yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'CLOSED' }));
    expect(await within(table).findByText('OPEN → CLOSED')).toBeInTheDocument();
    expect(within(table).queryByText('No status changes yet.')).not.toBeInTheDocument();
  });

  it('says the history could not load, with Retry, never "No status changes yet."', async () => {
    page.api.onGet(`${T}/alerts/al-1/`).reply(200, alert);
    historyFails = true;
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute('/alerts/al-1');
    const table = await screen.findByRole('table', { name: 'Status history' });
    expect(await within(table).findByText('Could not load the status history')).toBeInTheDocument();
    expect(within(table).queryByText('No status changes yet.')).not.toBeInTheDocument();
    historyFails = false;
    history = [change('2026-11-20T09:00:00Z', 'OPEN', 'CLOSED', 'done')];
    await userEvent.click(within(table).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('done')).toBeInTheDocument();
    logged.mockRestore();
  });
});
