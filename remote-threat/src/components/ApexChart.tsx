import { createApexChart } from '@console/shared';

// ApexCharts is large: a dynamic import keeps it out of the remote's entry, in its own chunk that
// is fetched only when the Threat Landscape draws its charts. It needs no eval (CSP-safe); its
// inline <style> is allowed by the console's style-src. Country and ASN names come from honeynet
// sensors: @console/shared (safeChartOptions) keeps them text in legends and tooltips.
export const ApexChart = createApexChart(() => import('react-apexcharts'), { height: 320, testId: 'chart' });
