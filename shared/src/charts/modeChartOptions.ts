import type { Theme } from '@mui/material/styles';
import type { ApexOptions } from 'apexcharts';

/**
 * The chart in the page's light or dark mode: ApexCharts' own mode (grid, axes) and a tooltip of
 * the same mode; in dark mode, axis and legend text in the theme's text colour on the card's own
 * background (light mode draws as before). A caller's chart and tooltip settings win.
 */
export function modeChartOptions(options: ApexOptions, theme: Theme): ApexOptions {
  const mode = theme.palette.mode;
  const dark = mode === 'dark' ? { foreColor: theme.palette.text.secondary, background: 'transparent' } : {};
  return {
    ...options,
    theme: { ...options.theme, mode },
    chart: { ...dark, ...options.chart },
    tooltip: { theme: mode, ...options.tooltip },
  };
}
