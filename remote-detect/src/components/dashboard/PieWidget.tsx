import { ApexChart } from '@console/shared';
import type { PieData } from './chartData';
import { NoData, WidgetCard } from './WidgetCard';

export function PieWidget({ title, data, donut = false }: { title: string; data: PieData; donut?: boolean }) {
  const total = data.series.reduce((sum, value) => sum + value, 0);
  return (
    <WidgetCard title={title}>
      {total === 0 ? (
        <NoData />
      ) : (
        <ApexChart
          label={title}
          type={donut ? 'donut' : 'pie'}
          height={260}
          series={data.series}
          options={{
            labels: data.labels,
            ...(data.colors ? { colors: data.colors } : {}),
            legend: { position: 'bottom' },
            chart: { toolbar: { show: false } },
          }}
        />
      )}
    </WidgetCard>
  );
}
