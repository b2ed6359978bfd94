import { formatDateTime } from '@console/shared';
import { mockHttp, renderRoutes } from '@console/shared/src/testing/renderRoute';
import { currentLocation } from '@console/shared/src/testing/renderWithAuth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsPage } from './SettingsPage';

const state = {
  sources: [
    {
      name: 'osv:Debian',
      kind: 'osv',
      ecosystem: 'Debian',
      url: 'https://osv-vulnerabilities.storage.googleapis.com/Debian/all.zip',
      records: 52_310,
      version: null,
      released_at: null,
      last_attempt_at: '2026-11-22T06:00:00Z',
      last_success_at: '2026-11-22T06:00:00Z',
      last_changed_at: '2026-11-22T06:00:00Z',
      last_error: null,
      last_error_at: null,
    },
    {
      name: 'kev',
      kind: 'kev',
      ecosystem: null,
      url: 'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json',
      records: 1_234,
      version: '2026.11.21',
      released_at: '2026-11-21T00:00:00Z',
      last_attempt_at: '2026-11-22T06:00:00Z',
      last_success_at: '2026-11-21T06:00:00Z',
      last_changed_at: '2026-11-21T06:00:00Z',
      last_error: 'HTTP 503 from www.cisa.gov',
      last_error_at: '2026-11-22T06:00:00Z',
    },
    {
      name: 'epss',
      kind: 'epss',
      ecosystem: null,
      url: 'https://epss.empiricalsecurity.com/epss_scores-current.csv.gz',
      records: 290_000,
      version: 'v2025.03.14',
      released_at: '2026-11-22T00:00:00Z',
      last_attempt_at: '2026-11-22T06:00:00Z',
      last_success_at: '2026-11-22T06:00:00Z',
      last_changed_at: '2026-11-22T06:00:00Z',
      last_error: null,
      last_error_at: null,
    },
  ],
  ecosystems: [
    { ecosystem: 'Debian:12', advisories: 31_002, demo_advisories: 40 },
    { ecosystem: 'npm', advisories: 0, demo_advisories: 12 },
  ],
  demo_catalogue: { records: 64 },
  sync: { interval_hours: 24, running: false, next_at: '2026-11-23T06:00:00Z' },
  rematch: { pending: 0, since: null },
};

