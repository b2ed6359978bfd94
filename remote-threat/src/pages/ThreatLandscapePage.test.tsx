import type { HoneypotMetrics } from '@console/shared';
import { renderWithAuth } from '@console/shared/src/testing/renderWithAuth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useHoneypotMetrics } from '../api/honeypot-metrics';
import { ThreatLandscapePage } from './ThreatLandscapePage';

jest.mock('../api/honeypot-metrics', () => ({ useHoneypotMetrics: jest.fn() }));
// The real chart needs a browser layout engine; the test checks what the page hands it.
jest.mock('@console/shared', () => ({
  ...jest.requireActual('@console/shared'),
  ApexChart: ({
    label,
    series,
    options,
  }: {
    label: string;
    series: unknown;
    options: { labels?: string[]; xaxis?: { categories?: string[] } };
  }) => (
    <div
      data-testid="chart"
      aria-label={label}
      data-series={JSON.stringify(series)}
      data-categories={JSON.stringify(options.labels ?? options.xaxis?.categories)}
    />
  ),
}));

const mockedHook = useHoneypotMetrics as jest.MockedFunction<typeof useHoneypotMetrics>;
const state = (value: Partial<ReturnType<typeof useHoneypotMetrics>>) =>
  mockedHook.mockReturnValue({
    data: undefined,
    error: undefined,
    isLoading: false,
    isValidating: false,
    mutate: jest.fn(),
    ...value,
  } as ReturnType<typeof useHoneypotMetrics>);

const LONG_COMMAND = `cd ~ && rm -rf .ssh && mkdir .ssh && echo "ssh-rsa ${'A'.repeat(370)} mdrfckr">>.ssh/authorized_keys && chmod -R go= ~/.ssh && cd ~`;
const metrics: HoneypotMetrics = {
  total_attacks: 1427,
  top_asns: [
    { asn: 'AS14061 DigitalOcean, LLC', count: 3711 },
    { asn: 'AS4134 CHINANET-BACKBONE', count: 3630 },
    { asn: 'unknown', count: 12 },
  ],
  top_countries: [
    { country: 'China', count: 7080 },
    { country: 'United States', count: 4438 },
  ],
  top_commands: [
    { command: 'uname -a', count: 2290 },
    { command: LONG_COMMAND, count: 1407 },
  ],
  top_hashes: [{ hash: '9b7f2e1c4d0a3b58e6f1a2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f607', count: 312 }],
};

describe('ThreatLandscapePage', () => {
  afterEach(() => mockedHook.mockReset());

  it('shows a spinner under the title while loading', () => {
    state({ isLoading: true });
    renderWithAuth(<ThreatLandscapePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Threat Landscape' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('Total Attacks')).not.toBeInTheDocument();
  });

  it('replaces the page with the error message and Retry when the metrics fail, never the empty texts', async () => {
    const mutate = jest.fn();
    state({ error: new Error('Request failed with status code 500'), mutate });
    renderWithAuth(<ThreatLandscapePage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading honeypot data.');
    expect(screen.queryByRole('heading', { name: 'Threat Landscape' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('No data for the last 14 days.')).not.toBeInTheDocument();
    expect(screen.queryByText('No attacks recorded.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(mutate).toHaveBeenCalledTimes(1);
  });

  it('shows the total card, both charts and both tables from the data', () => {
    state({ data: metrics });
    renderWithAuth(<ThreatLandscapePage />);
    expect(screen.getByText('Total Attacks')).toBeInTheDocument();
    expect(screen.getByTestId('total-attacks')).toHaveTextContent('1,427');
    expect(screen.getByText('in the last 24hrs')).toBeInTheDocument();

    const [bar, pie] = screen.getAllByTestId('chart');
    expect(bar).toHaveAttribute('aria-label', expect.stringMatching(/ASN/));
    expect(JSON.parse(bar!.getAttribute('data-categories')!)).toEqual([
      'AS14061 DigitalOcean, LLC',
      'AS4134 CHINANET-BACKBONE',
      'unknown',
    ]);
    expect(JSON.parse(bar!.getAttribute('data-series')!)).toEqual([{ name: 'Attacks', data: [3711, 3630, 12] }]);
    expect(JSON.parse(pie!.getAttribute('data-categories')!)).toEqual(['China', 'United States']);
    expect(JSON.parse(pie!.getAttribute('data-series')!)).toEqual([7080, 4438]);

    const commands = screen.getByRole('table', { name: /Top Commands/ });
    expect(within(commands).getByRole('columnheader', { name: 'Command' })).toBeInTheDocument();
    expect(within(commands).getByRole('columnheader', { name: 'Count' })).toBeInTheDocument();
    expect(within(commands).getAllByRole('row')).toHaveLength(3);
    expect(within(commands).getByText('uname -a')).toBeInTheDocument();
    expect(within(commands).getByText('2,290')).toBeInTheDocument();

    const hashes = screen.getByRole('table', { name: /Top File Hashes/ });
    expect(within(hashes).getByRole('columnheader', { name: 'Hash' })).toBeInTheDocument();
    expect(within(hashes).getByText(metrics.top_hashes[0]!.hash)).toBeInTheDocument();
    expect(screen.getByTestId('tenant-uid')).toHaveTextContent('t-1');
  });

  it('keeps a long command whole in the page and copies it in full', async () => {
    const writeText = jest.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    state({ data: metrics });
    renderWithAuth(<ThreatLandscapePage />);
    const cell = screen.getByText(LONG_COMMAND);
    expect(cell.tagName).toBe('CODE');
    const row = cell.closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Copy command' }));
    expect(writeText).toHaveBeenCalledWith(LONG_COMMAND);
  });

  it('says so when the honeynet saw nothing', () => {
    state({ data: { total_attacks: 0, top_asns: [], top_countries: [], top_commands: [], top_hashes: [] } });
    renderWithAuth(<ThreatLandscapePage />);
    expect(screen.getByTestId('total-attacks')).toHaveTextContent('0');
    expect(screen.getAllByText('No attacks recorded.')).toHaveLength(2);
    expect(screen.getAllByText('No data for the last 14 days.')).toHaveLength(2);
  });
});
