import { ApexChart, type ApexChartProps } from '@console/shared';
import Typography from '@mui/material/Typography';
import { LandscapeCard } from './LandscapeCard';

export interface ChartCardProps {
  title: string;
  /** No rows: the card says so instead of drawing an empty chart. */
  empty: boolean;
  chart: Omit<ApexChartProps, 'height' | 'testId'>;
}

/** One chart of the last 14 days in a Threat Landscape card. */
export function ChartCard({ title, empty, chart }: ChartCardProps) {
  return (
    <LandscapeCard title={title}>
      {empty ? (
        <Typography color="text.secondary">No attacks recorded.</Typography>
      ) : (
        <ApexChart height={320} testId="chart" {...chart} />
      )}
    </LandscapeCard>
  );
}
