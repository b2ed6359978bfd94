// ApexCharts writes legend entries, tooltips and data labels into the page with innerHTML, so a
// device type, an SBOM component type, a country or an ASN name reaching a chart is markup unless
// escaped. React escapes JSX text by itself; charts need this. Charts use safeChartOptions (which
// calls escapeChartInput), never these alone.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const CHARACTERS: Record<string, string> = Object.fromEntries(Object.entries(ENTITIES).map(([char, entity]) => [entity, char]));

/** Text made safe to insert as HTML: it reads the same and creates no element or attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/**
 * The exact inverse of escapeHtml (one pass, so `&amp;lt;` gives back `&lt;`): the caller's text
 * again, for formatters and for SVG text, which ApexCharts sets with textContent.
 */
export function unescapeHtml(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => CHARACTERS[entity]!);
}

/** Strings escaped, arrays of strings (multi-line labels) each escaped, anything else (numbers, dates) as is. */
export function escapeLabel<T>(value: T): T {
  if (typeof value === 'string') return escapeHtml(value) as T;
  if (Array.isArray(value)) return value.map(escapeLabel) as T;
  return value;
}

/** What escapeLabel did, undone: the caller's own label for its formatter. */
export function unescapeLabel<T>(value: T): T {
  if (typeof value === 'string') return unescapeHtml(value) as T;
  if (Array.isArray(value)) return value.map(unescapeLabel) as T;
  return value;
}

interface ChartOptionsLike {
  labels?: unknown;
  xaxis?: { categories?: unknown };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A data point `{ x, y, goals }`: its `x` is a label, a goal's `name` a legend entry. */
function escapePoint(point: unknown): unknown {
  if (!isObject(point)) return point;
  const safe: Json = { ...point };
  if ('x' in point) safe.x = escapeLabel(point.x);
  if (Array.isArray(point.goals))
    safe.goals = point.goals.map((goal) => (isObject(goal) && 'name' in goal ? { ...goal, name: escapeLabel(goal.name) } : goal));
  return safe;
}

/**
 * The chart's options and series with every caller-supplied label escaped: `labels` (pie and donut
 * slices, legend and tooltip), `xaxis.categories`, series names, and the `x` and goal names of
 * `{ x, y }` points. The caller's objects are left as they were (they may be memoised).
 */
export function escapeChartInput<O extends object, S>(options: O, series: S): { options: O; series: S } {
  const { labels, xaxis } = options as ChartOptionsLike;
  const safeOptions: ChartOptionsLike = { ...options };
  if (labels !== undefined) safeOptions.labels = escapeLabel(labels);
  if (xaxis?.categories !== undefined) safeOptions.xaxis = { ...xaxis, categories: escapeLabel(xaxis.categories) };
  const safeSeries = Array.isArray(series)
    ? series.map((entry: unknown) => {
        if (!isObject(entry)) return entry;
        const safe: Json = { ...entry };
        if (typeof entry.name === 'string') safe.name = escapeHtml(entry.name);
        if (Array.isArray(entry.data)) safe.data = entry.data.map(escapePoint);
        return safe;
      })
    : series;
  return { options: safeOptions as O, series: safeSeries as S };
}
