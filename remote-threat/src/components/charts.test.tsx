import { render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { AsnBarChart } from './AsnBarChart';
import { CountryPieChart } from './CountryPieChart';

type Fn = (value: unknown, opts?: unknown) => string;
interface FakeProps {
  options: {
    labels?: string[];
    xaxis?: { categories?: string[] };
    legend: { formatter: Fn };
    tooltip: { x: { formatter: Fn }; y: { formatter: Fn; title: { formatter: Fn } } };
  };
  series: unknown[];
}

// Stands in for ApexCharts where it matters: legend entries, tooltip titles and tooltip rows are
// written with innerHTML through the chart's formatters, as ApexCharts 5.16 does on a hover.
jest.mock('react-apexcharts', () => ({
  __esModule: true,
  default: function FakeApexChart({ options, series }: FakeProps) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const names = options.labels ?? series.map((s) => (s as { name: string }).name);
      ref.current!.innerHTML = [
        ...names.map((name) => `<span class="legend">${options.legend.formatter(name)}</span>`),
        ...(options.xaxis?.categories ?? []).map((c) => `<div class="title">${options.tooltip.x.formatter(c)}</div>`),
        ...names.map((name) => `<span>${options.tooltip.y.title.formatter(name)}${options.tooltip.y.formatter(3000)}</span>`),
      ].join('');
    }, [options, series]);
    return <div ref={ref} data-testid="apex" />;
  },
}));

// Issue 11: honeynet lines with this country name turned the Threat Landscape into one big link.
const PHISH =
  '<a href="https://evil.example/login" style="position:fixed;top:0;left:0;width:100vw;height:100vh">Sign in again</a>';
const EVIL = '<img src=x onerror=alert(1)>';

describe('Threat Landscape charts', () => {
  it('slices the pie into the top countries, the other countries and the unknown: shares of all attacks', async () => {
    render(
      <CountryPieChart
        period="last 7 days"
        share={{ total: 6000, rows: [{ value: 'China', count: 3600 }], other: 1800, unknown: 600 }}
      />,
    );
    const chart = await screen.findByTestId('apex');
    expect([...chart.querySelectorAll('.legend')].map((e) => e.textContent)).toEqual([
      'China',
      'Other countries',
      'Unknown location',
    ]);
    // The fake chart asks every tooltip for 3,000 attacks: half of all 6,000, not of the top 10's 3,600.
    expect(chart.textContent).toContain('China: 3,000 attacks (50.0%)');
    expect(chart.textContent).toContain('Unknown location: 3,000 attacks (50.0%)');
    expect(screen.getByTestId('country-unknown')).toHaveTextContent('Unknown location: 600 attacks (10.0%)');
    expect(screen.getByRole('heading', { name: 'Top Countries (last 7 days)' })).toBeInTheDocument();
  });

  it('ranks only known networks and counts the rest and the unknown beside the bars', async () => {
    render(
      <AsnBarChart
        period="last 14 days"
        share={{ total: 6000, rows: [{ value: 'AS14061 DigitalOcean, LLC', count: 4500 }], other: 900, unknown: 600 }}
      />,
    );
    const chart = await screen.findByTestId('apex');
    expect([...chart.querySelectorAll('.title')].map((e) => e.textContent)).toEqual(['AS14061 DigitalOcean, LLC']);
    expect(chart.textContent).toContain('3,000 attacks (50.0% of all)');
    expect(screen.getByTestId('asn-rest')).toHaveTextContent(
      'Other networks: 900 attacks (15.0%) · Unknown network: 600 attacks (10.0%)',
    );
  });

  it('shows a hostile country name as text in the pie legend and tooltip', async () => {
    render(
      <CountryPieChart
        period="last 14 days"
        share={{
          total: 3005,
          rows: [
            { value: PHISH, count: 3000 },
            { value: 'Germany', count: 5 },
          ],
          other: 0,
          unknown: 0,
        }}
      />,
    );
    const chart = await screen.findByTestId('apex');
    expect(chart.querySelector('a, img')).toBeNull();
    expect(chart.querySelector('.legend')!.textContent).toBe(PHISH);
    expect(chart.textContent).toContain(`${PHISH}: 3,000 attacks (99.8%)`);
  });

  it('shows a hostile ASN name as text in the bar tooltip', async () => {
    render(
      <AsnBarChart
        period="last 14 days"
        share={{
          total: 3002,
          rows: [
            { value: `AS666 ${EVIL}`, count: 3000 },
            { value: 'AS7018 AT&T Services, Inc.', count: 2 },
          ],
          other: 0,
          unknown: 0,
        }}
      />,
    );
    const chart = await screen.findByTestId('apex');
    expect(chart.querySelector('a, img')).toBeNull();
    expect([...chart.querySelectorAll('.title')].map((e) => e.textContent)).toEqual([
      `AS666 ${EVIL}`,
      'AS7018 AT&T Services, Inc.',
    ]);
  });
});
