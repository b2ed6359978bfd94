import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import { loadApexCharts } from './loadApexCharts';
import { modeChartOptions } from './modeChartOptions';
import { safeChartOptions } from './safeChartOptions';

export type ChartType = 'line' | 'area' | 'bar' | 'pie' | 'donut';

export interface ApexChartProps {
  type: ChartType;
  options: ApexOptions;
  series: ApexOptions['series'];
  height: number;
  /** Names the chart for assistive technology. */
  label: string;
  /** Draw in a render after the one that shows the data, so tables beside a chart answer clicks first. */
  deferred?: boolean;
  testId?: string;
}

const ReactApexChart = lazy(loadApexCharts);

/**
 * The console's chart: ApexCharts fed through safeChartOptions (it writes labels, legends and
 * tooltips into the page as HTML), in a labelled box with a skeleton while its chunk loads.
 */
export function ApexChart({ type, options, series, height, label, deferred = false, testId }: ApexChartProps) {
  const theme = useTheme();
  const safe = useMemo(() => {
    const made = safeChartOptions(modeChartOptions(options, theme), series);
    // The box is role="img" named by `label` (its children are hidden from assistive technology):
    // ApexCharts' own keyboard stops and live regions inside it would be focusable but unnamed.
    const chart = { ...made.options.chart, accessibility: { enabled: false } };
    return { ...made, options: { ...made.options, chart } };
  }, [options, series, theme]);
  const draw = useDeferredValue(true, !deferred);
  const placeholder = <Skeleton variant="rectangular" height={height} />;
  return (
    <Suspense fallback={placeholder}>
      <div role="img" aria-label={label} data-testid={testId}>
        {draw ? <ReactApexChart type={type} options={safe.options} series={safe.series} height={height} /> : placeholder}
      </div>
    </Suspense>
  );
}
