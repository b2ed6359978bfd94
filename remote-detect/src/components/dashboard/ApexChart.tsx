import { createApexChart } from '@console/shared';

export type { ChartType, ApexChartProps } from '@console/shared';

// ApexCharts is large: a dynamic import keeps it in its own chunk, fetched only when a chart renders
// (the Dashboard), never with the other pages of this remote. Labels, tooltips and legends are
// made safe in @console/shared (safeChartOptions): ApexCharts writes them into the page as HTML.
export const ApexChart = createApexChart(() => import('react-apexcharts'), { height: 300 });
