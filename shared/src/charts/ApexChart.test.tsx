import { render, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { ColorModeProvider } from '../theme/ColorModeProvider';
import { COLOR_MODE_STORAGE_KEY } from '../theme/colorModeStorage';
import { ApexChart } from './ApexChart';
import { loadApexCharts, preloadApexCharts } from './loadApexCharts';

const mockLoaded = jest.fn();
const mockOptions = jest.fn();

// Stands in for ApexCharts where it matters: it writes legend entries and series names with
// innerHTML, as the real library does for legends and tooltips.
jest.mock('react-apexcharts', () => {
  mockLoaded(); // the module is evaluated: its chunk was fetched
  return {
    __esModule: true,
    default: function FakeApexChart({
      options,
      series,
    }: {
      options: { labels?: string[]; xaxis?: { categories?: string[] } };
      series: unknown[];
    }) {
      const ref = useRef<HTMLDivElement>(null);
      mockOptions(options);
      useEffect(() => {
        const names = series.map((s) => (typeof s === 'object' && s ? (s as { name: string }).name : ''));
        const entries = [...(options.labels ?? []), ...(options.xaxis?.categories ?? []), ...names].filter(Boolean);
        ref.current!.innerHTML = entries.map((text) => `<span class="legend">${text}</span>`).join('');
      }, [options, series]);
      return <div ref={ref} data-testid="apex" />;
    },
  };
});

const EVIL = '<img src=x onerror=alert(1)>';

describe('ApexChart', () => {
  it('loads ApexCharts only when a chart renders or is preloaded', async () => {
    expect(mockLoaded).not.toHaveBeenCalled();
    preloadApexCharts();
    await waitFor(() => expect(mockLoaded).toHaveBeenCalled());
  });

  it('once ApexCharts has loaded, shows the named box at once and draws the chart after the first paint', async () => {
    await loadApexCharts();
    render(<ApexChart type="pie" height={260} label="Devices by type" series={[3, 1]} options={{}} />);
    expect(screen.getByRole('img', { name: 'Devices by type' })).toBeInTheDocument();
    expect(await screen.findByTestId('apex')).toBeInTheDocument();
  });

  it('is one named image: ApexCharts adds no keyboard stops or live regions inside it', async () => {
    render(<ApexChart type="pie" height={260} label="Devices by type" series={[3, 1]} options={{ labels: ['a', 'b'] }} />);
    await screen.findByTestId('apex');
    expect(screen.getByRole('img', { name: 'Devices by type' })).toContainElement(screen.getByTestId('apex'));
    expect(mockOptions).toHaveBeenLastCalledWith(
      expect.objectContaining({ chart: expect.objectContaining({ accessibility: { enabled: false } }) }),
    );
  });

  it('shows a hostile pie label as text, never as an element', async () => {
    render(<ApexChart type="pie" height={260} label="Devices by type" series={[3, 1]} options={{ labels: [EVIL, 'Linux'] }} />);
    const chart = await screen.findByTestId('apex');
    expect(await screen.findByText(EVIL)).toBeInTheDocument();
    expect(chart.querySelector('img')).toBeNull();
    expect(screen.getByText('Linux')).toBeInTheDocument();
  });

  it('escapes categories and series names too', async () => {
    render(
      <ApexChart
        type="bar"
        height={300}
        label="Trend"
        series={[{ name: `<b>${EVIL}</b>`, data: [1] }]}
        options={{ xaxis: { categories: ['<script>alert(2)</script>'] } }}
      />,
    );
    const chart = await screen.findByTestId('apex');
    expect(await screen.findByText('<script>alert(2)</script>')).toBeInTheDocument();
    expect(screen.getByText(`<b>${EVIL}</b>`)).toBeInTheDocument();
    expect(chart.querySelector('img, b, script')).toBeNull();
  });

  it('names the chart for assistive technology and draws a deferred one too', async () => {
    render(
      <ApexChart
        type="pie"
        height={320}
        deferred
        testId="chart"
        label="Attacks by country"
        series={[3000, 1]}
        options={{ labels: ['<a href="https://evil.example">Sign in again</a>', 'Germany'] }}
      />,
    );
    expect(screen.getByRole('img', { name: 'Attacks by country' })).toHaveAttribute('data-testid', 'chart');
    const chart = await screen.findByTestId('apex');
    expect(await screen.findByText('Germany')).toBeInTheDocument();
    expect(chart.querySelector('a')).toBeNull();
  });

  it("draws in the page's dark mode: ApexCharts' dark mode, light text, a dark tooltip", async () => {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    render(
      <ColorModeProvider>
        <ApexChart type="bar" height={200} label="Alerts" series={[{ name: 'Open', data: [2] }]} options={{}} />
      </ColorModeProvider>,
    );
    await screen.findByTestId('apex');
    const drawn = mockOptions.mock.calls.at(-1)[0];
    expect(drawn.theme.mode).toBe('dark');
    expect(drawn.tooltip.theme).toBe('dark');
    expect(drawn.chart.foreColor).toBe('rgba(255, 255, 255, 0.7)');
    window.localStorage.clear();
  });

  it('draws in light mode as before when the page is light', async () => {
    render(<ApexChart type="bar" height={200} label="Alerts" series={[{ name: 'Open', data: [2] }]} options={{}} />);
    await screen.findByTestId('apex');
    const drawn = mockOptions.mock.calls.at(-1)[0];
    expect(drawn.theme.mode).toBe('light');
    expect(drawn.tooltip.theme).toBe('light');
    expect(drawn.chart.foreColor).toBeUndefined();
  });
});
