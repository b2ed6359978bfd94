import Skeleton from '@mui/material/Skeleton';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense } from 'react';

// ApexCharts is large: a dynamic import keeps it out of the remote's entry, in its own chunk that
// is fetched only when a report tab draws a chart (never for the report list).
const ReactApexChart = lazy(() => import('react-apexcharts'));

export interface ApexChartProps {
  type: 'pie' | 'donut';
  options: ApexOptions;
  series: ApexOptions['series'];
  height?: number;
  /** Names the chart for assistive technology. */
  label: string;
}

export function ApexChart({ type, options, series, height = 280, label }: ApexChartProps) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={height} />}>
      <div role="img" aria-label={label}>
        <ReactApexChart type={type} options={options} series={series} height={height} />
      </div>
    </Suspense>
  );
}
