import { escapeChartInput } from '@console/shared';
import Skeleton from '@mui/material/Skeleton';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useDeferredValue, useMemo } from 'react';

// ApexCharts is large: a dynamic import keeps it out of the remote's entry, in its own chunk that
// is fetched only when a report tab needs a chart (never for the report list).
const loadApexCharts = () => import('react-apexcharts');
const ReactApexChart = lazy(loadApexCharts);

/** Starts fetching and evaluating ApexCharts while a tab's data is still on its way. */
export function preloadApexCharts(): void {
  void loadApexCharts().catch(() => undefined); // a failure shows when the chart renders
}

export interface ApexChartProps {
  type: 'pie' | 'donut';
  options: ApexOptions;
  series: ApexOptions['series'];
  height?: number;
  /** Names the chart for assistive technology. */
  label: string;
}

/** Labels and series names are escaped here: ApexCharts writes them into the page as HTML (SBOM component types are uploaded text). */
export function ApexChart({ type, options, series, height = 280, label }: ApexChartProps) {
  const safe = useMemo(() => escapeChartInput(options, series), [options, series]);
  // Charts are drawn in a render after the one that shows the data, so a large SBOM's tables
  // answer clicks before ApexCharts has laid out its SVG.
  const draw = useDeferredValue(true, false);
  const placeholder = <Skeleton variant="rectangular" height={height} />;
  return (
    <Suspense fallback={placeholder}>
      <div role="img" aria-label={label}>
        {draw ? <ReactApexChart type={type} options={safe.options} series={safe.series} height={height} /> : placeholder}
      </div>
    </Suspense>
  );
}
