import type {
  HoneypotMetrics,
  HoneypotOrigins,
  HoneypotSensors,
  HoneypotSessionList,
  HoneypotSessionTimeline,
  HoneypotTopLists,
  HoneypotTrend,
} from '@console/shared';
import { mockHttp, renderRoutes } from '@console/shared/src/testing/renderRoute';
import { currentLocation, Route, Routes } from '@console/shared/src/testing/renderWithAuth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThreatLandscapePage } from './ThreatLandscapePage';

// The real chart needs a browser layout engine; the test checks what the page hands it.
jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  ApexChart: ({
    label,
    series,
    options,
    testId,
  }: {
    label: string;
    series: unknown;
    testId?: string;
    options: { labels?: string[]; xaxis?: { categories?: string[] } };
  }) => (
    <div
      data-testid={testId ?? 'chart'}
      aria-label={label}
      data-series={JSON.stringify(series)}
      data-categories={JSON.stringify(options.labels ?? options.xaxis?.categories)}
    />
  ),
}));

type Api = ReturnType<typeof mockHttp>;

// Each test renders the whole page (a dozen cards, six API calls): more than jest's 5 s on a busy machine.
jest.setTimeout(30_000);

/** Fails until `heal()`: what SWR's own retries and the Retry button then get is the data. */
function failing(api: Api, url: string, body: unknown) {
  let fail = true;
  api.onGet(url).reply(() => (fail ? [500, { detail: 'boom' }] : [200, body]));
  return () => {
    fail = false;
  };
}

const LONG_COMMAND = `cd ~ && rm -rf .ssh && mkdir .ssh && echo "ssh-rsa ${'A'.repeat(370)} mdrfckr">>.ssh/authorized_keys && chmod -R go= ~/.ssh && cd ~`;
const HASH = '9b7f2e1c4d0a3b58e6f1a2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f607';
const metrics: HoneypotMetrics = {
  total_attacks: 1427,
  top_asns: [{ asn: 'AS14061 DigitalOcean, LLC', count: 3711 }],
  top_countries: [{ country: 'China', count: 7080 }],
  top_commands: [
    { command: 'uname -a', count: 2290 },
    { command: LONG_COMMAND, count: 1407 },
  ],
  top_hashes: [{ hash: HASH, count: 312 }],
};
const window = { range: '14d' as const, from: '2026-11-12T10:00:00.000Z', to: '2026-11-26T10:00:00.000Z' };
const origins: HoneypotOrigins = {
  ...window,
  countries: { total: 10000, rows: [{ value: 'China', count: 7080 }], other: 2800, unknown: 120 },
  asns: {
    total: 10000,
    rows: [
      { value: 'AS14061 DigitalOcean, LLC', count: 3711 },
      { value: 'AS4134 CHINANET-BACKBONE', count: 3630 },
    ],
    other: 2539,
    unknown: 120,
  },
};
const trend: HoneypotTrend = {
  ...window,
  bucket: 'day',
  total: 300,
  previous_total: 200,
  previous_complete: true,
  points: [
    { start: '2026-11-25T00:00:00.000Z', count: 100, previous: 150 },
    { start: '2026-11-26T00:00:00.000Z', count: 200, previous: 50 },
  ],
};
const topLists: HoneypotTopLists = {
  ...window,
  source_ips: [{ value: '218.92.0.112', count: 40 }],
  usernames: [{ value: 'root', count: 900 }],
  passwords: [
    { value: '123456', count: 300 },
    { value: '', count: 12 },
  ],
  urls: [{ value: 'http://45.95.147.236/bins.sh', count: 20 }],
};
const sensors: HoneypotSensors = {
  ...window,
  sensors: [
    {
      id: 's1',
      name: 'hp-ams-01',
      created_at: '2026-11-01T00:00:00.000Z',
      last_event_at: '2026-11-26T09:59:00.000Z',
      events: 5400,
    },
    { id: 's2', name: 'hp-quiet', created_at: '2026-11-01T00:00:00.000Z', last_event_at: null, events: 0 },
  ],
};
const session = {
  id: 'hp-ams-01/a3f1c2e4b5d6',
  started_at: '2026-11-26T08:14:03.112Z',
  src_ip: '218.92.0.112',
  asn: 'AS4134 CHINANET-BACKBONE',
  country: 'China',
  sensor: 'hp-ams-01',
};
const sessions: HoneypotSessionList = { ...window, results: [session], next_cursor: null };
const timeline: HoneypotSessionTimeline = {
  session,
  truncated: false,
  events: [
    {
      ts: '2026-11-26T08:14:03.112Z',
      eventid: 'cowrie.session.connect',
      kind: 'connect',
      username: null,
      password: null,
      input: null,
      url: null,
      shasum: null,
    },
    {
      ts: '2026-11-26T08:14:04.903Z',
      eventid: 'cowrie.login.failed',
      kind: 'login_failed',
      username: 'root',
      password: '123456',
      input: null,
      url: null,
      shasum: null,
    },
    {
      ts: '2026-11-26T08:14:06.510Z',
      eventid: 'cowrie.command.input',
      kind: 'command',
      username: null,
      password: null,
      input: '<img src=x onerror=alert(1)>',
      url: null,
      shasum: null,
    },
    {
      ts: '2026-11-26T08:14:09.000Z',
      eventid: 'cowrie.session.file_download',
      kind: 'download',
      username: null,
      password: null,
      input: null,
      url: 'http://45.95.147.236/bins.sh',
      shasum: HASH,
    },
    {
      ts: '2026-11-26T08:14:10.000Z',
      eventid: 'cowrie.session.closed',
      kind: 'close',
      username: null,
      password: null,
      input: null,
      url: null,
      shasum: null,
    },
  ],
};

