import { escapeChartInput } from '@console/shared';
import Skeleton from '@mui/material/Skeleton';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useMemo } from 'react';

// ApexCharts is large: a dynamic import keeps it in its own chunk, fetched only when a chart renders
// (the Dashboard), never with the other pages of this remote.
const ReactApexChart = lazy(() => import('react-apexcharts'));

export type ChartType = 'line' | 'area' | 'bar' | 'pie' | 'donut';

export interface ApexChartProps {
  type: ChartType;
  options: ApexOptions;
  series: ApexOptions['series'];
  height?: number;
  /** Names the chart for assistive technology. */
  label: string;
}

/** Labels, categories and series names are escaped here: ApexCharts writes them into the page as HTML. */
export function ApexChart({ type, options, series, height = 300, label }: ApexChartProps) {
  const safe = useMemo(() => escapeChartInput(options, series), [options, series]);
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={height} />}>
      <div role="img" aria-label={label}>
        <ReactApexChart type={type} options={safe.options} series={safe.series} height={height} />
      </div>
    </Suspense>
  );
}
