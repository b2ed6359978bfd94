import { createApexChart } from '@console/shared';

// ApexCharts is large: a dynamic import keeps it out of the remote's entry, in its own chunk that
// is fetched only when a report tab needs a chart (never for the report list). Labels, tooltips
// and legends are made safe in @console/shared (safeChartOptions): SBOM component types are
// uploaded text, and ApexCharts writes them into the page as HTML.
const loadApexCharts = () => import('react-apexcharts');

/** Starts fetching and evaluating ApexCharts while a tab's data is still on its way. */
export function preloadApexCharts(): void {
  void loadApexCharts().catch(() => undefined); // a failure shows when the chart renders
}

// Deferred: a large SBOM's tables answer clicks before ApexCharts has laid out its SVG.
export const ApexChart = createApexChart(loadApexCharts, { height: 280, deferred: true });