/**
 * Every call the page makes, answered; `range` is the query the page must send ('' for none). A
 * handler registered later for the same URL replaces these (axios-mock-adapter).
 */
function answerAll(api: Api, range = '') {
  const q = range === '' ? '' : `?range=${range}`;
  api.onGet(`/v1/honeypot-metrics/${q}`).reply(200, metrics);
  api.onGet(`/v1/honeypot/trend/${q}`).reply(200, trend);
  api.onGet(`/v1/honeypot/origins/${q}`).reply(200, origins);
  api.onGet(`/v1/honeypot/top-lists/${q}`).reply(200, topLists);
  api.onGet(`/v1/honeypot/sensors/${q}`).reply(200, sensors);
  api.onGet(`/v1/honeypot/sessions/${q}`).reply(200, sessions);
}

const renderPage = (path = '/threat-landscape') =>
  renderRoutes(
    <Routes>
      <Route path="/threat-landscape" element={<ThreatLandscapePage />} />
    </Routes>,
    { path },
  );

describe('ThreatLandscapePage', () => {
  let api: Api;
  beforeEach(() => {
    api = mockHttp();
  });
  afterEach(() => api.restore());

  it('shows a spinner under the title while loading', async () => {
    api.onGet('/v1/honeypot-metrics/').reply(() => new Promise(() => {}));
    api.onGet(/\/v1\/honeypot\//).reply(() => new Promise(() => {}));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Threat Landscape' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Total Attacks')).not.toBeInTheDocument();
  });

  it('replaces the page with the error message and Retry when the metrics fail, and Retry loads them', async () => {
    answerAll(api);
    const heal = failing(api, '/v1/honeypot-metrics/', metrics);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading honeypot data.');
    expect(screen.queryByRole('heading', { name: 'Threat Landscape' })).not.toBeInTheDocument();
    expect(screen.queryByText('No data for the last 14 days.')).not.toBeInTheDocument();
    heal();
    const calls = api.history.get.length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(api.history.get.length).toBeGreaterThan(calls);
    expect(await screen.findByTestId('total-attacks')).toHaveTextContent('1,427');
  });

  it("shows the spec's card and tables with their defaults, and the range's charts, lists and sensors", async () => {
    answerAll(api);
    renderPage();
    expect(await screen.findByTestId('total-attacks')).toHaveTextContent('1,427');
    expect(screen.getByText('in the last 24hrs')).toBeInTheDocument();
    expect(screen.getByTestId('range-caption')).toHaveTextContent(
      'Total of the last 24 hours, everything else of the last 14 days',
    );

    const commands = screen.getByRole('table', { name: 'Top Commands (last 14 days)' });
    expect(within(commands).getByText('uname -a')).toBeInTheDocument();
    expect(within(commands).getByText('2,290')).toBeInTheDocument();
    const hashes = screen.getByRole('table', { name: 'Top File Hashes (last 14 days)' });
    const bazaar = within(hashes).getByRole('link', { name: 'MalwareBazaar' });
    expect(bazaar).toHaveAttribute('href', `https://bazaar.abuse.ch/browse.php?search=sha256%3A${HASH}`);
    expect(bazaar).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(hashes).getByRole('link', { name: 'VirusTotal' })).toHaveAttribute(
      'href',
      `https://www.virustotal.com/gui/search/${HASH}`,
    );

    // Shares of all attacks: the pie has the rest and the unknown as slices of their own.
    const pie = await screen.findByLabelText(/Attacks by country/);
    expect(JSON.parse(pie.getAttribute('data-categories')!)).toEqual(['China', 'Other countries', 'Unknown location']);
    expect(JSON.parse(pie.getAttribute('data-series')!)).toEqual([7080, 2800, 120]);
    const bar = screen.getByLabelText(/Attacks by ASN/);
    expect(JSON.parse(bar.getAttribute('data-categories')!)).toEqual(['AS14061 DigitalOcean, LLC', 'AS4134 CHINANET-BACKBONE']);
    expect(screen.getByTestId('asn-rest')).toHaveTextContent('Unknown network: 120 attacks (1.2%)');

    const trendChart = await screen.findByTestId('trend-chart');
    expect(JSON.parse(trendChart.getAttribute('data-series')!)).toEqual([
      {
        name: 'This period',
        data: [
          [Date.parse('2026-11-25T00:00:00.000Z'), 100],
          [Date.parse('2026-11-26T00:00:00.000Z'), 200],
        ],
      },
      {
        name: 'Previous period',
        data: [
          [Date.parse('2026-11-25T00:00:00.000Z'), 150],
          [Date.parse('2026-11-26T00:00:00.000Z'), 50],
        ],
      },
    ]);
    expect(screen.getByTestId('trend-summary')).toHaveTextContent('300 attacks, +50% on the previous 14 days (200)');

    const ips = await screen.findByRole('table', { name: 'Top Source IPs (last 14 days)' });
    expect(within(ips).getByRole('link', { name: 'AbuseIPDB' })).toHaveAttribute(
      'href',
      'https://www.abuseipdb.com/check/218.92.0.112',
    );
    const urls = screen.getByRole('table', { name: 'Top Downloaded URLs (last 14 days)' });
    expect(within(urls).getByText('http://45.95.147.236/bins.sh')).toBeInTheDocument();
    expect(within(urls).queryByRole('link')).not.toBeInTheDocument(); // malware URLs are never links
    const passwords = screen.getByRole('table', { name: 'Top Passwords (last 14 days)' });
    expect(within(passwords).getByText('(empty)')).toBeInTheDocument();

    const sensorTable = await screen.findByRole('table', { name: 'Sensors' });
    const quiet = within(sensorTable).getByText('hp-quiet').closest('tr')!;
    expect(within(quiet as HTMLElement).getByText('Never')).toBeInTheDocument();
    expect(within(quiet as HTMLElement).getByText('Quiet')).toBeInTheDocument();
    const busy = within(sensorTable).getByText('hp-ams-01').closest('tr')!;
    expect(within(busy as HTMLElement).queryByText('Quiet')).not.toBeInTheDocument();
    expect(within(busy as HTMLElement).getByText('5,400')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute('href', 'https://db-ip.com/');
  });

  it('keeps the chosen range in the URL, sends it on every call, and clears it when pressed again', async () => {
    answerAll(api);
    answerAll(api, '7d');
    renderPage();
    await screen.findByTestId('total-attacks');
    await userEvent.click(screen.getByRole('button', { name: '7 d (last 7 days)' }));
    expect(currentLocation().search).toBe('?range=7d');
    expect(await screen.findByText('in the last 7 days')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Top Commands (last 7 days)' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Top Source IPs (last 7 days)' });
    const asked = api.history.get.map((call) => call.url);
    for (const path of [
      '/v1/honeypot-metrics/',
      '/v1/honeypot/trend/',
      '/v1/honeypot/origins/',
      '/v1/honeypot/top-lists/',
      '/v1/honeypot/sensors/',
      '/v1/honeypot/sessions/',
    ]) {
      expect(asked).toContain(`${path}?range=7d`);
    }
    expect(screen.getByRole('button', { name: '7 d (last 7 days)' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '7 d (last 7 days)' }));
    expect(currentLocation().search).toBe('');
    expect(await screen.findByText('in the last 24hrs')).toBeInTheDocument();
  });

  it('opens at the range a link carries', async () => {
    answerAll(api, '30d');
    renderPage('/threat-landscape?range=30d');
    expect(await screen.findByText('in the last 30 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30 d (last 30 days)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says what failed in a card, with Retry, and keeps the rest of the page', async () => {
    answerAll(api);
    const heal = failing(api, '/v1/honeypot/origins/', origins);
    failing(api, '/v1/honeypot/sensors/', sensors);
    renderPage();
    const failed = await screen.findByText('Could not load the networks and countries of the attacks.');
    expect(await screen.findByText('Could not load the sensors.')).toBeInTheDocument();
    expect(screen.getByTestId('total-attacks')).toHaveTextContent('1,427');
    expect(screen.queryByText('No attacks recorded.')).not.toBeInTheDocument();
    heal();
    await userEvent.click(within(failed.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/Attacks by country/)).toBeInTheDocument();
  });

  it('filters the sessions and shows a session timeline with attacker text as text', async () => {
    answerAll(api);
    api.onGet('/v1/honeypot/sessions/?ip=218.92.0.112').reply(200, sessions);
    api.onGet(`/v1/honeypot/sessions/${encodeURIComponent(session.id)}/`).reply(200, timeline);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Sessions' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Source IP' }), ' 218.92.0.112 ');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.history.get.map((call) => call.url)).toContain('/v1/honeypot/sessions/?ip=218.92.0.112'));
    await userEvent.click(within(table).getByRole('button', { name: `Timeline of session ${session.id}` }));
    const dialog = await screen.findByRole('dialog', { name: `Session ${session.id}` });
    const steps = await within(dialog).findByRole('list', { name: 'Timeline' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Connected'),
      expect.stringContaining('Login failed'),
      expect.stringContaining('Command<img src=x onerror=alert(1)>'),
      expect.stringContaining('Downloaded'),
      expect.stringContaining('Closed'),
    ]);
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).getByText('root / 123456')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'VirusTotal' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('exports the indicators of the range as a file, and says so when the export fails', async () => {
    answerAll(api, '7d');
    const blob = new Blob(['type,value,sightings\r\n']);
    api
      .onGet('/v1/honeypot/indicators/csv/?range=7d')
      .replyOnce(200, blob, { 'content-disposition': 'attachment; filename="honeynet-indicators-7d-20261126T1000Z.csv"' });
    api.onGet('/v1/honeypot/indicators/stix/?range=7d').replyOnce(500, { detail: 'boom' });
    const createObjectURL = jest.fn(() => 'blob:indicators');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderPage('/threat-landscape?range=7d');
    await screen.findByTestId('total-attacks');
    await userEvent.click(screen.getByRole('button', { name: 'Export indicators (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('honeynet-indicators-7d-20261126T1000Z.csv');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Export indicators (STIX 2.1)' }));
    expect(await screen.findByText('Could not export the indicators (STIX 2.1).')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Indicator export failed', expect.anything());
    click.mockRestore();
    logged.mockRestore();
  });

  it('keeps a long command whole in the page and copies it in full', async () => {
    answerAll(api);
    const writeText = jest.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    const cell = await screen.findByText(LONG_COMMAND);
    expect(cell.tagName).toBe('CODE');
    await userEvent.click(within(cell.closest('tr')!).getByRole('button', { name: 'Copy command' }));
    expect(writeText).toHaveBeenCalledWith(LONG_COMMAND);
  });

  it('says so when the honeynet saw nothing', async () => {
    answerAll(api);
    api
      .onGet('/v1/honeypot-metrics/')
      .reply(200, { total_attacks: 0, top_asns: [], top_countries: [], top_commands: [], top_hashes: [] });
    const none = { total: 0, rows: [], other: 0, unknown: 0 };
    api.onGet('/v1/honeypot/origins/').reply(200, { ...window, countries: none, asns: none });
    renderPage();
    expect(await screen.findByTestId('total-attacks')).toHaveTextContent('0');
    expect(await screen.findAllByText('No attacks recorded.')).toHaveLength(2);
    expect(screen.getAllByText('No data for the last 14 days.')).toHaveLength(2);
  });
});
