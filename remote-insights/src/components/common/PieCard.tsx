import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { ApexChart } from '@console/shared';
import { ReportSection } from './ReportSection';

export interface PieSlice {
  label: string;
  value: number;
  color: string;
}

export interface PieCardProps {
  title: string;
  slices: PieSlice[];
  /** Shown instead of the chart when every slice is 0. */
  emptyText: string;
  donut?: boolean;
}

/**
 * A titled pie (or doughnut) chart. Memoised: callers pass memoised slices, so table sorting,
 * paging and dialogs beside it never redraw the chart.
 */
export const PieCard = memo(function PieCard({ title, slices, emptyText, donut = false }: PieCardProps) {
  const shown = slices.filter((slice) => slice.value > 0);
  return (
    <ReportSection title={title} fill>
      {shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      ) : (
        <ApexChart
          type={donut ? 'donut' : 'pie'}
          height={280}
          // A large SBOM's tables answer clicks before ApexCharts has laid out its SVG.
          deferred
          label={`${title}: ${shown.map((slice) => `${slice.label} ${slice.value}`).join(', ')}`}
          series={shown.map((slice) => slice.value)}
          options={{
            labels: shown.map((slice) => slice.label),
            colors: shown.map((slice) => slice.color),
            legend: { position: 'bottom' },
            chart: { animations: { enabled: false }, toolbar: { show: false } },
          }}
        />
      )}
    </ReportSection>
  );
});
