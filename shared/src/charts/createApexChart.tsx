import Skeleton from '@mui/material/Skeleton';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useDeferredValue, useMemo, type ComponentType } from 'react';
import { safeChartOptions } from './safeChartOptions';

export type ChartType = 'line' | 'area' | 'bar' | 'pie' | 'donut';

export interface ApexChartProps {
  type: ChartType;
  options: ApexOptions;
  series: ApexOptions['series'];
  height?: number;
  /** Names the chart for assistive technology. */
  label: string;
}

interface ReactApexChartProps {
  type: ChartType;
  options: ApexOptions;
  series: ApexOptions['series'];
  height: number;
}

export interface CreateApexChartOptions {
  /** Height when the caller gives none. */
  height: number;
  /** Draw in a render after the one that shows the data, so tables beside a chart answer clicks first. */
  deferred?: boolean;
  testId?: string;
}

/**
 * The console's chart: ApexCharts fed through safeChartOptions, in a labelled box with a skeleton
 * while its chunk loads. Each remote passes its own `() => import('react-apexcharts')`, so the
 * library stays a lazy chunk of the remote that draws charts (the host never loads it).
 */
export function createApexChart(
  load: () => Promise<{ default: ComponentType<ReactApexChartProps> }>,
  { height: defaultHeight, deferred = false, testId }: CreateApexChartOptions,
) {
  const ReactApexChart = lazy(load);
  return function ApexChart({ type, options, series, height = defaultHeight, label }: ApexChartProps) {
    const safe = useMemo(() => safeChartOptions(options, series), [options, series]);
    const draw = useDeferredValue(true, !deferred);
    const placeholder = <Skeleton variant="rectangular" height={height} />;
    return (
      <Suspense fallback={placeholder}>
        <div role="img" aria-label={label} data-testid={testId}>
          {draw ? <ReactApexChart type={type} options={safe.options} series={safe.series} height={height} /> : placeholder}
        </div>
      </Suspense>
    );
  };
}
