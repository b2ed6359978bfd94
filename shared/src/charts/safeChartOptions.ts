/* eslint-disable @typescript-eslint/no-explicit-any -- ApexCharts types its options and formatters as any; this wraps them as they come */
import type { ApexOptions } from 'apexcharts';
import { escapeChartInput, escapeHtml, unescapeLabel } from './escapeHtml';

// The one place chart input is made safe: every chart in the console goes through this
// (ApexChart.tsx). Labels, categories and series names are escaped on the way in, so any place
// ApexCharts writes them as HTML shows text; then every formatter whose result ApexCharts writes
// with innerHTML (ApexCharts 5.16: legend text, tooltip title, series name and value, z value,
// x-axis tooltip, the legend hover text) is installed or wrapped so that it is handed the caller's
// own text and its result is escaped. Axis labels and data labels are SVG text, set with
// textContent: those formatters hand back plain text, so "AT&T" reads "AT&T" there.

type Formatter = (value: any, ...rest: any[]) => any;
type Options = ApexOptions & Record<string, any>;

const identity: Formatter = (value) => value;

/** Formatter output as HTML: null/undefined as nothing, arrays (multi-line) each escaped. */
function asHtml(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map((line) => escapeHtml(String(line ?? '')));
  return value === undefined || value === null ? '' : escapeHtml(String(value));
}

/** For a result ApexCharts writes with innerHTML: the caller's formatter sees its own text, its answer is escaped. */
function htmlFormatter(formatter: Formatter | undefined, fallback: Formatter = identity): Formatter {
  const format = typeof formatter === 'function' ? formatter : fallback;
  return (value, ...rest) => asHtml(format(unescapeLabel(value), ...rest));
}

/** For SVG text (textContent): plain text, never entities. */
function textFormatter(formatter: Formatter | undefined): Formatter {
  return (value, ...rest) => {
    const text = unescapeLabel(value);
    return typeof formatter === 'function' ? formatter(text, ...rest) : text;
  };
}

/** A tooltip value when neither the tooltip nor the value axis has a formatter (ApexCharts would use the axis one). */
const numberText: Formatter = (value) => (typeof value === 'number' ? value.toLocaleString('en-US') : value);

const yTitle: Formatter = (name) => (name ? `${name}: ` : '');

/** A custom tooltip's answer shown as text in a tooltip-styled box. */
function textTooltip(custom: Formatter): Formatter {
  return (context) => {
    const text = typeof custom === 'function' ? custom(context) : '';
    return `<div class="apexcharts-tooltip-title">${asHtml(Array.isArray(text) ? text.join(' ') : text)}</div>`;
  };
}

type TooltipY = NonNullable<NonNullable<ApexOptions['tooltip']>['y']>;

function safeTooltipY(y: TooltipY | undefined, valueFallback: Formatter): TooltipY {
  const one = (entry: Record<string, any> = {}) => ({
    ...entry,
    formatter: htmlFormatter(entry.formatter, valueFallback),
    title: { ...entry.title, formatter: htmlFormatter(entry.title?.formatter, yTitle) },
  });
  return (Array.isArray(y) ? y.map(one) : one(y as Record<string, unknown> | undefined)) as TooltipY;
}

/**
 * The options and series to hand ApexCharts. The caller's objects are not changed. A
 * `tooltip.custom` must return text (it is escaped and shown as the tooltip); for HTML in a
 * tooltip, format the parts with the tooltip's formatters instead.
 */
export function safeChartOptions<S>(options: ApexOptions, series: S): { options: ApexOptions; series: S } {
  const escaped = escapeChartInput(options as Options, series);
  const o = escaped.options;
  const xaxis = o.xaxis ?? {};
  const datetime = xaxis.type === 'datetime';
  const categoryAxis = !datetime && xaxis.type !== 'numeric';
  // A horizontal bar chart draws its categories on the y axis (yaxis.labels.formatter) and its
  // values on the x axis (xaxis.labels.formatter); other charts the other way round.
  const horizontal = o.plotOptions?.bar?.horizontal === true;
  const yaxes: Array<Record<string, any>> = Array.isArray(o.yaxis) ? o.yaxis : o.yaxis ? [o.yaxis] : [];
  const valueFormatter = horizontal ? xaxis.labels?.formatter : yaxes[0]?.labels?.formatter;
  const yFallback: Formatter = typeof valueFormatter === 'function' ? valueFormatter : numberText;
  const tooltip = o.tooltip ?? {};
  const custom = tooltip.custom;

  const safeYaxis = (axis: Record<string, any>, index: number) => ({
    ...axis,
    ...(horizontal && categoryAxis && index === 0
      ? { labels: { ...axis.labels, formatter: textFormatter(axis.labels?.formatter) } }
      : {}),
    tooltip: { ...axis.tooltip, enabled: false },
  });
  const safe: Options = {
    ...o,
    legend: {
      ...o.legend,
      formatter: htmlFormatter(o.legend?.formatter),
      ...(o.legend?.tooltipHoverFormatter ? { tooltipHoverFormatter: htmlFormatter(o.legend.tooltipHoverFormatter) } : {}),
    },
    xaxis: {
      ...xaxis,
      labels: {
        ...xaxis.labels,
        // On a date axis the label formatter also makes the tooltip title (HTML); dates hold no entities.
        ...(categoryAxis && !horizontal ? { formatter: textFormatter(xaxis.labels?.formatter) } : {}),
        ...(datetime && xaxis.labels?.formatter ? { formatter: htmlFormatter(xaxis.labels.formatter) } : {}),
      },
      ...(xaxis.tooltip?.formatter ? { tooltip: { ...xaxis.tooltip, formatter: htmlFormatter(xaxis.tooltip.formatter) } } : {}),
    },
    // The y-axis hover tooltip writes the label formatter's answer as HTML: the console shows none.
    ...(o.yaxis === undefined && !horizontal
      ? {}
      : { yaxis: Array.isArray(o.yaxis) ? o.yaxis.map(safeYaxis) : safeYaxis(o.yaxis ?? {}, 0) }),
    ...(o.dataLabels?.formatter ? { dataLabels: { ...o.dataLabels, formatter: textFormatter(o.dataLabels.formatter) } } : {}),
    tooltip: {
      ...tooltip,
      // The title of a category chart; a date axis keeps ApexCharts' own date format unless the caller sets one.
      ...(categoryAxis || tooltip.x?.formatter ? { x: { ...tooltip.x, formatter: htmlFormatter(tooltip.x?.formatter) } } : {}),
      y: safeTooltipY(tooltip.y, yFallback),
      ...(tooltip.z
        ? {
            z: {
              ...tooltip.z,
              ...(typeof tooltip.z.title === 'string' ? { title: escapeHtml(tooltip.z.title) } : {}),
              ...(tooltip.z.formatter ? { formatter: htmlFormatter(tooltip.z.formatter) } : {}),
            },
          }
        : {}),
      ...(custom === undefined ? {} : { custom: Array.isArray(custom) ? custom.map(textTooltip) : textTooltip(custom) }),
    },
  };
  return { options: safe, series: escaped.series };
}
