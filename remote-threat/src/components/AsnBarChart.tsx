import type { HoneypotMetrics } from '@console/shared';
import { ChartCard } from './ChartCard';

export interface AsnBarChartProps {
  rows: HoneypotMetrics['top_asns'];
}

export function AsnBarChart({ rows }: AsnBarChartProps) {
  return (
    <ChartCard
      title="Top ASNs (last 14 days)"
      empty={rows.length === 0}
      chart={{
        type: 'bar',
        label: 'Attacks by ASN, top 10 over the last 14 days',
        series: [{ name: 'Attacks', data: rows.map((row) => row.count) }],
        options: {
          chart: { toolbar: { show: false }, animations: { enabled: false } },
          plotOptions: { bar: { horizontal: true, borderRadius: 2 } },
          colors: ['#5a00ff'],
          dataLabels: { enabled: false },
          xaxis: { categories: rows.map((row) => row.asn) },
          yaxis: { labels: { maxWidth: 220 } },
          tooltip: { y: { formatter: (value: number) => `${value.toLocaleString('en-US')} attacks` } },
        },
      }}
    />
  );
}
