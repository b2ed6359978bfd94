import { render, screen } from '@testing-library/react';
import { OpenAlertsTrend } from './OpenAlertsTrend';

type Formatter = (value: unknown) => string;

// Stands in for ApexCharts: writes the tooltip title of each bar's day, as a hover would.
jest.mock('react-apexcharts', () => ({
  __esModule: true,
  default: function FakeApexChart({ options }: { options: { tooltip: { x: { formatter: Formatter } } } }) {
    return <div data-testid="apex">{options.tooltip.x.formatter(Date.parse('2026-11-20T00:00:00Z'))}</div>;
  },
}));

describe('OpenAlertsTrend', () => {
  it("names each bar's day as a UTC day (the API counts per UTC day)", async () => {
    render(<OpenAlertsTrend rows={[{ date: '2026-11-20', priority: 'High', count: 2 }]} />);
    const day = new Date('2026-11-20T00:00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC' });
    expect(await screen.findByTestId('apex')).toHaveTextContent(`${day} (UTC)`);
    expect(screen.getByRole('img', { name: 'Open alerts by priority (last 30 days)' })).toBeInTheDocument();
  });
});
