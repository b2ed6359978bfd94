import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, T } from '../testing/renderRoute';

const row = (n: number) => ({
  uid: `al-${n}`,
  name: `Alert ${n}`,
  device: null,
  device_hostname: null,
  status: 'OPEN',
  priority: 'High',
  elastic_alert_created_at: '2026-11-20T08:00:00Z',
});
const LIST = new RegExp(`^${T}/alerts/\\?`);
const BULK = `${T}/alerts/bulk-status/`;
const EXPORT = new RegExp(`^${T}/alerts/export\\.csv`);

describe('AlertsPage: triage in bulk and export', () => {
  const page = setupPageTest({ quiet: true });
  const listCalls = () => page.api.history.get.filter((r) => LIST.test(r.url!)).length;
  const posted = () => page.api.history.post.map((r) => JSON.parse(r.data as string) as Record<string, unknown>);
  beforeEach(() => {
    // 25 alerts match; the page shows 10.
    page.api.onGet(LIST).reply(200, { count: 25, results: Array.from({ length: 10 }, (_, i) => row(i + 1)) });
  });

  it('closes the ticked alerts with a comment, says what changed and refreshes the list', async () => {
    page.api.onPost(BULK).reply(200, { matched: 2, changed: 1, unchanged: 1, rejected: [] });
    renderRoute('/alerts');
    const table = await screen.findByRole('table', { name: 'Alerts' });
    await within(table).findByText('Alert 1');
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Alert 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Alert 3' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    // Ticking a row never opens it.
    expect(screen.getByRole('heading', { name: 'Alerts', level: 1 })).toBeInTheDocument();
    const before = listCalls();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close 2 alerts' });
    await userEvent.type(within(dialog).getByLabelText('Comment (optional)'), 'benign scanner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close 2 alerts' }));

    expect(await screen.findByText('Closed: 1 changed, 1 unchanged, 0 rejected.')).toBeInTheDocument();
    expect(posted()).toEqual([{ status: 'CLOSED', comment: 'benign scanner', uids: ['al-1', 'al-3'] }]);
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    expect(screen.queryByRole('dialog', { name: 'Close 2 alerts' })).not.toBeInTheDocument();
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('reopens all N matching by the filters, not the uids of one page', async () => {
    page.api.onPost(BULK).reply(200, { matched: 25, changed: 25, unchanged: 0, rejected: [] });
    renderRoute('/alerts?alerts_status=CLOSED&alerts_priority=High&alerts_search=ssh');
    await screen.findByText('Alert 1');
    await userEvent.click(screen.getByRole('button', { name: 'Select all 25 matching' }));
    expect(screen.getByText('All 25 matching alerts selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Alert 7' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen 25 alerts' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen 25 alerts' }));
    expect(await screen.findByText('Reopened: 25 changed, 0 unchanged, 0 rejected.')).toBeInTheDocument();
    expect(posted()).toEqual([{ status: 'OPEN', filter: { status: 'CLOSED', priority: 'High', search: 'ssh' } }]);
  });

  it('ticks the page with the header box, and unticks one of them', async () => {
    renderRoute('/alerts');
    await screen.findByText('Alert 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select the alerts on this page' }));
    expect(screen.getByText('10 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Alert 2' }));
    expect(screen.getByText('9 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select the alerts on this page' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
  });

  it('drops the selection when the filters change: "all matching" never means rows no longer shown', async () => {
    renderRoute('/alerts');
    await screen.findByText('Alert 1');
    await userEvent.click(screen.getByRole('button', { name: 'Select all 25 matching' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Priority' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Low' }));
    expect(await screen.findByText('0 selected')).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the change fails; confirming again retries', async () => {
    let calls = 0;
    page.api
      .onPost(BULK)
      .reply(() =>
        ++calls === 1 ? [400, { detail: 'comment: too long' }] : [200, { matched: 1, changed: 1, unchanged: 0, rejected: [] }],
      );
    renderRoute('/alerts');
    await screen.findByText('Alert 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Alert 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close 1 alert' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close 1 alert' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Closing the alerts failed: comment: too long');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close 1 alert' }));
    expect(await screen.findByText('Closed: 1 changed, 0 unchanged, 0 rejected.')).toBeInTheDocument();
  });

  it('names rejected alerts in the result', async () => {
    page.api.onPost(BULK).reply(200, {
      matched: 1,
      changed: 1,
      unchanged: 0,
      rejected: [{ index: 1, uid: 'al-2', detail: 'no such alert in this tenant' }],
    });
    renderRoute('/alerts');
    await screen.findByText('Alert 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Alert 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Alert 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close 2 alerts' }));
    const result = await screen.findByText('Closed: 1 changed, 0 unchanged, 1 rejected.');
    expect(result.closest('[role="status"]')).toHaveTextContent('al-2: no such alert in this tenant');
  });

  it('exports the current view as CSV (filters, search and ordering, every row), and says when the export fails', async () => {
    let fail = true;
    page.api
      .onGet(EXPORT)
      .reply(() =>
        fail
          ? [500, { detail: 'boom' }]
          : [200, new Blob(['uid\r\n']), { 'content-disposition': 'attachment; filename="alerts-20261126.csv"' }],
      );
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:alerts'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoute('/alerts?alerts_priority=High&alerts_sort=name&alerts_page=1');
    await screen.findByText('Alert 1');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV of alerts' }));
    expect(await screen.findByText('Could not export alerts.')).toBeInTheDocument();
    const url = page.api.history.get.filter((r) => EXPORT.test(r.url!)).at(-1)!.url!;
    expect(Object.fromEntries(new URL(url, 'http://x').searchParams)).toEqual({ ordering: 'name', priority: 'High' });

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('alerts-20261126.csv');
    expect(screen.queryByText('Could not export alerts.')).not.toBeInTheDocument();
    click.mockRestore();
  });
});
