import { ApexChart, formatUtcDay, type StrategicDashboard } from '@console/shared';
import { PRIORITY_COLORS, priorityTimeline } from './chartData';
import { NoData, WidgetCard } from './WidgetCard';

const TITLE = 'Open alerts by priority (last 30 days)';

export function OpenAlertsTrend({ rows }: { rows: StrategicDashboard['open_alerts_by_priority'] }) {
  const { categories, series } = priorityTimeline(rows);
  return (
    <WidgetCard title={TITLE}>
      {categories.length === 0 ? (
        <NoData />
      ) : (
        <ApexChart
          label={TITLE}
          type="bar"
          height={300}
          series={series}
          options={{
            chart: { stacked: true, toolbar: { show: false } },
            colors: PRIORITY_COLORS,
            xaxis: { type: 'datetime', categories },
            yaxis: { labels: { formatter: (value: number) => String(Math.round(value)) } },
            dataLabels: { enabled: false },
            legend: { position: 'bottom' },
            // The API counts per UTC day; the axis draws UTC too (ApexCharts' default).
            tooltip: { x: { formatter: (value: number) => formatUtcDay(value) } },
          }}
        />
      )}
    </WidgetCard>
  );
}
