import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useNavigate } from 'react-router-dom';
import { ClientPagination } from '../components/ClientPagination';
import { SortableTableHead } from '../components/SortableTableHead';
import { currentLocation, lastNavigationType, renderWithAuth, Route, Routes } from '../testing/renderWithAuth';
import { readPage, readPageSize, readSort } from './queryValues';
import { useUrlTableState } from './useUrlTableState';

const HOSTS = Array.from({ length: 30 }, (_, i) => ({
  name: `host-${String(i).padStart(2, '0')}`,
  status: i % 3 === 0 ? 'CLOSED' : 'OPEN',
}));

/** A table over in-memory rows, its state in the URL: what a page of the console does with a server. */
function HostsTable() {
  const table = useUrlTableState<'status'>({
    prefix: 'hosts',
    sortFields: ['name', 'status'],
    defaultSort: { field: 'name', direction: 'asc' },
    pageSizes: [5, 10, 25],
    filters: { status: ['OPEN', 'CLOSED'] },
  });
  const navigate = useNavigate();
  const rows = HOSTS.filter((h) => h.name.includes(table.search.trim()))
    .filter((h) => !table.filters.status || h.status === table.filters.status)
    .sort((a, b) => a[table.orderBy as 'name'].localeCompare(b[table.orderBy as 'name']) || a.name.localeCompare(b.name));
  if (table.direction === 'desc') rows.reverse();
  const visible = rows.slice(table.page * table.rowsPerPage, (table.page + 1) * table.rowsPerPage);
  return (
    <>
      <input aria-label="Search hosts" value={table.search} onChange={(e) => table.setSearch(e.target.value)} />
      <select aria-label="Status" value={table.filters.status} onChange={(e) => table.setFilter('status', e.target.value)}>
        <option value="">All</option>
        <option value="OPEN">OPEN</option>
        <option value="CLOSED">CLOSED</option>
      </select>
      <table aria-label="Hosts">
        <SortableTableHead
          columns={[
            { label: 'Name', sortField: 'name' },
            { label: 'Status', sortField: 'status' },
          ]}
          orderBy={table.orderBy}
          direction={table.direction}
          onSort={table.sortBy}
        />
        <tbody>
          {visible.map((h) => (
            <tr key={h.name}>
              <td>
                <Link to={`/hosts/${h.name}`}>{h.name}</Link>
              </td>
              <td>{h.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ClientPagination count={rows.length} pageSizes={[5, 10, 25]} {...table} />
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      {/* What a page does after adding a row on top. */}
      <button type="button" onClick={() => table.setPage(0)}>
        Show the first page
      </button>
    </>
  );
}

function renderHosts(path = '/') {
  return renderWithAuth(
    <Routes>
      <Route path="/" element={<HostsTable />} />
      <Route path="/hosts/:name" element={<BackButton />} />
    </Routes>,
    { path },
  );
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back to the list
    </button>
  );
}

const shown = () =>
  within(screen.getByRole('table', { name: 'Hosts' }))
    .queryAllByRole('link')
    .map((link) => link.textContent);
const query = () => new URLSearchParams(currentLocation().search);

describe('useUrlTableState', () => {
  it('shows the table the URL describes: search, filter, sort, page and page size', () => {
    renderHosts('/?hosts_search=host-1&hosts_status=OPEN&hosts_sort=-name&hosts_page=2&hosts_size=5');
    // host-10..19 OPEN (not 12, 15, 18), descending: 19 17 16 14 13 | 11 10
    expect(shown()).toEqual(['host-11', 'host-10']);
    expect(screen.getByLabelText('Search hosts')).toHaveValue('host-1');
    expect(screen.getByLabelText('Status')).toHaveValue('OPEN');
    expect(screen.getByText('6–7 of 7')).toBeInTheDocument();
  });

  it.each([
    ['a negative page', 'hosts_page=-3'],
    ['page 0', 'hosts_page=0'],
    ['a fraction', 'hosts_page=1.5'],
    ['words', 'hosts_page=abc'],
    ['an absurd page', 'hosts_page=999999999'],
    ['a page size not offered', 'hosts_size=999999'],
    ['an unknown sort column', 'hosts_sort=-password'],
    ['an unknown filter value', 'hosts_status=%3Cscript%3E'],
  ])('shows the default table for %s', (_, bad) => {
    renderHosts(`/?${bad}`);
    expect(shown()).toEqual([
      'host-00',
      'host-01',
      'host-02',
      'host-03',
      'host-04',
      'host-05',
      'host-06',
      'host-07',
      'host-08',
      'host-09',
    ]);
    expect(screen.getByText('1–10 of 30')).toBeInTheDocument();
  });

  it('keeps defaults out of the URL', async () => {
    renderHosts('/?hosts_page=2&hosts_size=5&hosts_sort=-name');
    await userEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(query().has('hosts_page')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Name' })); // -name → name, the default
    expect(query().has('hosts_sort')).toBe(false);
    await userEvent.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await userEvent.click(await screen.findByRole('option', { name: '10' }));
    expect(currentLocation().search).toBe('');
  });

  it('adds a history entry per page, sort and filter (Back undoes each), but not per keystroke', async () => {
    renderHosts('/?tab=technical');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(lastNavigationType()).toBe('PUSH');
    expect(currentLocation().search).toBe('?tab=technical&hosts_page=2');
    expect(shown()[0]).toBe('host-10');

    await userEvent.type(screen.getByLabelText('Search hosts'), 'host-2');
    expect(lastNavigationType()).toBe('REPLACE');
    // A new search starts at the first page; the other parameters stay.
    expect(currentLocation().search).toBe('?tab=technical&hosts_search=host-2');
    expect(shown()).toHaveLength(10);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'CLOSED');
    expect(lastNavigationType()).toBe('PUSH');
    expect(shown()).toEqual(['host-21', 'host-24', 'host-27']);

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(shown()).toHaveLength(10);
    expect(screen.getByLabelText('Search hosts')).toHaveValue('host-2');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentLocation().search).toBe('?tab=technical');
    expect(screen.getByLabelText('Search hosts')).toHaveValue('');
  });

  it('sorting or filtering returns to the first page', async () => {
    renderHosts('/?hosts_page=3');
    await userEvent.click(screen.getByRole('button', { name: 'Status' }));
    expect(query().get('hosts_page')).toBeNull();
    expect(query().get('hosts_sort')).toBe('status');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'OPEN');
    expect(query().get('hosts_page')).toBeNull();
  });

  it('returns to the same rows after opening one and going Back', async () => {
    renderHosts('/');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'OPEN');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    const before = shown();
    await userEvent.click(screen.getByRole('link', { name: before[2]! }));
    expect(currentLocation().pathname).toBe(`/hosts/${before[2]}`);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(shown()).toEqual(before);
    expect(screen.getByLabelText('Status')).toHaveValue('OPEN');
    expect(screen.getByText('11–20 of 20')).toBeInTheDocument();
  });

  it('makes no history entry for a change that changes nothing', async () => {
    renderHosts('/?hosts_status=OPEN');
    await userEvent.click(screen.getByRole('button', { name: 'Show the first page' }));
    expect(lastNavigationType()).toBe('POP');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show the first page' }));
    expect(lastNavigationType()).toBe('PUSH');
    expect(currentLocation().search).toBe('?hosts_status=OPEN');
  });
});

describe('query values', () => {
  it('reads pages 1-based and anything else as the first page', () => {
    expect(readPage('3')).toBe(2);
    expect(['-3', '0', '', '1e3', ' 2', '100001', null].map(readPage)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('reads only the sizes and sort fields offered', () => {
    expect(readPageSize('25', [5, 10, 25], 10)).toBe(25);
    expect(readPageSize('24', [5, 10, 25], 10)).toBe(10);
    const fallback = { field: 'name', direction: 'asc' } as const;
    expect(readSort('-kev', ['name', 'kev'], fallback)).toEqual({ field: 'kev', direction: 'desc' });
    expect(readSort('--kev', ['name', 'kev'], fallback)).toBe(fallback);
    expect(readSort('constructor', ['name', 'kev'], fallback)).toBe(fallback);
  });
});
