import type { ApexOptions } from 'apexcharts';
import { safeChartOptions } from './safeChartOptions';

const EVIL = '<img src=x onerror=alert(1)>';
// Issue 11: 3,000 honeynet lines with this country name made the Threat Landscape one big link.
const PHISH =
  '<a href="https://evil.example/login" style="position:fixed;top:0;left:0;width:100vw;height:100vh">Sign in again</a>';
type Fn = (value: unknown, opts?: unknown) => string | string[];

/**
 * What ApexCharts 5.16 does with the options on a hover (modules/legend/Legend.js,
 * modules/tooltip/Labels.js): every one of these is written with innerHTML.
 */
function asApexChartsWritesIt(options: ApexOptions, series: unknown): HTMLElement {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads the options back as loosely as ApexCharts does
  const o = options as Record<string, any>;
  const names: string[] = o.labels ?? (series as Array<{ name: string }>).map((s) => s.name);
  const categories: unknown[] = o.xaxis?.categories ?? [];
  const y = o.tooltip.y as { formatter: Fn; title: { formatter: Fn } };
  const html = (value: string | string[]) => (Array.isArray(value) ? value.join(' ') : value);
  const el = document.createElement('div');
  el.innerHTML = [
    ...names.map((name) => `<span class="legend">${html((o.legend.formatter as Fn)(name, {}))}</span>`),
    ...categories.map((category) => `<div class="title">${html((o.tooltip.x.formatter as Fn)(category, {}))}</div>`),
    ...names.map(
      (name) =>
        `<span class="y-label">${html(y.title.formatter(name, {}))}</span><span class="y-value">${html(y.formatter(1234, {}))}</span>`,
    ),
    ...(o.tooltip.custom ? [(o.tooltip.custom as (ctx: unknown) => string)({ seriesIndex: 0 })] : []),
  ].join('');
  return el;
}

describe('safeChartOptions', () => {
  it('keeps hostile pie labels as text in the legend and the tooltip', () => {
    const { options, series } = safeChartOptions({ labels: [PHISH, EVIL, 'AT&T'] }, [3000, 2, 1]);
    const el = asApexChartsWritesIt(options, series);
    expect(el.querySelector('a, img')).toBeNull();
    expect([...el.querySelectorAll('.legend')].map((e) => e.textContent)).toEqual([PHISH, EVIL, 'AT&T']);
    expect(el.querySelector('.y-label')!.textContent).toBe(`${PHISH}: `);
    expect(el.querySelector('.y-value')!.textContent).toBe('1,234');
  });

  it('keeps hostile categories and series names as text in the tooltip title and series rows', () => {
    const { options, series } = safeChartOptions(
      { plotOptions: { bar: { horizontal: true } }, xaxis: { categories: [PHISH, 'AS7018 AT&T Services'] } },
      [{ name: EVIL, data: [3000, 1] }],
    );
    const el = asApexChartsWritesIt(options, series);
    expect(el.querySelector('a, img')).toBeNull();
    expect([...el.querySelectorAll('.title')].map((e) => e.textContent)).toEqual([PHISH, 'AS7018 AT&T Services']);
    expect(el.querySelector('.legend')!.textContent).toBe(EVIL);
    // Axis labels are SVG text (textContent): the category axis (y, bars lying down) hands back the name as it is.
    const yaxis = options.yaxis as { labels: { formatter: Fn } };
    expect(yaxis.labels.formatter('AS7018 AT&amp;T Services')).toBe('AS7018 AT&T Services');
    expect(options.xaxis!.labels?.formatter).toBeUndefined(); // the value axis keeps ApexCharts' number format
    const upright = safeChartOptions({ xaxis: { categories: ['AT&T'] } }, [{ name: 'Attacks', data: [1] }]).options;
    expect((upright.xaxis!.labels!.formatter as Fn)('AT&amp;T')).toBe('AT&T');
  });

  it('hands caller formatters their own text and escapes what they return', () => {
    const seen: unknown[] = [];
    const { options, series } = safeChartOptions(
      {
        labels: [EVIL],
        legend: { formatter: (name: string) => (seen.push(name), `${name} (legend)`) },
        tooltip: {
          y: { formatter: (value: number) => `<b>${value}</b> attacks`, title: { formatter: (name: string) => `${name} →` } },
          custom: () => `${PHISH} in a custom tooltip`,
        },
      },
      [1],
    );
    const el = asApexChartsWritesIt(options, series);
    expect(seen).toEqual([EVIL]);
    expect(el.querySelector('a, img, b')).toBeNull();
    expect(el.querySelector('.legend')!.textContent).toBe(`${EVIL} (legend)`);
    expect(el.querySelector('.y-label')!.textContent).toBe(`${EVIL} →`);
    expect(el.querySelector('.y-value')!.textContent).toBe('<b>1234</b> attacks');
    expect(el.textContent).toContain(`${PHISH} in a custom tooltip`);
  });

  it("leaves the caller's objects and the numbers alone", () => {
    const options: ApexOptions = { labels: [EVIL], colors: ['#fff'], xaxis: { type: 'datetime', categories: ['2026-11-01'] } };
    const series = [{ name: 'High', data: [1, 2] }];
    const safe = safeChartOptions(options, series);
    expect(options.labels).toEqual([EVIL]);
    expect(options.legend).toBeUndefined();
    expect(safe.options.colors).toEqual(['#fff']);
    expect(safe.series[0]!.data).toEqual([1, 2]);
    // A date axis keeps ApexCharts' own date format in the tooltip title.
    expect(safe.options.tooltip!.x).toBeUndefined();
  });
});
