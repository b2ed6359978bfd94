// ApexCharts writes legend entries, tooltips and data labels into the page with innerHTML, so a
// device type, an SBOM component type or a package name reaching a chart is markup unless escaped.
// React escapes JSX text by itself; charts need this.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to insert as HTML: it reads the same and creates no element or attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Strings escaped, arrays of strings (multi-line labels) each escaped, anything else (numbers, dates) as is. */
function escapeLabel<T>(value: T): T {
  if (typeof value === 'string') return escapeHtml(value) as T;
  if (Array.isArray(value)) return value.map(escapeLabel) as T;
  return value;
}

interface ChartOptionsLike {
  labels?: unknown;
  xaxis?: { categories?: unknown };
}

/**
 * The chart's options and series with every caller-supplied label escaped: `labels` (pie and donut
 * slices, legend and tooltip), `xaxis.categories` and the series names. Formatters the caller
 * gives receive these escaped values and must return markup-safe text (they format numbers).
 * A category axis draws its labels as SVG text, where an escaped `&` would read `&amp;`: the price
 * of the tooltip showing the same value as HTML (the console's category axes are dates).
 */
export function escapeChartInput<O extends object, S>(options: O, series: S): { options: O; series: S } {
  const { labels, xaxis } = options as ChartOptionsLike;
  const safeOptions: ChartOptionsLike = { ...options };
  if (labels !== undefined) safeOptions.labels = escapeLabel(labels);
  if (xaxis?.categories !== undefined) safeOptions.xaxis = { ...xaxis, categories: escapeLabel(xaxis.categories) };
  const safeSeries = Array.isArray(series)
    ? series.map((entry: unknown) =>
        entry && typeof entry === 'object' && typeof (entry as { name?: unknown }).name === 'string'
          ? { ...entry, name: escapeHtml((entry as { name: string }).name) }
          : entry,
      )
    : series;
  return { options: safeOptions as O, series: safeSeries as S };
}
