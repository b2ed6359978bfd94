import type { HoneypotMetrics } from '@console/shared';
import { ChartCard } from './ChartCard';

// Ten distinct colours for ten slices (ApexCharts' default palette repeats after five).
const COLORS = ['#5a00ff', '#008ffb', '#00e396', '#feb019', '#ff4560', '#775dd0', '#3f51b5', '#26a69a', '#d4526e', '#8d6e63'];

export interface CountryPieChartProps {
  rows: HoneypotMetrics['top_countries'];
}

export function CountryPieChart({ rows }: CountryPieChartProps) {
  return (
    <ChartCard
      title="Top Countries (last 14 days)"
      empty={rows.length === 0}
      chart={{
        type: 'pie',
        label: 'Attacks by country, top 10 over the last 14 days',
        series: rows.map((row) => row.count),
        options: {
          chart: { animations: { enabled: false } },
          labels: rows.map((row) => row.country),
          colors: COLORS,
          legend: { position: 'bottom' },
          tooltip: { y: { formatter: (value: number) => `${value.toLocaleString('en-US')} attacks` } },
        },
      }}
    />
  );
}
