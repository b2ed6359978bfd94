// A module of its own, apart from ApexChart.tsx: the host preloads ApexCharts from its entry chunk,
// which then carries these lines and not the chart component with its option sanitising.

// ApexCharts is large: this dynamic import keeps it in a chunk of its own, fetched when a chart
// first renders (or is preloaded), never with the bundle that holds @console/shared. At run time
// that is the host's copy, so every remote draws with the one ApexCharts the host fetches once;
// the host itself draws no chart.
export const loadApexCharts = () => import('react-apexcharts');

/** Starts fetching and evaluating ApexCharts while a page's data is still on its way. */
export function preloadApexCharts(): void {
  void loadApexCharts().catch(() => undefined); // a failure shows when the chart renders
}
