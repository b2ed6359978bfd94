import { ApexChart, type ApexChartProps } from '@console/shared';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LandscapeCard } from './LandscapeCard';

export interface ChartCardProps {
  title: string;
  /** No rows: the card says so instead of drawing an empty chart. */
  empty: boolean;
  chart: Omit<ApexChartProps, 'height' | 'testId'>;
  /** Below the chart: what it leaves out (the rest, the unknown). */
  footer?: ReactNode;
}

/** One chart of the chosen window in a Threat Landscape card. */
export function ChartCard({ title, empty, chart, footer }: ChartCardProps) {
  return (
    <LandscapeCard title={title}>
      {empty ? (
        <Typography color="text.secondary">No attacks recorded.</Typography>
      ) : (
        <>
          <ApexChart height={320} testId="chart" {...chart} />
          {footer}
        </>
      )}
    </LandscapeCard>
  );
}
