// The Scans tab (beside the spec's four): the kept SBOM scans and the diff of two (docs/insights-api.md "Scan history").
import { formatDateTime, type ScanDiff, type ScanListItem } from '@console/shared';
import { setupPageTest } from '@console/shared/src/testing/setupPageTest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, REPORTS } from '../../testing/renderRoute';
import { report } from '../../testing/reports';

const R1 = `${REPORTS}r-1/`;
const scan = (id: string, at: string, over: Partial<ScanListItem> = {}): ScanListItem => ({
  id,
  uploaded_at: at,
  components: 3,
  vulnerabilities: 2,
  open: 2,
  critical: 1,
  ...over,
});
const NEWEST = scan('s-3', '2026-11-24T10:00:00Z', { components: 10412, open: 1, critical: 0 });
const MIDDLE = scan('s-2', '2026-11-23T10:00:00Z');
const OLDEST = scan('s-1', '2026-11-22T10:00:00Z');
const diffPath = (from: string, to: string) => `${R1}scans/diff/?from=${from}&to=${to}`;

const DIFF: ScanDiff = {
  from: MIDDLE,
  to: NEWEST,
  components: {
    added: [{ name: 'chalk', purl: 'pkg:npm/chalk@5.3.0', version: '5.3.0' }],
    removed: [{ name: 'left-pad', purl: 'pkg:npm/left-pad@1.3.0', version: '1.3.0' }],
    upgraded: [{ name: 'lodash', purl: 'pkg:npm/lodash@4.17.21', from_version: '4.17.20', to_version: '4.17.21' }],
  },
  vulnerabilities: {
    new: [{ id: 'CVE-2999-0003', severity: 'medium' }],
    fixed: [{ id: 'CVE-2021-23337', severity: 'high' }],
    still_open: [],
  },
};

describe('Scans tab', () => {
  const page = setupPageTest({ quiet: true });
  beforeEach(() => page.api.onGet(R1).reply(200, report()));

  const open = async () => {
    renderRoute('/insights/r-1?tab=scans');
    return await screen.findByRole('table', { name: 'Scans' });
  };

  it('lists the scans newest first and diffs the newest two: counts and a table per change', async () => {
    page.api.onGet(`${R1}scans/`).reply(200, { results: [NEWEST, MIDDLE, OLDEST] });
    page.api.onGet(diffPath('s-2', 's-3')).reply(200, DIFF);
    const table = await open();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(formatDateTime(NEWEST.uploaded_at));
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([formatDateTime(NEWEST.uploaded_at), '10,412', '2', '1', '0']);

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Components: 1 added, 1 removed, 1 upgraded. Vulnerabilities: 1 new, 1 fixed, 0 still open.',
    );
    const upgraded = screen.getByRole('table', { name: 'Components upgraded' });
    expect(within(upgraded).getAllByRole('row')[1]).toHaveTextContent('lodash4.17.204.17.21pkg:npm/lodash@4.17.21');
    expect(within(screen.getByRole('table', { name: 'New vulnerabilities' })).getByText('CVE-2999-0003')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Fixed vulnerabilities' })).getByText('High')).toBeInTheDocument();
    // An empty list says so rather than showing an empty table.
    expect(screen.queryByRole('table', { name: 'Still open vulnerabilities' })).not.toBeInTheDocument();
    expect(screen.getByText('Still open vulnerabilities (0)')).toBeInTheDocument();
  });

  it('diffs the scans the user picks', async () => {
    page.api.onGet(`${R1}scans/`).reply(200, { results: [NEWEST, MIDDLE, OLDEST] });
    page.api.onGet(diffPath('s-2', 's-3')).reply(200, DIFF);
    const oldest = { ...DIFF, from: OLDEST, components: { added: [], removed: [], upgraded: [] } };
    page.api.onGet(diffPath('s-1', 's-3')).reply(200, oldest);
    await open();
    await screen.findByText(/1 added, 1 removed/);
    await userEvent.click(screen.getByRole('combobox', { name: 'From scan' }));
    await userEvent.click(screen.getByRole('option', { name: new RegExp(formatDateTime(OLDEST.uploaded_at)) }));
    expect(await screen.findByText(/0 added, 0 removed, 0 upgraded/)).toBeInTheDocument();
    expect(page.api.history.get.map((r) => r.url)).toContain(diffPath('s-1', 's-3'));
  });

  it('shows what failed with a Retry, for the list and for the diff', async () => {
    page.api.onGet(`${R1}scans/`).replyOnce(500, { detail: 'boom' });
    renderRoute('/insights/r-1?tab=scans');
    expect(await screen.findByText('Error loading the scan history.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Scans' })).not.toBeInTheDocument();

    page.api.onGet(`${R1}scans/`).reply(200, { results: [NEWEST, MIDDLE] });
    page.api.onGet(diffPath('s-2', 's-3')).replyOnce(500, { detail: 'boom' });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Scans' })).toBeInTheDocument();
    expect(await screen.findByText('Error comparing the scans.')).toBeInTheDocument();
    // Never an empty diff that would read as "nothing changed".
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    page.api.onGet(diffPath('s-2', 's-3')).reply(200, DIFF);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 new, 1 fixed');
  });

  it('says when there is nothing to compare yet', async () => {
    page.api.onGet(`${R1}scans/`).reply(200, { results: [NEWEST] });
    await open();
    expect(screen.getByText('Only one scan so far: upload the SBOM again to compare two scans.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'From scan' })).not.toBeInTheDocument();
  });
});
