import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ApexChart, type HoneypotMetrics } from '@console/shared';

// Ten distinct colours for ten slices (ApexCharts' default palette repeats after five).
const COLORS = ['#5a00ff', '#008ffb', '#00e396', '#feb019', '#ff4560', '#775dd0', '#3f51b5', '#26a69a', '#d4526e', '#8d6e63'];

export interface CountryPieChartProps {
  rows: HoneypotMetrics['top_countries'];
}

export function CountryPieChart({ rows }: CountryPieChartProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Top Countries (last 14 days)
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">No attacks recorded.</Typography>
        ) : (
          <ApexChart
            type="pie"
            height={320}
            testId="chart"
            label="Attacks by country, top 10 over the last 14 days"
            series={rows.map((row) => row.count)}
            options={{
              chart: { animations: { enabled: false } },
              labels: rows.map((row) => row.country),
              colors: COLORS,
              legend: { position: 'bottom' },
              tooltip: { y: { formatter: (value: number) => `${value.toLocaleString('en-US')} attacks` } },
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
