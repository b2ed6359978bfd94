// A module of its own, apart from ApexChart.tsx: the host preloads ApexCharts from its entry chunk,
// which then carries these lines and not the chart component with its option sanitising.

type ApexChartsModule = typeof import('react-apexcharts');

let loading: Promise<ApexChartsModule> | undefined;
let loaded: ApexChartsModule | undefined;

// ApexCharts is large: this dynamic import keeps it in a chunk of its own, fetched when a chart
// first renders (or is preloaded), never with the bundle that holds @console/shared. At run time
// that is the host's copy, so every remote draws with the one ApexCharts the host fetches once;
// the host itself draws no chart. A failed load is tried again by the next caller.
export function loadApexCharts(): Promise<ApexChartsModule> {
  loading ??= import(/* webpackChunkName: "apexcharts" */ 'react-apexcharts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** ApexCharts once its chunk has run: a chart rendered after the preload draws in that same render. */
export const loadedApexCharts = (): ApexChartsModule | undefined => loaded;

/** Starts fetching and evaluating ApexCharts while a page's data is still on its way. */
export function preloadApexCharts(): void {
  void loadApexCharts().catch(() => undefined); // a failure shows when the chart renders
}
