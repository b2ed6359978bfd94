import { formatDateTime } from '@console/shared';
import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation } from '@console/shared/src/testing/renderWithAuth';
import { renderRoute, REPORTS } from '../testing/renderRoute';
import { listItem } from '../testing/reports';

const reports = [
  listItem('r-2', 'Billing API', { assessment_type: 'application', created_at: '2026-11-21T14:05:00Z' }),
  listItem('r-1', 'Gateway firmware 4.2', {
    created_at: '2026-11-20T09:30:00Z',
    has_scan_uploaded: true,
    scan_status: 'sbom_and_audit',
    scan_uploaded_at: '2026-11-22T07:15:00Z',
    open_vulnerabilities: 1234,
    critical_vulnerabilities: 7,
  }),
];

describe('InsightsListPage', () => {
  const page = setupPageTest({ quiet: true });

  it('shows "Loading reports…" under the heading until the list arrives', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    page.api.onGet(REPORTS).reply(() => new Promise((resolve) => (answer = resolve)));
    renderRoute('/insights');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Insight Reports' })).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
    expect(await screen.findByText('Loading reports…')).toBeInTheDocument();
    answer([200, { count: 2, results: reports }]);
    expect(await screen.findByText('Billing API')).toBeInTheDocument();
    expect(screen.queryByText('Loading reports…')).not.toBeInTheDocument();
  });

  it('lists name, type, local created time and a View link to /insights/{uid}/', async () => {
    page.api.onGet(REPORTS).reply(200, { count: 2, results: reports });
    renderRoute('/insights');
    const table = await screen.findByRole('table', { name: 'My Insight Reports' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    // The spec's columns, with the scan columns beside them.
    expect(headers).toEqual([
      'Report Name',
      'Type',
      'Created At',
      'Scan Status',
      'Last Scan',
      'Open Vulnerabilities',
      'Critical (open)',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Billing API');
    expect(rows[0]).toHaveTextContent('Application');
    expect(rows[0]).toHaveTextContent(formatDateTime('2026-11-21T14:05:00Z'));
    expect(rows[1]).toHaveTextContent('System');
    // Scan columns: no scan is N/A, never a 0 that would read as "nothing found".
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(3, 7)
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual(['No scan', 'N/A', 'N/A', 'N/A']);
    expect(cells(rows[1]!)).toEqual(['SBOM and audit', formatDateTime('2026-11-22T07:15:00Z'), '1,234', '7']);
    const view = within(rows[1]!).getByRole('link', { name: /View/ });
    expect(view).toHaveAttribute('href', '/insights/r-1/');
    await userEvent.click(view);
    expect(currentLocation().pathname).toBe('/insights/r-1/');
  });

  it('keeps the page of reports in the URL, so Back from a report returns to it', async () => {
    const many = Array.from({ length: 12 }, (_, i) => listItem(`r-${i}`, `Report ${i}`));
    page.api.onGet(REPORTS).reply(200, { count: many.length, results: many });
    renderRoute('/insights?reports_page=2');
    expect(await screen.findByText('Report 11')).toBeInTheDocument();
    expect(screen.queryByText('Report 0')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(currentLocation().search).toBe('');
    expect(screen.getByText('Report 0')).toBeInTheDocument();
  });

  it('says "Error loading reports." when the list call fails', async () => {
    page.api.onGet(REPORTS).reply(500, { detail: 'boom' });
    renderRoute('/insights');
    expect(await screen.findByText('Error loading reports.')).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it('says so when there are no reports yet', async () => {
    page.api.onGet(REPORTS).reply(200, { count: 0, results: [] });
    renderRoute('/insights');
    expect(await screen.findByText('No reports yet. Create one above.')).toBeInTheDocument();
  });

  it('refuses a blank name with "Report name is required." and makes no call', async () => {
    page.api.onGet(REPORTS).reply(200, { count: 0, results: [] });
    renderRoute('/insights');
    await screen.findByText('No reports yet. Create one above.');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Report name is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Report Name'), '    ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Report name is required.')).toBeInTheDocument();
    expect(page.api.history.post).toHaveLength(0);
  });

  it('creates a System report by default with the trimmed name, then refreshes the list', async () => {
    let listed = [reports[1]!];
    page.api.onGet(REPORTS).reply(() => [200, { count: listed.length, results: listed }]);
    page.api.onPost(REPORTS).reply((config) => {
      const body = JSON.parse(config.data as string);
      const created = listItem('r-3', body.name, { assessment_type: body.assessment_type, created_at: '2026-11-22T10:00:00Z' });
      listed = [created, ...listed];
      return [201, { ...created, token: 'rt_x' }];
    });
    renderRoute('/insights');
    await screen.findByText('Gateway firmware 4.2');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('System');
    await userEvent.type(screen.getByLabelText('Report Name'), '  Edge router  ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Edge router')).toBeInTheDocument();
    expect(JSON.parse(page.api.history.post[0]!.data as string)).toEqual({ name: 'Edge router', assessment_type: 'system' });
    expect(page.api.history.get.filter((r) => r.url === REPORTS).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByLabelText('Report Name')).toHaveValue('');
    expect(screen.queryByText('Report name is required.')).not.toBeInTheDocument();
  });

  it('creates an Application report when that type is chosen', async () => {
    page.api.onGet(REPORTS).reply(200, { count: 0, results: [] });
    page.api.onPost(REPORTS).reply(201, { ...listItem('r-9', 'Shop', { assessment_type: 'application' }), token: 'rt_x' });
    renderRoute('/insights');
    await screen.findByText('No reports yet. Create one above.');
    await userEvent.type(screen.getByLabelText('Report Name'), 'Shop');
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Application' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(page.api.history.post).toHaveLength(1));
    expect(JSON.parse(page.api.history.post[0]!.data as string)).toEqual({ name: 'Shop', assessment_type: 'application' });
  });

  it("shows the API's reason when a create fails, and keeps the typed name", async () => {
    page.api.onGet(REPORTS).reply(200, { count: 0, results: [] });
    page.api.onPost(REPORTS).reply(400, { detail: 'Invalid request body.' });
    renderRoute('/insights');
    await screen.findByText('No reports yet. Create one above.');
    await userEvent.type(screen.getByLabelText('Report Name'), 'Shop');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(page.logged).toHaveBeenCalledWith('Creating the report failed', expect.anything()));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create report. Invalid request body.');
    expect(screen.getByLabelText('Report Name')).toHaveValue('Shop');
  });

  it('says "Error loading reports." with a Retry that loads the list', async () => {
    page.api.onGet(REPORTS).replyOnce(404, { detail: 'Not found.' });
    page.api.onGet(REPORTS).reply(200, { count: 1, results: [listItem('r-1', 'Gateway')] });
    renderRoute('/insights');
    expect(await screen.findByText('Error loading reports.')).toBeInTheDocument();
    expect(screen.queryByText('No reports yet. Create one above.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Gateway')).toBeInTheDocument();
  });

  it('pages the list 10 at a time with sizes 5, 10 and 25', async () => {
    const many = Array.from({ length: 12 }, (_, i) => listItem(`r-${i}`, `Report ${String(i).padStart(2, '0')}`));
    page.api.onGet(REPORTS).reply(200, { count: many.length, results: many });
    renderRoute('/insights');
    const table = await screen.findByRole('table', { name: 'My Insight Reports' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const sizes = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(sizes).toEqual(['5', '10', '25']);
  });
});
