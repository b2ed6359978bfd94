import { render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { ApexChart } from './ApexChart';

// Stands in for ApexCharts where it matters: it writes legend entries and series names with
// innerHTML, as the real library does for legends and tooltips.
jest.mock('react-apexcharts', () => ({
  __esModule: true,
  default: function FakeApexChart({
    options,
    series,
  }: {
    options: { labels?: string[]; xaxis?: { categories?: string[] } };
    series: unknown[];
  }) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const names = series.map((s) => (typeof s === 'object' && s ? (s as { name: string }).name : ''));
      const entries = [...(options.labels ?? []), ...(options.xaxis?.categories ?? []), ...names].filter(Boolean);
      ref.current!.innerHTML = entries.map((text) => `<span class="legend">${text}</span>`).join('');
    }, [options, series]);
    return <div ref={ref} data-testid="apex" />;
  },
}));

const EVIL = '<img src=x onerror=alert(1)>';

describe('ApexChart', () => {
  it('shows a hostile component type (uploaded SBOM text) as text, never as an element', async () => {
    render(<ApexChart type="pie" label="Component Types" series={[3, 1]} options={{ labels: [EVIL, 'library'] }} />);
    const chart = await screen.findByTestId('apex');
    expect(await screen.findByText(EVIL)).toBeInTheDocument();
    expect(chart.querySelector('img')).toBeNull();
    expect(screen.getByText('library')).toBeInTheDocument();
  });
});
