import type { HoneypotTrend } from '@console/shared';
import { formatDateTime } from '@console/shared';
import { render, screen } from '@testing-library/react';
import { TrendChart } from './TrendChart';

type Formatter = (value: unknown) => string;
const mockTrend: { data: HoneypotTrend | undefined } = { data: undefined };

jest.mock('../api/honeypot-trend', () => ({
  useHoneypotTrend: () => ({ data: mockTrend.data, error: undefined, mutate: () => undefined }),
}));

// Stands in for ApexCharts: writes the tooltip title of the first point, as a hover would.
jest.mock('react-apexcharts', () => ({
  __esModule: true,
  default: function FakeApexChart({ options }: { options: { tooltip: { x: { formatter: Formatter } } } }) {
    return <div data-testid="apex">{options.tooltip.x.formatter(Date.parse('2026-11-25T00:00:00.000Z'))}</div>;
  },
}));

const trend = (bucket: 'hour' | 'day'): HoneypotTrend => ({
  range: bucket === 'hour' ? '24h' : '14d',
  from: '2026-11-12T10:00:00.000Z',
  to: '2026-11-26T10:00:00.000Z',
  bucket,
  total: 3,
  previous_total: 1,
  previous_complete: true,
  points: [{ start: '2026-11-25T00:00:00.000Z', count: 3, previous: 1 }],
});

describe('TrendChart tooltip', () => {
  it('names a daily bucket as a UTC day', async () => {
    mockTrend.data = trend('day');
    render(<TrendChart range="14d" />);
    const day = new Date('2026-11-25T00:00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC' });
    expect(await screen.findByTestId('apex')).toHaveTextContent(`${day} (UTC)`);
  });

  it("shows an hourly bucket in the viewer's zone, with the zone", async () => {
    mockTrend.data = trend('hour');
    render(<TrendChart range="24h" />);
    expect(await screen.findByTestId('apex')).toHaveTextContent(formatDateTime('2026-11-25T00:00:00.000Z'));
  });
});
