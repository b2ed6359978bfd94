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
  it('shows a hostile country name as text in the pie legend and tooltip', async () => {
    render(
      <CountryPieChart
        rows={[
          { country: PHISH, count: 3000 },
          { country: 'Germany', count: 5 },
        ]}
      />,
    );
    const chart = await screen.findByTestId('apex');
    expect(chart.querySelector('a, img')).toBeNull();
    expect(chart.querySelector('.legend')!.textContent).toBe(PHISH);
    expect(chart.textContent).toContain(`${PHISH}: 3,000 attacks`);
  });

  it('shows a hostile ASN name as text in the bar tooltip', async () => {
    render(
      <AsnBarChart
        rows={[
          { asn: `AS666 ${EVIL}`, count: 3000 },
          { asn: 'AS7018 AT&T Services, Inc.', count: 2 },
        ]}
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
