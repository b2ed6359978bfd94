import { escapeChartInput, escapeHtml } from './escapeHtml';

const EVIL = '<img src=x onerror=alert(1)>';

/** What ApexCharts does with a legend entry or a tooltip title. */
function asApexChartsWritesIt(text: string): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = text;
  return el;
}

describe('escapeHtml', () => {
  it('keeps a hostile label as text: no element is created and it reads the same', () => {
    const el = asApexChartsWritesIt(escapeHtml(EVIL));
    expect(el.querySelector('img')).toBeNull();
    expect(el.textContent).toBe(EVIL);
    expect(asApexChartsWritesIt(escapeHtml(`AT&T "x" 'y'`)).textContent).toBe(`AT&T "x" 'y'`);
  });

  it("escapes pie labels, categories and series names, and leaves numbers and the caller's objects alone", () => {
    const options = {
      labels: [EVIL, 'Linux'],
      xaxis: { type: 'category', categories: [EVIL, ['two', '<b>lines</b>'], 42] },
      colors: ['#fff'],
    };
    const series = [
      { name: EVIL, data: [1, 2] },
      { name: 'High', data: [3] },
    ];
    const safe = escapeChartInput(options, series);
    expect(safe.options.labels).toEqual(['&lt;img src=x onerror=alert(1)&gt;', 'Linux']);
    expect(safe.options.xaxis.categories).toEqual([
      '&lt;img src=x onerror=alert(1)&gt;',
      ['two', '&lt;b&gt;lines&lt;/b&gt;'],
      42,
    ]);
    expect(safe.options.xaxis.type).toBe('category');
    expect(safe.options.colors).toEqual(['#fff']);
    expect(safe.series.map((s) => s.name)).toEqual(['&lt;img src=x onerror=alert(1)&gt;', 'High']);
    expect(safe.series[0]!.data).toEqual([1, 2]);
    // The caller's objects are not changed (they may be memoised).
    expect(options.labels[0]).toBe(EVIL);
    expect(series[0]!.name).toBe(EVIL);
    // A pie's series is a list of numbers.
    expect(escapeChartInput({ labels: ['a'] }, [1, 2]).series).toEqual([1, 2]);
  });
});
