import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ApexChart, type ApexChartProps } from '@console/shared';

export interface ChartCardProps {
  title: string;
  /** No rows: the card says so instead of drawing an empty chart. */
  empty: boolean;
  chart: Omit<ApexChartProps, 'height' | 'testId'>;
}

/** A Threat Landscape card: its title and one chart of the last 14 days. */
export function ChartCard({ title, empty, chart }: ChartCardProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {empty ? (
          <Typography color="text.secondary">No attacks recorded.</Typography>
        ) : (
          <ApexChart height={320} testId="chart" {...chart} />
        )}
      </CardContent>
    </Card>
  );
}
