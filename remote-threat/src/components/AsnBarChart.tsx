import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ApexChart, type HoneypotMetrics } from '@console/shared';

export interface AsnBarChartProps {
  rows: HoneypotMetrics['top_asns'];
}

export function AsnBarChart({ rows }: AsnBarChartProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Top ASNs (last 14 days)
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">No attacks recorded.</Typography>
        ) : (
          <ApexChart
            type="bar"
            height={320}
            testId="chart"
            label="Attacks by ASN, top 10 over the last 14 days"
            series={[{ name: 'Attacks', data: rows.map((row) => row.count) }]}
            options={{
              chart: { toolbar: { show: false }, animations: { enabled: false } },
              plotOptions: { bar: { horizontal: true, borderRadius: 2 } },
              colors: ['#5a00ff'],
              dataLabels: { enabled: false },
              xaxis: { categories: rows.map((row) => row.asn) },
              yaxis: { labels: { maxWidth: 220 } },
              tooltip: { y: { formatter: (value: number) => `${value.toLocaleString('en-US')} attacks` } },
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
