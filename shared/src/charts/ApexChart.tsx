import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import type { ApexOptions } from 'apexcharts';
import { createElement, useDeferredValue, useEffect, useMemo, useState, type ComponentProps } from 'react';
import { loadApexCharts, loadedApexCharts } from './loadApexCharts';
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

type ReactApexChartProps = ComponentProps<NonNullable<ReturnType<typeof loadedApexCharts>>['default']>;

/** react-apexcharts' component, the same one every render (the module's export); rendered once loaded. */
function LoadedApexChart(props: ReactApexChartProps) {
  const module = loadedApexCharts();
  return module === undefined ? null : createElement(module.default, props);
}

/**
 * Whether ApexCharts has loaded: at once when the host preloaded it. Not React.lazy: a Suspense
 * boundary that resolves is revealed up to 300 ms later (React batches reveals), so every chart
 * waited behind its skeleton after its code was there. A failed load is thrown to the page's
 * error boundary, as lazy() did.
 */
function useApexChartsLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => loadedApexCharts() !== undefined);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    loadApexCharts().then(
      () => live && setLoaded(true),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  if (failure !== null) throw failure.error;
  return loaded;
}

/**
 * False until the browser has painted once since the chart mounted: ApexCharts draws in the
 * task after that paint, so the page's text and the chart's frame show first instead of waiting
 * for every chart's drawing (the largest part of a dashboard's rendering on a slow CPU).
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

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
  const painted = usePaintedOnce();
  const draw = useDeferredValue(true, !deferred) && painted;
  const loaded = useApexChartsLoaded();
  const placeholder = <Skeleton variant="rectangular" height={height} />;
  if (!loaded) return placeholder;
  return (
    <div role="img" aria-label={label} data-testid={testId}>
      {draw ? <LoadedApexChart type={type} options={safe.options} series={safe.series} height={height} /> : placeholder}
    </div>
  );
}