describe('Settings › Vulnerability feed', () => {
  let api: ReturnType<typeof mockHttp>;
  beforeEach(() => {
    api = mockHttp();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    api.restore();
    jest.restoreAllMocks();
  });

  it("is a fourth tab after the spec's User, Reporting and Allow Lists, opened with ?tab=feeds", async () => {
    api.onGet('/v1/feeds/').reply(200, state);
    renderRoutes(<SettingsPage />, { path: '/settings' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'User',
      'Reporting',
      'Allow Lists',
      'Vulnerability feed',
      'About',
    ]);
    // The spec's tabs make no call.
    expect(api.history.get).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: 'Vulnerability feed' }));
    expect(currentLocation().search).toBe('?tab=feeds');
    expect(await screen.findByRole('table', { name: 'Feed sources' })).toBeInTheDocument();
  });

  it('lists the sources with records, data release, syncs and the last error in red', async () => {
    api.onGet('/v1/feeds/').reply(200, state);
    renderRoutes(<SettingsPage />, { path: '/settings/?tab=feeds' });
    const table = await screen.findByRole('table', { name: 'Feed sources' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Source', 'Records', 'Data release', 'Last successful sync', 'Last change', 'Last error']);
    const debian = within(table).getByText('osv:Debian').closest('tr')!;
    expect(within(debian).getByText('Debian')).toBeInTheDocument();
    expect(within(debian).getByText('52,310')).toBeInTheDocument();
    expect(within(debian).getAllByText(formatDateTime('2026-11-22T06:00:00Z'))).toHaveLength(2);
    const kev = within(table).getByText('kev').closest('tr')!;
    const released = `${new Date('2026-11-21T00:00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC' })} (UTC)`;
    expect(within(kev).getByText(`version 2026.11.21, released ${released}`)).toBeInTheDocument();
    const error = within(kev).getByText('HTTP 503 from www.cisa.gov').closest('td')!;
    expect(error).toHaveStyle({ color: '#d32f2f' });
    expect(within(within(table).getByText('epss').closest('tr')!).getAllByRole('cell').at(-1)).toHaveTextContent('—');
  });

  it('shows advisories per ecosystem, the demo catalogue and the sync schedule', async () => {
    api.onGet('/v1/feeds/').reply(200, { ...state, sync: { interval_hours: 6, running: true, next_at: '2026-11-23T06:00:00Z' } });
    renderRoutes(<SettingsPage />, { path: '/settings/?tab=feeds' });
    const ecosystems = await screen.findByRole('table', { name: 'Advisories per ecosystem' });
    expect(
      within(within(ecosystems).getByText('Debian:12').closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Debian:12', '31,002', '40']);
    expect(within(within(ecosystems).getByText('npm').closest('tr')!).getAllByRole('cell')[1]).toHaveTextContent('0');
    const demo = screen.getByRole('region', { name: 'Demo catalogue — matches demo devices only' });
    expect(within(demo).getByText(/^64 records\./)).toBeInTheDocument();
    const schedule = screen.getByRole('region', { name: 'Sync schedule' });
    expect(within(schedule).getByText('Every 6 hours')).toBeInTheDocument();
    expect(within(schedule).getByText('Running now').nextElementSibling).toHaveTextContent('Yes');
    expect(within(schedule).getByText('Next run').nextElementSibling).toHaveTextContent(formatDateTime('2026-11-23T06:00:00Z'));
  });

  it('says when the scheduled sync is off', async () => {
    api.onGet('/v1/feeds/').reply(200, { ...state, sync: { interval_hours: 0, running: false, next_at: null } });
    renderRoutes(<SettingsPage />, { path: '/settings/?tab=feeds' });
    const schedule = await screen.findByRole('region', { name: 'Sync schedule' });
    expect(within(schedule).getByText(/^Off/)).toBeInTheDocument();
    expect(within(schedule).getByText('Next run').nextElementSibling).toHaveTextContent('—');
  });

  it('says an update is being applied while the sync runs, and a partly updated copy when it stopped midway', async () => {
    const applying = { ...state.sources[0], applying_since: '2026-11-22T06:00:00Z' };
    api.onGet('/v1/feeds/').replyOnce(200, { ...state, sources: [applying], sync: { ...state.sync, running: true } });
    api.onGet('/v1/feeds/').replyOnce(200, { ...state, sources: [applying] });
    const { unmount } = renderRoutes(<SettingsPage />, { path: '/settings/?tab=feeds' });
    const running = await screen.findByRole('table', { name: 'Feed sources' });
    expect(within(running).getByText(/^Updating since /)).toBeInTheDocument();
    unmount();
    renderRoutes(<SettingsPage />, { path: '/settings/?tab=feeds' });
    const stopped = await screen.findByRole('table', { name: 'Feed sources' });
    expect(within(stopped).getByText(/^Partly updated since .*: the next sync completes it$/)).toBeInTheDocument();
    expect(within(stopped).queryByText(/^Updating since /)).not.toBeInTheDocument();
  });

  it('says when findings are behind the stored feed: a re-match running, or left by a stopped sync', async () => {
    const backlog = { pending: 1250, since: '2026-11-22T06:00:00Z' };
    api.onGet('/v1/feeds/').replyOnce(200, { ...state, rematch: backlog, sync: { ...state.sync, running: true } });
    api.onGet('/v1/feeds/').replyOnce(200, { ...state, rematch: backlog });
    api.onGet('/v1/feeds/').replyOnce(200, state);
    const findings = async () =>
      (await screen.findByRole('region', { name: 'Sync schedule' })).querySelector('dt:last-of-type')!.nextElementSibling!;
    let view = renderRoutes(<SettingsPage />, { path: '/settings/?tab=feeds' });
    expect(await findings()).toHaveTextContent('Re-matching devices and SBOMs: 1,250 package names and CVEs left');
    view.unmount();
    view = renderRoutes(<SettingsPage />, { path: '/settings/?tab=feeds' });
    expect(await findings()).toHaveTextContent(
      `Behind the stored feed since ${formatDateTime('2026-11-22T06:00:00Z')}: 1,250 package names and CVEs not re-matched yet (a sync stopped midway); the next sync completes it`,
    );
    view.unmount();
    renderRoutes(<SettingsPage />, { path: '/settings/?tab=feeds' });
    expect(await findings()).toHaveTextContent('Matched against the stored feed');
  });

  it('shows a loading state, then an error with Retry that loads the state', async () => {
    api.onGet('/v1/feeds/').reply(403, { detail: 'Forbidden.' });
    renderRoutes(<SettingsPage />, { path: '/settings/?tab=feeds' });
    expect(screen.getByText('Loading the vulnerability feed…')).toBeInTheDocument();
    expect(await screen.findByText('Could not load the vulnerability feed state.')).toBeInTheDocument();
    api.onGet('/v1/feeds/').reply(200, state);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Feed sources' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Could not load the vulnerability feed state.')).not.toBeInTheDocument());
  });
});
